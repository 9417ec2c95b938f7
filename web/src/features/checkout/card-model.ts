// The card as typed in the checkout, without React: groups of digits, brand, Luhn's checksum, expiry, the
// checks of the card form and the card as the contract takes it; the test wallet of the express checkout.
import type { Schemas } from '../../lib/api-client';
import { REQUIRED, TOO_LONG } from '../../lib/forms/validation';
import type { Message } from './checkout-model';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unionpay' | 'unknown';

/** The brand a card number starts like (IIN ranges), to group its digits and size its security code. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  if (/^6(011|4[4-9]|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** The lengths a complete number of the brand may have. */
export function cardLengths(brand: CardBrand): number[] {
  switch (brand) {
    case 'amex':
      return [15];
    case 'diners':
      return [14, 16];
    case 'visa':
      return [13, 16, 19];
    case 'mastercard':
      return [16];
    case 'unknown':
      return [12, 13, 14, 15, 16, 17, 18, 19];
    default:
      return [16, 17, 18, 19];
  }
}

export const cardDigits = (value: string) => value.replace(/\D/g, '');

/** Luhn's checksum (every card number satisfies it): catches one mistyped digit and most swaps. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The number as typed, in the groups printed on the card: 4-6-5 (American Express), 4-6-4 (Diners 14),
 * otherwise groups of 4. Anything that is not a digit is dropped; at most the brand's longest length.
 */
export function formatCardNumber(value: string): string {
  const brand = cardBrand(cardDigits(value));
  const digits = cardDigits(value).slice(0, Math.max(...cardLengths(brand)));
  const groups = brand === 'amex' ? [4, 6, 5] : brand === 'diners' && digits.length <= 14 ? [4, 6, 4] : [4, 4, 4, 4, 3];
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + size));
    at += size;
  }
  return out.join(' ');
}

/**
 * What to say about a card number: null when it may be right, `incomplete` while it is too short for its
 * brand, `invalid` when it has a length of its brand but fails the Luhn check (a typo).
 */
export function cardNumberHint(value: string): 'incomplete' | 'invalid' | null {
  const digits = cardDigits(value);
  const lengths = cardLengths(cardBrand(digits));
  if (digits.length < Math.min(...lengths)) return 'incomplete';
  if (!lengths.includes(digits.length)) return digits.length > Math.max(...lengths) ? 'invalid' : 'incomplete';
  return luhnValid(digits) ? null : 'invalid';
}

/** `MM / YY` as typed: digits only, the slash added after the month ("4" becomes "04 / " once a second digit comes). */
export function formatExpiry(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  // A first digit above 1 can only be a month of one digit.
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  const deleting = value.length < previous.length;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Month and four-digit year of an expiry typed `MM / YY` (or `MM/YYYY`); null when unreadable. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  holderName: string;
}
export type CardErrors = Partial<Record<keyof CardValues, Message>>;

export const emptyCard = (): CardValues => ({ number: '', expiry: '', cvc: '', holderName: '' });

/** The checks of the card form (the provider checks again): number, expiry not past, code of the brand's length, holder. */
export function validateCard(values: CardValues, today: Date): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(values.number);
  if (!digits) errors.number = REQUIRED;
  else if (cardNumberHint(values.number) === 'incomplete') errors.number = 'checkout:validation.cardIncomplete';
  else if (cardNumberHint(values.number) === 'invalid') errors.number = 'checkout:validation.cardInvalid';
  const expiry = parseExpiry(values.expiry);
  if (!values.expiry.trim()) errors.expiry = REQUIRED;
  else if (!expiry) errors.expiry = 'checkout:validation.expiryInvalid';
  else if (expiry.year * 12 + expiry.month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1)
    errors.expiry = 'checkout:validation.expiryPast';
  else if (expiry.year > today.getUTCFullYear() + 20) errors.expiry = 'checkout:validation.expiryInvalid';
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!values.cvc.trim()) errors.cvc = REQUIRED;
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(values.cvc.trim())) errors.cvc = 'checkout:validation.cvc';
  const holder = values.holderName.trim();
  if (!holder) errors.holderName = REQUIRED;
  else if ([...holder].length > 80) errors.holderName = TOO_LONG;
  return errors;
}

/** The card as the contract takes it (digits with spaces are allowed; sent without). */
export function cardPayload(values: CardValues): NonNullable<Schemas['PaymentDetails']['card']> {
  const expiry = parseExpiry(values.expiry)!;
  return {
    number: cardDigits(values.number),
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    cvc: values.cvc.trim(),
    holderName: values.holderName.trim(),
  };
}

/** The wallet of the express checkout; the built-in test provider approves this token (docs/checkout.md). */
export const TEST_WALLET_TOKEN = 'wallet-test-approved';
