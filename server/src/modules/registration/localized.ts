import { contentLanguageOf, type ContentLanguage } from '../../../../reference/content-language.ts';
import type { CsSchemas } from '../../shared/http.ts';

// The registration's languages and types, and the one way its tables write a text in every language.

export type FormLanguage = ContentLanguage;
export type Localized = Record<FormLanguage, string>;

export type FieldName = CsSchemas['RegistrationField']['name'];
export type FieldType = CsSchemas['RegistrationField']['type'];
export type DateFormat = NonNullable<CsSchemas['RegistrationField']['dateFormat']>;
export type Civility = CsSchemas['Civility'];
export type ConsentKind = CsSchemas['ConsentText']['kind'];
export type ConsentId = 'privacy_notice' | 'terms_of_use' | 'marketing_email' | 'marketing_sms' | 'profiling';

/** The language the texts of a locale are written in: Traditional Chinese for Taiwan, Hong Kong and Macau. */
export const formLanguageOf = (locale: string): FormLanguage => contentLanguageOf(locale);

/** A text in the ten languages, in this order: en, fr, de, it, es, pt, ja, ko, zh, zh-hant. */
export const L = (
  en: string,
  fr: string,
  de: string,
  it: string,
  es: string,
  pt: string,
  ja: string,
  ko: string,
  zh: string,
  zhHant: string,
): Localized => ({
  en,
  fr,
  de,
  it,
  es,
  pt,
  ja,
  ko,
  zh,
  'zh-hant': zhHant,
});
