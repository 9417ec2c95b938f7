// Phone-number rules shared by the server and the web: the contract's forms of a number and how a typed
// number is tidied. Reading a number against its country's numbering plan (libphonenumber's metadata, too
// large for a page) is the server's alone: server/src/modules/accounts/validation/phone.ts.

/** The contract's `PhoneNumber` pattern: `+`, then 8 to 15 digits, the first not 0. */
export const E164_PATTERN = /^\+[1-9][0-9]{7,14}$/;
/** The contract's `CustomerSession.phoneNumberNormalized` pattern. */
export const NORMALIZED_PHONE_PATTERN = /^[1-9][0-9]{7,14}$/;

/**
 * A number as typed, without what is typed for legibility: spaces (the no-break space too), dots, dashes and
 * parentheses dropped, and a leading international prefix `00` read as `+`.
 */
export function tidyPhone(raw: string): string {
  const n = raw.trim().replace(/[\s.()\-\u00a0]/g, '');
  return n.startsWith('00') ? `+${n.slice(2)}` : n;
}

/** A typed international number in the E.164 form the API takes, or null when it is not one. */
export function toE164(raw: string): string | null {
  const n = tidyPhone(raw);
  return E164_PATTERN.test(n) ? n : null;
}
