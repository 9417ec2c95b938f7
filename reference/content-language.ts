// The languages the house's texts are written in, and which one a storefront locale reads: a rule of the
// content service, its pages, e-mails and forms, not demo data.

/** Languages content is written in: the nine of the storefront, Chinese in both scripts. */
export const CONTENT_LANGUAGES = ['en', 'fr', 'de', 'it', 'es', 'pt', 'ja', 'ko', 'zh', 'zh-hant'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

const LANGUAGE_SET = new Set<string>(CONTENT_LANGUAGES);

/** The content language of a storefront locale: Traditional Chinese for Taiwan, Hong Kong and Macau. */
export function contentLanguageOf(locale: string): ContentLanguage {
  const [lang, country] = locale.toLowerCase().split('-');
  if (lang === 'zh') return country === 'tw' || country === 'hk' || country === 'mo' ? 'zh-hant' : 'zh';
  return (LANGUAGE_SET.has(lang ?? '') ? lang : 'en') as ContentLanguage;
}
