import { setDefaultI18n } from './i18n-react';
import { NAMESPACES, type Namespace } from './namespaces';
import { I18n, type Backend, type ReadResult, type Resource } from './translator';

export { I18n };
export type { Backend, Resource, ResourceBundle } from './translator';

/**
 * The languages the strings are written in (`web/src/locales/<language>/`, and the `language` of
 * GET /api/data/translations/{language}/{namespace}): the nine storefront languages, Chinese twice —
 * `zh` Simplified, `zh-hant` Traditional (Taiwan, Hong Kong, Macau).
 */
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'zh', 'zh-hant'] as const;
export type I18nLanguage = (typeof LANGUAGES)[number];

export { NAMESPACES, type Namespace };
export const DEFAULT_NAMESPACE: Namespace = 'common';
/**
 * What every page's shell may show as soon as it is interactive, before the browser is idle: the header and
 * footer (`common`), the cookie banner (`consent`), the country selector and the wrong-market drawer
 * (`market`), the info banner and CMS links (`content`), the header's search and product tiles (`catalog`).
 * Always inlined, whether or not the server's render read them (the banner renders in the browser).
 */
export const SHELL_NAMESPACES: readonly Namespace[] = ['common', 'consent', 'market', 'content', 'catalog'];
export const FALLBACK_LANGUAGE: I18nLanguage = 'en';

const TRADITIONAL_CHINESE_REGIONS = new Set(['tw', 'hk', 'mo']);

/**
 * The strings' language of a market locale (`fr-fr` → `fr`, `pt-br` → `pt`): `zh-hant` for Taiwan,
 * Hong Kong and Macau (`zh-tw`, `zh-hk`, `zh-mo`, or an explicit `hant` script), `zh` for every other
 * Chinese locale, English for a language the storefront is not translated into.
 */
export function i18nLanguageOf(locale: string): I18nLanguage {
  const [language = '', ...rest] = locale.toLowerCase().split(/[-_]/);
  if (language === 'zh')
    return rest.some((part) => part === 'hant' || TRADITIONAL_CHINESE_REGIONS.has(part)) ? 'zh-hant' : 'zh';
  return (LANGUAGES as readonly string[]).includes(language) ? (language as I18nLanguage) : FALLBACK_LANGUAGE;
}

type LocaleFile = { default: Record<string, unknown> };

/**
 * The strings of one language (and English, the fallback) from
 * `import.meta.glob('./locales/*\/*.json', { eager: true })`. A namespace without a file is left out
 * (the client then loads it from the API, see `translationsBackend`).
 */
export function pickResources(files: Record<string, LocaleFile>, language: string): Resource {
  const resources: Resource = {};
  for (const lng of new Set([language, FALLBACK_LANGUAGE])) {
    resources[lng] = {};
    for (const ns of NAMESPACES) {
      const file = files[`./locales/${lng}/${ns}.json`];
      if (file) resources[lng][ns] = file.default;
    }
  }
  return resources;
}

/** The bundles of `names` in `language` only: what a page inlines (the others load when a route needs them). */
export function bundlesOf(resources: Resource, language: string, names: Iterable<string>): Resource {
  const all = resources[language] ?? {};
  return {
    [language]: Object.fromEntries(
      [...names]
        .filter((ns) => ns in all)
        .sort()
        .map((ns) => [ns, all[ns]!]),
    ),
  };
}

/** The namespaces of NAMESPACES that English has a file for among `files`: the ones this release has. */
export function namespacesIn(files: Record<string, unknown>): Namespace[] {
  return NAMESPACES.filter((ns) => `./locales/${FALLBACK_LANGUAGE}/${ns}.json` in files);
}

// ---- loading strings from the API, with the retries of spec §9 ---------------------------------

/**
 * Spec §9 (and the contract of getTranslations): a failed load is retried up to 5 times, waiting 350 ms
 * before the first retry and twice as long before each next one, whenever the backend says a failure is
 * worth retrying (the runtime, `lib/translator.ts`, does the waiting). The schedule of one namespace is:
 *
 *   request 1 at 0 ms, then retries after 350, 700, 1 400, 2 800 and 5 600 ms
 *   (6 requests at most; the last one starts 10 850 ms after the first).
 *
 * After the last failure the namespace stays empty and every key falls back to English, which is
 * always bundled (inlined by the server, or shipped with the client when there is no server).
 */
export const TRANSLATIONS_RETRY = { maxRetries: 5, retryTimeout: 350 } as const;

/** The waits before each retry, in ms: [350, 700, 1400, 2800, 5600]. */
export const TRANSLATIONS_RETRY_DELAYS_MS: readonly number[] = Array.from(
  { length: TRANSLATIONS_RETRY.maxRetries },
  (_, i) => TRANSLATIONS_RETRY.retryTimeout * 2 ** i,
);

export const translationsUrl = (language: string, namespace: string) =>
  `/api/data/translations/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}`;

/** A failure that may pass by itself (network, 5xx such as 502 ERR_CMS_9000, 408, 429) is retried; a 4xx is not. */
const retryable = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * The backend of the browser: one GET /api/data/translations/{language}/{namespace} per read (the browser's
 * HTTP cache revalidates it by ETag). It only says whether a failure is worth retrying; the retrying is the
 * runtime's (see TRANSLATIONS_RETRY).
 */
export function translationsBackend(fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Backend {
  return async (language, namespace): Promise<ReadResult> => {
    const url = translationsUrl(language, namespace);
    try {
      const res = await fetchImpl(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      if (res.ok) return { strings: (await res.json()) as Record<string, unknown> };
      return { error: new Error(`GET ${url} answered ${res.status}`), retry: retryable(res.status) };
    } catch (error) {
      // Network failure, or a body that is not JSON.
      return { error: error instanceof Error ? error : new Error(String(error)), retry: true };
    }
  };
}

// ---- pseudo-locale -----------------------------------------------------------------------------

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'åƀçðéƒĝĥïĵķļɱñôþǫŕšţûṽŵẋýžÅƁĈÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

/**
 * The pseudo-locale form of a translated text: accented, padded by about 30 % (texts grow that much in
 * German or French) and wrapped, e.g. `Continue` → `⟦Ĉôñţïñûé···⟧`. Any text on the page without the
 * brackets did not go through `t()`: it is hard-coded.
 */
export function pseudoLocalize(text: string): string {
  const accented = [...text].map((c) => ACCENTED[c] ?? c).join('');
  return `⟦${accented}${'·'.repeat(Math.ceil([...text].length * 0.3))}⟧`;
}

/**
 * Whether a page shows the pseudo-locale: `?pseudo=1` turns it on (`?pseudo=0` off); without the query,
 * only a development build with `VITE_PSEUDO_LOCALE=true` has it on. A production build's pages never
 * show it unless asked for in their URL (`import.meta.env.DEV` is `false` there, so the flag is not
 * even read). Server render and hydration decide from the same URL, so their texts match.
 */
export function pseudoLocaleEnabled(
  search: string,
  env: { DEV?: boolean; VITE_PSEUDO_LOCALE?: string } = import.meta.env,
): boolean {
  const query = new URLSearchParams(search).get('pseudo');
  if (query === '1') return true;
  if (query === '0') return false;
  return Boolean(env.DEV) && env.VITE_PSEUDO_LOCALE === 'true';
}

// ---- the instance --------------------------------------------------------------------------------

export interface I18nOptions {
  /** Show every text in the pseudo-locale (see `pseudoLocaleEnabled`). */
  pseudo?: boolean;
  /** Loads the namespaces missing from `resources` (the browser: `translationsBackend()`); none on the server. */
  backend?: Backend;
  /** The namespaces the release has (those with an English file); default: all of NAMESPACES. */
  namespaces?: readonly string[];
  /** Called when a namespace could not be loaded after every retry; default: ERR_CMS_9000 on the console in development. */
  onLoadFailure?: (language: string, namespace: string, reason: string) => void;
  /** When English (the fallback) is loaded: with the language (default), or only where the language's load failed. */
  loadFallback?: 'always' | 'on-failure';
}

const logLoadFailure = (language: string, namespace: string, reason: string) => {
  if (import.meta.env.DEV) {
    console.error(
      `ERR_CMS_9000: the ${language}/${namespace} strings could not be loaded (${reason}); showing English.`,
    );
  }
};

/**
 * One instance per render on the server, one per page on the client, from inlined resources. Texts are
 * looked up in `language`, then in English; `zh-hant` stays `zh-hant` and falls back to English, never to
 * Simplified `zh`. With a backend, the namespaces of `options.namespaces` missing from `resources` (in the
 * language and in English) start loading at once; what is inlined is used as is.
 */
export function createI18n(language: string, resources: Resource, options: I18nOptions = {}): I18n {
  const instance = new I18n({
    language: language.toLowerCase(),
    fallbackLanguage: FALLBACK_LANGUAGE,
    defaultNamespace: DEFAULT_NAMESPACE,
    resources,
    namespaces: options.namespaces ?? NAMESPACES,
    backend: options.backend,
    retry: TRANSLATIONS_RETRY,
    postProcess: options.pseudo ? pseudoLocalize : undefined,
    onLoadFailure: options.onLoadFailure ?? logLoadFailure,
    loadFallback: options.loadFallback,
  });
  setDefaultI18n(instance);
  return instance;
}
