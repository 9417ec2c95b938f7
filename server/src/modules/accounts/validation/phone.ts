// Customer phone numbers: read with libphonenumber-js, answered in the forms of the contract
// (`PhoneNumber` / `CustomerPhone`: E.164; `CustomerSession.phoneNumberNormalized`: the same digits without `+`).
// The `max` metadata is used: it validates the national number against each country's numbering plan, where
// the default `min` metadata only checks lengths. Its size does not matter on the server.
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

import { E164_PATTERN } from '../../../../../reference/rules/phone.ts';

export type { CountryCode };
// The contract's patterns, one copy shared with the web's forms.
export { E164_PATTERN, NORMALIZED_PHONE_PATTERN } from '../../../../../reference/rules/phone.ts';

/**
 * Why a phone number is refused:
 * - `format`: not readable as a phone number (empty, letters or other text, or a national number without a
 *   country to read it in);
 * - `invalid`: readable, but not a number of its country's numbering plan (too short, too long, unknown
 *   range), or outside the contract's E.164 range of 8 to 15 digits;
 * - `extension`: it has an extension (`ext. 12`), which E.164 cannot carry.
 */
export type PhoneFailure = 'format' | 'invalid' | 'extension';

export interface ParsedPhone {
  /** E.164 (`+33612345678`), matches the contract's `PhoneNumber`. */
  e164: string;
  /** The same digits without `+` (`33612345678`), matches `CustomerSession.phoneNumberNormalized`. */
  normalized: string;
  /** The number's country (ISO 3166-1 alpha-2); null for non-geographic numbers (`+800`, `+882`, ...). */
  country: CountryCode | null;
}

export type PhoneCheck = ({ ok: true } & ParsedPhone) | { ok: false; reason: PhoneFailure };

/** English messages for `errors[].message`, in the validator's style (`body/phone: must be ...`). */
export const PHONE_MESSAGES: Record<PhoneFailure, string> = {
  format: 'must be a phone number in international format, e.g. +33612345678',
  invalid: 'is not a valid phone number for its country calling code',
  extension: 'must not include an extension',
};

function supportedCountry(country: string | undefined): CountryCode | undefined {
  const upper = country?.toUpperCase();
  return upper && isSupportedCountry(upper) ? upper : undefined;
}

/**
 * Reads a phone number typed by a customer: international (`+33 6 12 34 56 78`, `+1 (212) 555-0123`) or,
 * with `defaultCountry`, national (`06 12 34 56 78` in FR, `0033…` with FR's international prefix).
 * Spaces, dots, dashes and parentheses are ignored; full-width digits are read. The whole input must be the
 * number (no surrounding text). A `defaultCountry` that is not a country (`EN`, `ZH` placeholders) is ignored.
 */
export function parsePhone(raw: string, defaultCountry?: string): PhoneCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'format' };
  const country = supportedCountry(defaultCountry);
  const number = parsePhoneNumberFromString(text, { extract: false, ...(country ? { defaultCountry: country } : {}) });
  if (!number) return { ok: false, reason: 'format' };
  if (number.ext) return { ok: false, reason: 'extension' };
  if (!number.isValid() || !E164_PATTERN.test(number.number)) return { ok: false, reason: 'invalid' };
  return { ok: true, e164: number.number, normalized: number.number.slice(1), country: number.country ?? null };
}

/**
 * Whether the input is a valid phone number **of that country** (read in that country when it has no `+`).
 * "Of that country" is the numbering plan's answer: a Jersey mobile (+44 7797…) is JE, not GB, and a
 * Canadian number (+1 416…) is CA, not US. A territory that shares its plan with a larger country (Åland
 * with FI, Isle of Man with GB, Vatican with IT, ...) gets the main country for numbers of the shared ranges;
 * none of them is a country of spec §5.
 */
export function isValidPhoneForCountry(raw: string, country: string): boolean {
  const code = supportedCountry(country);
  if (!code) return false;
  const parsed = parsePhone(raw, code);
  return parsed.ok && parsed.country === code;
}
