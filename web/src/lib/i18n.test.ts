import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LANGUAGES,
  NAMESPACES,
  TRANSLATIONS_RETRY_DELAYS_MS,
  createI18n,
  i18nLanguageOf,
  namespacesIn,
  pickResources,
  pseudoLocaleEnabled,
  pseudoLocalize,
  translationsBackend,
} from './i18n';

const en = {
  common: { close: 'Close', greet: 'Hello {{name}}', bag_one: '{{count}} item', bag_other: '{{count}} items' },
  errors: { ERR_API_1000: 'Oops' },
};
const fr = { common: { close: 'Fermer' }, errors: { ERR_API_1000: 'Zut' } };

describe('i18nLanguageOf', () => {
  it.each([
    ['fr-fr', 'fr'],
    ['de-ch', 'de'],
    ['pt-br', 'pt'],
    ['en-us', 'en'],
    ['ja-jp', 'ja'],
    ['zh-tw', 'zh-hant'],
    ['zh-hk', 'zh-hant'],
    ['zh-mo', 'zh-hant'],
    ['zh-Hant-TW', 'zh-hant'],
    ['zh-cn', 'zh'],
    ['zh-sg', 'zh'],
    ['zh-jp', 'zh'],
    ['zh-zh', 'zh'],
    ['nl-nl', 'en'],
    ['ar-ae', 'en'],
    ['', 'en'],
  ])('%s → %s', (locale, language) => {
    expect(i18nLanguageOf(locale)).toBe(language);
  });

  it('gives only languages that have strings', () => {
    expect(LANGUAGES).toContain(i18nLanguageOf('zh-tw'));
  });
});

describe('pickResources', () => {
  it('takes the language and English, leaving out the namespaces without a file', () => {
    const files = {
      './locales/en/common.json': { default: en.common },
      './locales/en/errors.json': { default: en.errors },
      './locales/zh-hant/common.json': { default: { close: '關閉' } },
      './locales/zh/common.json': { default: { close: '关闭' } },
    };
    expect(pickResources(files, 'zh-hant')).toEqual({
      'zh-hant': { common: { close: '關閉' } },
      en: { common: en.common, errors: en.errors },
    });
    expect(NAMESPACES[0]).toBe('common');
  });

  it('finds the namespaces of the release: those English has a file for', () => {
    expect(
      namespacesIn({ './locales/en/errors.json': {}, './locales/en/common.json': {}, './locales/fr/market.json': {} }),
    ).toEqual(['common', 'errors']);
  });
});

describe('createI18n', () => {
  it('keeps zh-hant as written and falls back to English, never to Simplified Chinese', () => {
    const i18n = createI18n('zh-hant', {
      'zh-hant': { common: { close: '關閉' } },
      zh: { common: { loading: '正在加载' } },
      en: { common: { close: 'Close', loading: 'Loading' } },
    });
    expect(i18n.language).toBe('zh-hant');
    expect(i18n.t('close')).toBe('關閉');
    expect(i18n.t('loading')).toBe('Loading');
  });

  it('uses common as the default namespace', () => {
    const i18n = createI18n('fr', { fr, en });
    expect(i18n.t('close')).toBe('Fermer');
    expect(i18n.t('errors:ERR_API_1000')).toBe('Zut');
  });
});

describe('plurals in every language, with the real strings', () => {
  const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });
  const real = Object.fromEntries(
    Object.entries(files).map(([path, file]) => [path.replace('../locales/', './locales/'), file]),
  );
  const instance = (language: string) => createI18n(language, pickResources(real, language));

  it.each([
    // language, then the text for 0, 1, 1.5, 2, 21 and 1 000 000 items
    ['en', ['0 items', '1 item', '1.5 items', '2 items', '21 items', '1000000 items']],
    ['de', ['0 Artikel', '1 Artikel', '1.5 Artikel', '2 Artikel', '21 Artikel', '1000000 Artikel']],
    ['fr', ['0 article', '1 article', '1.5 article', '2 articles', '21 articles', '1000000 d’articles']],
    ['es', ['0 artículos', '1 artículo', '1.5 artículos', '2 artículos', '21 artículos', '1000000 de artículos']],
    ['it', ['0 articoli', '1 articolo', '1.5 articoli', '2 articoli', '21 articoli', '1000000 di articoli']],
    ['pt', ['0 item', '1 item', '1.5 item', '2 itens', '21 itens', '1000000 de itens']],
    ['ja', ['0点', '1点', '1.5点', '2点', '21点', '1000000点']],
    ['ko', ['상품 0개', '상품 1개', '상품 1.5개', '상품 2개', '상품 21개', '상품 1000000개']],
    ['zh', ['0 件商品', '1 件商品', '1.5 件商品', '2 件商品', '21 件商品', '1000000 件商品']],
    ['zh-hant', ['0 件商品', '1 件商品', '1.5 件商品', '2 件商品', '21 件商品', '1000000 件商品']],
  ])('%s picks the form of its plural category', (language, texts) => {
    const t = instance(language).getFixedT('catalog');
    expect([0, 1, 1.5, 2, 21, 1_000_000].map((count) => t('results', { count }))).toEqual(texts);
  });

  it('reaches every plural text of every language with some count', () => {
    const COUNTS = [0, 1, 2, 5, 1.5, 21, 1_000_000];
    const unreached: string[] = [];
    for (const language of LANGUAGES) {
      const i18n = instance(language);
      for (const [path, file] of Object.entries(real).filter(([path]) => path.startsWith(`./locales/${language}/`))) {
        const ns = path.split('/').at(-1)!.replace('.json', '');
        const walk = (node: Record<string, unknown>, prefix: string) => {
          for (const [key, value] of Object.entries(node)) {
            if (typeof value !== 'string') walk(value as Record<string, unknown>, `${prefix}${key}.`);
            else {
              const plural = /^(.+)_(zero|one|two|few|many|other)$/.exec(key);
              if (!plural) continue;
              // Every placeholder but {{count}} gets its own name, so the text is known in advance.
              const names = Object.fromEntries(
                [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => [m[1]!, `‹${m[1]}›`]),
              );
              const reached = COUNTS.some((count) => {
                const expected = value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
                  name === 'count' ? String(count) : `‹${name}›`,
                );
                return i18n.t(`${ns}:${prefix}${plural[1]}`, { ...names, count }) === expected;
              });
              if (!reached) unreached.push(`${language}/${ns}: ${prefix}${key}`);
            }
          }
        };
        walk(file.default, '');
      }
    }
    expect(unreached).toEqual([]);
  });
});

// ---- loading from the API ----------------------------------------------------------------------

type Answer = { status: number; body?: unknown } | 'network';

/** A fetch that answers each URL from a script, one answer per call of that URL (the last one repeats), and records when it was called. */
function fakeFetch(answers: Answer[]) {
  const calls: { url: string; at: number }[] = [];
  const start = Date.now();
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push({ url, at: Date.now() - start });
    const nth = calls.filter((c) => c.url === url).length;
    const answer = answers[Math.min(nth - 1, answers.length - 1)]!;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? { code: 'ERR_CMS_9000' }), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('translationsBackend with the retries of spec §9', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('documents the schedule: 350 ms before the first retry, doubling, 5 retries', () => {
    expect(TRANSLATIONS_RETRY_DELAYS_MS).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('loads only the namespaces the page did not inline', async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: { title: 'Marché' } }]);
    const i18n = createI18n('fr', { fr, en }, { backend: translationsBackend(fetch) });
    await vi.runAllTimersAsync();
    await i18n.loadNamespaces([...NAMESPACES]);
    const urls = calls.map((c) => c.url).sort();
    expect(urls).toEqual(
      // Every namespace but the two the page inlined (common, errors), for the page's language and English.
      ['en', 'fr'].flatMap((l) =>
        NAMESPACES.filter((ns) => ns !== 'common' && ns !== 'errors')
          .sort()
          .map((ns) => `/api/data/translations/${l}/${ns}`),
      ),
    );
    expect(i18n.t('market:title')).toBe('Marché');
    expect(i18n.t('close')).toBe('Fermer');
  });

  it('loads nothing outside the namespaces of the release', async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: {} }]);
    createI18n(
      'fr',
      { fr: { common: fr.common }, en },
      { backend: translationsBackend(fetch), namespaces: ['common', 'errors'] },
    );
    await vi.runAllTimersAsync();
    expect(calls.map((c) => c.url)).toEqual(['/api/data/translations/fr/errors']);
  });

  it('retries a failed load at 350, 700, 1400, 2800 and 5600 ms, then uses the strings', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 502 },
      'network',
      { status: 503 },
      { status: 502 },
      { status: 429 },
      { status: 200, body: { close: '關閉' } },
    ]);
    const onLoadFailure = vi.fn();
    const i18n = createI18n('zh-hant', { en }, { backend: translationsBackend(fetch), onLoadFailure });
    const loaded = i18n.loadNamespaces('common');
    await vi.advanceTimersByTimeAsync(349);
    expect(calls.filter((c) => c.url.endsWith('/zh-hant/common'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20_000);
    await loaded;
    const times = calls.filter((c) => c.url.endsWith('/zh-hant/common')).map((c) => c.at);
    expect(times).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(i18n.t('close')).toBe('關閉');
    expect(onLoadFailure).not.toHaveBeenCalledWith('zh-hant', 'common', expect.anything());
  });

  it('after 6 failed requests shows English and reports the failure', async () => {
    const { fetch, calls } = fakeFetch([{ status: 502 }]);
    const onLoadFailure = vi.fn();
    const i18n = createI18n('ja', { en }, { backend: translationsBackend(fetch), onLoadFailure });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => c.url.endsWith('/ja/common'))).toHaveLength(6);
    expect(onLoadFailure).toHaveBeenCalledWith('ja', 'common', expect.stringContaining('502'));
    expect(i18n.t('close')).toBe('Close');
    expect(i18n.t('bag', { count: 3 })).toBe('3 items');
  });

  it('logs ERR_CMS_9000 on the console in development by default', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetch } = fakeFetch([{ status: 502 }]);
    createI18n('ko', { en: { ...en, market: {}, consent: {}, content: {} } }, { backend: translationsBackend(fetch) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(import.meta.env.DEV).toBe(true);
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(/^ERR_CMS_9000: the ko\/common strings could not be loaded/),
    );
    error.mockRestore();
  });

  it('does not retry an answer that will not change (400 ERR_API_1021)', async () => {
    const { fetch, calls } = fakeFetch([{ status: 400, body: { code: 'ERR_API_1021' } }]);
    const onLoadFailure = vi.fn();
    createI18n('it', { en }, { backend: translationsBackend(fetch), onLoadFailure });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => c.url.endsWith('/it/common'))).toHaveLength(1);
    expect(onLoadFailure).toHaveBeenCalledWith('it', 'common', expect.stringContaining('400'));
  });
});

// ---- pseudo-locale -----------------------------------------------------------------------------

describe('pseudo-locale', () => {
  it('accents, pads by about 30 % and wraps a text', () => {
    expect(pseudoLocalize('Continue')).toBe('⟦Ĉôñţïñûé···⟧');
    expect(pseudoLocalize('Add to bag')).toBe('⟦Åðð ţô ƀåĝ···⟧');
    expect(pseudoLocalize('購物袋')).toBe('⟦購物袋·⟧');
    const long = 'Shipping and taxes are calculated at checkout.';
    expect([...pseudoLocalize(long)].length).toBe(long.length + Math.ceil(long.length * 0.3) + 2);
  });

  it('applies to every translated text, after interpolation and plurals, when on', () => {
    const i18n = createI18n('en', { en }, { pseudo: true });
    expect(i18n.t('close')).toBe('⟦Ĉļôšé··⟧');
    expect(i18n.t('greet', { name: 'Ann' })).toBe('⟦Ĥéļļô Åññ···⟧');
    expect(i18n.t('bag', { count: 2 })).toBe('⟦2 ïţéɱš···⟧');
    expect(i18n.t('errors:ERR_API_1000')).toBe('⟦Öôþš··⟧');
    expect(i18n.t('errors:ERR_NONE', { defaultValue: 'Sorry' })).toBe('⟦Šôŕŕý··⟧');
    expect(i18n.t('nav.missing')).toBe('⟦ñåṽ.ɱïššïñĝ····⟧');
    expect(createI18n('en', { en }).t('close')).toBe('Close');
  });

  it('is on with ?pseudo=1, or in development with VITE_PSEUDO_LOCALE=true, never by default in production', () => {
    const production = { DEV: false };
    expect(pseudoLocaleEnabled('?pseudo=1', production)).toBe(true);
    expect(pseudoLocaleEnabled('?sort=price_asc&pseudo=1', production)).toBe(true);
    expect(pseudoLocaleEnabled('', production)).toBe(false);
    expect(pseudoLocaleEnabled('', { DEV: false, VITE_PSEUDO_LOCALE: 'true' })).toBe(false);
    expect(pseudoLocaleEnabled('?pseudo=true', production)).toBe(false);
    expect(pseudoLocaleEnabled('', { DEV: true, VITE_PSEUDO_LOCALE: 'true' })).toBe(true);
    expect(pseudoLocaleEnabled('?pseudo=0', { DEV: true, VITE_PSEUDO_LOCALE: 'true' })).toBe(false);
    expect(pseudoLocaleEnabled('', { DEV: true })).toBe(false);
  });
});
