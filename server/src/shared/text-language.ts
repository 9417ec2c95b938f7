// The language of the server's own texts (server/src/locales: page titles, reasons, e-mail sentences) for a market locale.

/** The languages every text table of the server is written in. */
export const TEXT_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'ja', 'ko', 'pt', 'zh', 'zh-hant'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/**
 * The texts' language of a market locale: `fr-fr` → fr, `pt-br` → pt, `zh-tw`, `zh-hk`, `zh-mo` (or an explicit
 * `zh-hant`) → zh-hant, any other `zh-*` → zh; a language the storefront has no texts in → en.
 */
export function textLanguageOf(locale: string): TextLanguage {
  const [language = '', ...rest] = locale.trim().toLowerCase().replace(/_/g, '-').split('-');
  if (language === 'zh') return rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part)) ? 'zh-hant' : 'zh';
  return (TEXT_LANGUAGES as readonly string[]).includes(language) ? (language as TextLanguage) : 'en';
}

/** The first language of `Accept-Language` the storefront writes in (English otherwise). */
export function acceptedTextLanguage(header: string | undefined): TextLanguage {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = textLanguageOf(tag);
    if (language !== 'en' || tag.toLowerCase().startsWith('en')) return language;
  }
  return 'en';
}
