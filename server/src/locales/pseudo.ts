// The pseudo-locale of the server's texts: every text accented, padded by about 30 % (texts grow that much in
// German or French) and wrapped, `Sign in` → `⟦Šïĝñ ïñ···⟧`, the same look as the web's `?pseudo=1`
// (web/src/lib/i18n.ts). `{placeholders}` are kept as they are, so a pseudo text still fills. Rendered with it,
// anything shown outside `⟦…⟧` did not come from the locale files: it is hard-coded (locales.test.ts and the
// e-mails' pseudo-locale test use it; nothing serves it).

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'åƀçðéƒĝĥïĵķļɱñôþǫŕšţûṽŵẋýžÅƁĈÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

/** The pseudo-locale form of one text; its `{placeholders}` unchanged. */
export function pseudoLocalize(text: string): string {
  const accented = text
    .split(/(\{\w+\})/)
    .map((part, i) => (i % 2 === 1 ? part : [...part].map((c) => ACCENTED[c] ?? c).join('')))
    .join('');
  return `⟦${accented}${'·'.repeat(Math.ceil([...text].length * 0.3))}⟧`;
}

/** A namespace's texts in the pseudo-locale: every string, at any depth, through `pseudoLocalize`. */
export function pseudoTexts<T>(texts: T): T {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return pseudoLocalize(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(texts) as T;
}
