// The storefront forms' client-side checks (spec §5), as pure functions (account, checkout, order tracking).
// They mirror the contract's schemas (CustomerEmail, CustomerName, CustomerNameKana, CustomerPhone,
// CustomerBirthDate, PasswordNew) so that a shopper learns of a mistake before sending; the server stays the
// judge and its answer is always shown.
// Each check answers null (fine) or the translation key of its message: the catalogue's form messages
// (`errors:ERR_FORM_…`, spec §8 "validation-library defaults") or a text of the `account` namespace.
// The e-mail, name and phone rules are the server's own, from reference/rules (one copy).
import { checkEmail as checkEmailRule, normaliseEmail } from '../../../../reference/rules/email';
import { checkKanaName, checkName as checkNameRule } from '../../../../reference/rules/names';
import { E164_PATTERN, tidyPhone } from '../../../../reference/rules/phone';

export type MessageKey = `errors:${string}` | `account:${string}`;

export const REQUIRED: MessageKey = 'errors:ERR_FORM_1000';
export const INVALID_EMAIL: MessageKey = 'errors:ERR_FORM_1001';
export const EMAIL_TYPO: MessageKey = 'errors:ERR_FORM_1002';
export const TOO_LONG: MessageKey = 'errors:ERR_FORM_1004';
export const INVALID_NAME: MessageKey = 'errors:ERR_FORM_1006';
export const INVALID_POSTAL_CODE: MessageKey = 'errors:ERR_FORM_1007';
export const INVALID_KANA: MessageKey = 'account:validation.kana';
export const INVALID_PHONE: MessageKey = 'account:validation.phone';
export const INVALID_DATE: MessageKey = 'account:validation.date';
export const TOO_YOUNG: MessageKey = 'account:validation.birthDateAge';
export const PASSWORD_TOO_SHORT: MessageKey = 'account:validation.passwordTooShort';

// ---- e-mail (CustomerEmail, spec §5): the rule of reference/rules, the server's own --------------

/** The address as the server stores it: trimmed and lowercased (spec §5). */
export const normalizeEmail = normaliseEmail;

/** Spec §5: the simple pattern, the further address check, then the typo blacklist. */
export function checkEmail(value: string, required = true): MessageKey | null {
  if (!normaliseEmail(value)) return required ? REQUIRED : null;
  const checked = checkEmailRule(value);
  return checked.ok ? null : `errors:${checked.code}`;
}

// ---- names (CustomerName, CustomerNameKana): the rules of reference/rules ------------------------

/** Spec §5: letters of any script, combining marks, whitespace, apostrophe and hyphen; 1 to 50 characters. */
export function checkName(value: string, required = true): MessageKey | null {
  if (!value.trim()) return required ? REQUIRED : null;
  const checked = checkNameRule(value);
  return checked.ok ? null : `errors:${checked.code}`;
}

/**
 * Full-width katakana, the prolonged sound mark, the middle dot and spaces (asked in Japan). The form sends
 * the name as typed and the contract's `CustomerNameKana` takes full-width only, so half-width katakana, which
 * the rule would widen, is refused here.
 */
export function checkKana(value: string, required = true): MessageKey | null {
  if (!value.trim()) return required ? REQUIRED : null;
  const checked = checkKanaName(value);
  if (checked.ok) return checked.value === value.trim().replace(/\s+/gu, ' ') ? null : INVALID_KANA;
  return checked.code === 'ERR_FORM_1006' ? INVALID_KANA : `errors:${checked.code}`;
}

// ---- phone (CustomerPhone) ----------------------------------------------------------------------

/** The number as the contract wants it (E.164): what is typed for legibility removed, `00` read as `+`. */
export const normalizePhone = tidyPhone;

export function checkPhone(value: string, required = false): MessageKey | null {
  const phone = tidyPhone(value);
  if (!phone) return required ? REQUIRED : null;
  return E164_PATTERN.test(phone) ? null : INVALID_PHONE;
}

// ---- passwords (PasswordNew, PasswordCurrent) ---------------------------------------------------

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Spec (PasswordNew): 12 to 128 characters, counted as Unicode code points, never trimmed. */
export function checkNewPassword(
  value: string,
  policy: { minLength: number; maxLength: number } = { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
): MessageKey | null {
  if (!value) return REQUIRED;
  const length = [...value].length;
  if (length < policy.minLength) return PASSWORD_TOO_SHORT;
  if (length > policy.maxLength) return TOO_LONG;
  return null;
}

/** The password as typed at sign-in (older accounts may have shorter ones): only presence and length. */
export function checkCurrentPassword(value: string): MessageKey | null {
  if (!value) return REQUIRED;
  return [...value].length > PASSWORD_MAX_LENGTH ? TOO_LONG : null;
}

// ---- dates (CustomerBirthDate, spec §9 date formats) --------------------------------------------

export type DateFormat = 'MM/dd/yyyy' | 'dd/MM/yyyy' | 'yyyy/MM/dd';

/** Spec §9: US MM/dd/yyyy; JP, KR, CA yyyy/MM/dd; otherwise dd/MM/yyyy. */
export function dateFormatOfCountry(country: string): DateFormat {
  const c = country.toUpperCase();
  if (c === 'US') return 'MM/dd/yyyy';
  if (c === 'JP' || c === 'KR' || c === 'CA') return 'yyyy/MM/dd';
  return 'dd/MM/yyyy';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `1990-04-12` shown in a display format (`04/12/1990`); '' for anything that is not an ISO date. */
export function formatIsoDate(iso: string | undefined | null, format: DateFormat): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return '';
  const [, y, mo, d] = m;
  if (format === 'MM/dd/yyyy') return `${mo}/${d}/${y}`;
  if (format === 'yyyy/MM/dd') return `${y}/${mo}/${d}`;
  return `${d}/${mo}/${y}`;
}

/**
 * A date typed in the display format (any of `/`, `.`, `-` or spaces between the parts; one-digit day and
 * month accepted) as `YYYY-MM-DD`, or null when it is not a real calendar date.
 */
export function parseDisplayDate(value: string, format: DateFormat): string | null {
  const parts = value
    .trim()
    .split(/[\s./-]+/)
    .filter(Boolean);
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const [a, b, c] = parts as [string, string, string];
  const [year, month, day] = format === 'yyyy/MM/dd' ? [a, b, c] : format === 'MM/dd/yyyy' ? [c, a, b] : [c, b, a];
  if (year.length !== 4 || month.length > 2 || day.length > 2) return null;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
}

const MINIMUM_AGE = 16;

/** CustomerBirthDate: a real date in 1900–2099, and (checked by the server too) at least 16 years ago. */
export function checkBirthDate(value: string, format: DateFormat, today: Date, required = false): MessageKey | null {
  if (!value.trim()) return required ? REQUIRED : null;
  const iso = parseDisplayDate(value, format);
  if (!iso || !/^(19|20)\d{2}-/.test(iso)) return INVALID_DATE;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const sixteenth = new Date(Date.UTC(y + MINIMUM_AGE, m - 1, d));
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return sixteenth.getTime() <= now ? null : TOO_YOUNG;
}
