// Postal-code rules of spec §5. The rules themselves live once, in reference/markets/addresses.ts, shared
// with GET /api/data/country-addresses and the web address forms; this file gives them the form-error
// shape of the accounts module. The verdicts are those of the contract's `Address` schema for every input
// (a test compares them).
import {
  ADDRESS_COUNTRIES,
  NO_POSTAL_CODE_COUNTRIES,
  postalCodeRuleOf,
  type PostalCodeRule,
} from '../../../../../reference/markets/addresses.ts';
import type { ErrorCode } from '../../../shared/errors.ts';

export { ADDRESS_COUNTRIES as POSTAL_CODE_COUNTRIES, NO_POSTAL_CODE_COUNTRIES };
export type { PostalCodeRule };

export type PostalCodeErrorCode = Extract<ErrorCode, 'ERR_FORM_1007'>;
export type PostalCodeCheck = { ok: true; postalCode: string | null } | { ok: false; code: PostalCodeErrorCode };

const patterns = new Map<string, RegExp>();
function patternOf(rule: PostalCodeRule): RegExp {
  let re = patterns.get(rule.pattern);
  if (!re) {
    re = new RegExp(rule.pattern, 'u');
    patterns.set(rule.pattern, re);
  }
  return re;
}

/**
 * The rule of a country (ISO 3166-1 alpha-2, any case): its pattern, whether a code is required, the rule in
 * words and an example. A country the spec does not list gets the default rule (a US ZIP code or a Canadian
 * postal code).
 */
export function postalCodeRule(country: string): PostalCodeRule {
  return postalCodeRuleOf(country);
}

/**
 * Whether an address of the country needs a postal code: every country except BH, KW, MY, QA, RU, SA, SG, TR,
 * AE and VN (spec §5), and HK and MO, which have no postal codes.
 */
export function postalCodeRequired(country: string): boolean {
  return postalCodeRuleOf(country).required;
}

/** A valid postal code of the country, for form placeholders; null where the country has no postal codes. */
export function postalCodeExample(country: string): string | null {
  return postalCodeRuleOf(country).example;
}

/**
 * Checks a postal code against its country's rule (spec §5). Answers the code to store (letters upper-cased),
 * or null when the country needs none and none was given (absent or empty); otherwise `ERR_FORM_1007`.
 * The value is checked as given, like the contract does: surrounding spaces are refused, not trimmed
 * (a caller reading a free-text field may trim first).
 */
export function checkPostalCode(country: string, value: string | null | undefined): PostalCodeCheck {
  const rule = postalCodeRuleOf(country);
  if (value === undefined || value === null || value === '') {
    return rule.required ? { ok: false, code: 'ERR_FORM_1007' } : { ok: true, postalCode: null };
  }
  if (!patternOf(rule).test(value)) return { ok: false, code: 'ERR_FORM_1007' };
  return { ok: true, postalCode: value.toUpperCase() };
}
