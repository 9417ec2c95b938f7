// E-mail address rules of spec §5, one copy for the server and the web: lower-cased, a simple pattern, a
// further (text-only) address check, and the typo blacklist. No DNS lookup: the same address always gets the
// same answer. Pure and free of Node's modules, so that a form in the browser runs the very same rule.

/** The catalogue codes of a refused address: not an address (`ERR_FORM_1001`), a likely typo (`ERR_FORM_1002`). */
export type EmailErrorCode = 'ERR_FORM_1001' | 'ERR_FORM_1002';
export type EmailCheck = { ok: true; email: string } | { ok: false; code: EmailErrorCode };

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

/**
 * Spec §5 simple pattern on the lower-cased address: a local part, `@`, dot-separated domain labels and a
 * top-level domain of 2 to 12 letters. It is the contract's `CustomerEmail` pattern (which also accepts
 * upper case). ASCII only: non-ASCII local parts are refused, and internationalised domain names are
 * accepted in their punycode (`xn--`) form only; an internationalised top-level domain (`xn--p1ai`) is not
 * "2 to 12 letters", so it is refused.
 */
export const EMAIL_PATTERN = /^[a-z0-9._%+'-]{1,64}@(?:[a-z0-9-]{1,63}\.)+[a-z]{2,12}$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The typo blacklist of spec §5, exactly as listed there. How an entry matches (the address has exactly
 * one `@`, since it passed the simple pattern):
 * - an entry starting with `.` matches the **end of the address**: it names a mistyped top-level domain
 *   (`.con` refuses `x@y.con`, not `x@y.consulting` nor `x@conde.fr`; `.om` refuses `x@y.om`, not `x@y.com`);
 * - an entry starting with `@` matches the **start of the domain** (it is a prefix of what follows the `@`),
 *   which is the same as "the address contains the entry": `@gmal` refuses `x@gmal.com`; `@gmai.` refuses
 *   `x@gmai.com` but not `x@gmail.com`; `@yaho.com` refuses `x@yaho.com` and `x@yaho.com.br`.
 * Consequence of the spec's list: addresses of Oman's top-level domain `.om` are refused too.
 */
export const EMAIL_TYPO_BLACKLIST = [
  '.con',
  '.comn',
  '.cpm',
  '.cmo',
  '@gmal',
  '@gmai.',
  '@gmaill',
  '@gamil',
  '@hotnail',
  '@hotmaol',
  '@hotmai.',
  '@yahooo',
  '@yhoo',
  '@ickoud',
  '.come',
  '@yhaoo',
  '@hitmail',
  '.om',
  '@hotmil',
  '@hoymail',
  '@hotmal',
  '@hormail',
  '@gmil',
  '@yaho.com',
  '@email.tst',
] as const;

export type EmailTypo = (typeof EMAIL_TYPO_BLACKLIST)[number];

/** Spec §5: addresses are compared, stored and used lower-cased (and without surrounding whitespace). */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The entry of the typo blacklist a (normalised) address matches, if any. */
export function emailTypoOf(email: string): EmailTypo | undefined {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return EMAIL_TYPO_BLACKLIST.find((entry) =>
    entry.startsWith('.') ? email.endsWith(entry) : domain.startsWith(entry.slice(1)),
  );
}

/** Whether a (normalised) address matches an entry of the typo blacklist. */
export function hasEmailTypo(email: string): boolean {
  return emailTypoOf(email) !== undefined;
}

/**
 * Whether punycode labels decode. The WHATWG URL parser, in Node and in browsers, refuses a host whose `xn--`
 * label does not decode (as Node's `domainToASCII` answers ''); a host that does decode comes back unchanged.
 */
function punycodeDecodes(domain: string): boolean {
  try {
    return new URL(`http://${domain}/`).hostname === domain;
  } catch {
    return false;
  }
}

/**
 * The further address check of spec §5 (RFC 5321 limits and the usual host-name rules), on an address that
 * already matches the simple pattern: at most 254 characters, a local part of at most 64 without a leading,
 * trailing or doubled dot (quoted local parts are refused by the pattern already), at least two domain labels
 * of 1 to 63 letters, digits and hyphens, none starting or ending with a hyphen, and punycode labels that
 * decode.
 */
function passesAddressCheck(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length === 0 || local.length > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  if (labels.some((label) => label.startsWith('xn--')) && !punycodeDecodes(domain)) return false;
  return true;
}

/**
 * Checks an e-mail address typed by a customer (spec §5). Answers the normalised (trimmed, lower-cased)
 * address, or `ERR_FORM_1001` (not a valid address) or `ERR_FORM_1002` (a likely typing error).
 */
export function checkEmail(raw: string): EmailCheck {
  const email = normaliseEmail(raw);
  // Length first, so that the pattern never runs on a huge input.
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return { ok: false, code: 'ERR_FORM_1001' };
  if (!passesAddressCheck(email)) return { ok: false, code: 'ERR_FORM_1001' };
  if (hasEmailTypo(email)) return { ok: false, code: 'ERR_FORM_1002' };
  return { ok: true, email };
}
