// A text in every catalogue language, and the helper the word tables are written with.
import type { Language } from '../markets/index.ts';

export type { Language };
export type Localized = Record<Language, string>;

/**
 * Builds a Localized record from positional arguments.
 * The argument order (en, fr, it, es, de, pt, ja, ko, zh) follows how the word
 * tables are written — European languages first, then CJK — so each row reads
 * like a translation table; it is deliberately not the alphabetical key order.
 */
export function t(
  en: string,
  fr: string,
  it: string,
  es: string,
  de: string,
  pt: string,
  ja: string,
  ko: string,
  zh: string,
): Localized {
  return { de, en, es, fr, it, ja, ko, pt, zh };
}
