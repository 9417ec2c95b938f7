// The translation runtime on its own: lookup and fallback, plurals, interpolation, default texts, loading.
// (lib/i18n.test.ts tests the storefront's instances: languages, the API backend and its retries, the
// pseudo-locale, and every language's real plural texts.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18n, type Backend, type I18nConfig, type ReadResult, type Resource } from './translator';

/** An instance on a copy of `resources` (an instance adds the strings it loads to the resources it is given). */
const make = (language: string, resources: Resource, config: Partial<I18nConfig> = {}) =>
  new I18n({
    language,
    fallbackLanguage: 'en',
    defaultNamespace: 'common',
    resources: structuredClone(resources),
    namespaces: ['common'],
    retry: { maxRetries: 5, retryTimeout: 350 },
    ...config,
  });

const en = {
  common: {
    close: 'Close',
    only: 'English only',
    basket: { title: 'Bag', count_one: '{{count}} item', count_other: '{{count}} items' },
    greet: 'Hello {{name}}, {{ name }}!',
    empty: '',
  },
  errors: { ERR_API_1000: 'Something went wrong', API_UNKNOWN_ERROR: 'Unknown error' },
  product: { size: 'Size' },
};
const fr = {
  common: {
    close: 'Fermer',
    basket: {
      title: 'Panier',
      count_one: '{{count}} article',
      count_many: '{{count}} d’articles',
      count_other: '{{count}} articles',
    },
  },
  errors: { ERR_API_1000: 'Une erreur est survenue' },
};

describe('lookup and fallback', () => {
  const i18n = make('fr', { fr, en });

  it('reads the default namespace, a nested key, and a namespace named in the key', () => {
    expect(i18n.t('close')).toBe('Fermer');
    expect(i18n.t('basket.title')).toBe('Panier');
    expect(i18n.t('errors:ERR_API_1000')).toBe('Une erreur est survenue');
    expect(i18n.t('ERR_API_1000', { ns: 'errors' })).toBe('Une erreur est survenue');
  });

  it('falls back to English per key and per namespace', () => {
    expect(i18n.t('only')).toBe('English only');
    expect(i18n.t('errors:API_UNKNOWN_ERROR')).toBe('Unknown error');
    expect(i18n.t('product:size')).toBe('Size');
  });

  it('keeps an empty text as written (it is a text, not a missing one)', () => {
    expect(i18n.t('empty', { defaultValue: 'x' })).toBe('');
  });

  it('answers the default value, or else the key without its namespace, when no language has the key', () => {
    expect(i18n.t('errors:ERR_NOPE_0000', { defaultValue: i18n.t('errors:API_UNKNOWN_ERROR') })).toBe('Unknown error');
    expect(i18n.t('errors:ERR_NOPE_0000')).toBe('ERR_NOPE_0000');
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(i18n.t('sizes.XL', { defaultValue: 'XL ({{count}})', count: 2 })).toBe('XL (2)');
    expect(i18n.t('a:b:c')).toBe('b.c');
  });

  it('reads a key whose text before the first dot is a sentence as one key, its colon naming no namespace', () => {
    expect(i18n.t('Note: see below')).toBe('Note: see below');
    expect(i18n.t('errors:ERR_API_1000.not a sentence, really')).toBe('ERR_API_1000.not a sentence, really');
  });

  it('says so when a key names an object, not a text', () => {
    expect(i18n.t('basket')).toBe("key 'basket (fr)' returned an object instead of string.");
  });

  it('binds a namespace with getFixedT; a key’s own namespace and options.ns still win', () => {
    const t = i18n.getFixedT('errors');
    expect(t('ERR_API_1000')).toBe('Une erreur est survenue');
    expect(t('common:close')).toBe('Fermer');
    expect(t('close', { ns: 'common' })).toBe('Fermer');
    expect(i18n.getFixedT(null)('close')).toBe('Fermer');
  });

  it('never falls back from Traditional to Simplified Chinese', () => {
    const zh = make('zh-hant', { 'zh-hant': { common: { close: '關閉' } }, zh: { common: { only: '仅' } }, en });
    expect([zh.t('close'), zh.t('only')]).toEqual(['關閉', 'English only']);
  });

  it('gives the texts of the language the key is found in, and the object message names the instance’s language', () => {
    const ja = make('ja', { en });
    expect(ja.t('basket.count', { count: 1 })).toBe('1 item');
    expect(ja.t('basket')).toBe("key 'basket (ja)' returned an object instead of string.");
  });
});

describe('plurals', () => {
  it('picks the form of the language’s plural category, then the bare key', () => {
    const i18n = make('fr', { fr, en });
    expect([0, 1, 1.5, 2, 1_000_000].map((count) => i18n.t('basket.count', { count }))).toEqual([
      '0 article',
      '1 article',
      '1.5 article',
      '2 articles',
      '1000000 d’articles',
    ]);
    const de = make('de', {
      de: { common: { n_one: 'ein {{count}}', n_other: '{{count}} viele', plain: '{{count}} so' } },
      en,
    });
    expect([0, 1, 2].map((count) => de.t('n', { count }))).toEqual(['0 viele', 'ein 1', '2 viele']);
    expect(de.t('plain', { count: 3 })).toBe('3 so');
  });

  it('uses `key_zero` for 0 when a text has one', () => {
    const i18n = make('en', { en: { common: { n_zero: 'none', n_one: 'one', n_other: '{{count}}' } } });
    expect([0, 1, 2].map((count) => i18n.t('n', { count }))).toEqual(['none', 'one', '2']);
  });

  it('takes a count given as text for a value only, not for the plural form', () => {
    const i18n = make('en', { en: { common: { n: 'bare {{count}}', n_other: 'other {{count}}' } } });
    expect(i18n.t('n', { count: '2' as unknown as number })).toBe('bare 2');
    expect(i18n.t('n', { count: 2 })).toBe('other 2');
  });
});

describe('interpolation', () => {
  const i18n = make('en', { en });

  it('replaces every placeholder, spaces inside the braces allowed', () => {
    expect(i18n.t('greet', { name: 'Ann' })).toBe('Hello Ann, Ann!');
  });

  it('writes values as they are: numbers as text, markup not escaped (React escapes), never interpolated again', () => {
    expect(i18n.t('greet', { name: 42 })).toBe('Hello 42, 42!');
    expect(i18n.t('greet', { name: '<b>&{{count}}</b>', count: 1 })).toBe(
      'Hello <b>&{{count}}</b>, <b>&{{count}}</b>!',
    );
  });

  it('leaves a placeholder without a value, and empties one whose value is null or undefined', () => {
    expect(i18n.t('greet')).toBe('Hello {{name}}, {{ name }}!');
    expect(i18n.t('greet', { name: null })).toBe('Hello , !');
    expect(i18n.t('greet', { name: undefined })).toBe('Hello , !');
  });

  it('post-processes every text, found or not', () => {
    const loud = make('en', { en }, { postProcess: (text) => text.toUpperCase() });
    expect([loud.t('close'), loud.t('nope'), loud.t('nope', { defaultValue: 'x {{name}}', name: 'y' })]).toEqual([
      'CLOSE',
      'NOPE',
      'X Y',
    ]);
  });
});

describe('strings added by hand', () => {
  it('merges them into the namespace and tells the subscribers', () => {
    const i18n = make('fr', { fr, en });
    const seen = vi.fn();
    const unsubscribe = i18n.subscribe(seen);
    i18n.addResourceBundle('fr', 'product', { size: 'Taille' });
    i18n.addResourceBundle('fr', 'common', { only: 'Seulement' });
    expect([i18n.t('product:size'), i18n.t('only'), i18n.t('close')]).toEqual(['Taille', 'Seulement', 'Fermer']);
    expect(i18n.hasResourceBundle('fr', 'product')).toBe(true);
    expect(seen).toHaveBeenCalledTimes(2);
    unsubscribe();
    i18n.addResourceBundle('fr', 'product', { size: 'T.' });
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('answers a text looked up before with the strings added since, and a missing one once it comes', () => {
    const i18n = make('fr', { fr, en });
    expect([i18n.t('basket.title'), i18n.t('basket.note'), i18n.t('product:size')]).toEqual([
      'Panier',
      'basket.note',
      'Size',
    ]);
    i18n.addResourceBundle('fr', 'common', { basket: { title: 'Sac', note: 'Note' } });
    i18n.addResourceBundle('fr', 'product', { size: 'Taille' });
    expect([i18n.t('basket.title'), i18n.t('basket.note'), i18n.t('product:size')]).toEqual(['Sac', 'Note', 'Taille']);
    // Two instances on the same strings answer alike (looked up once for both).
    const shared = { fr, en };
    const [a, b] = [make('fr', shared), make('fr', shared)];
    expect([a.t('basket.count', { count: 2 }), b.t('basket.count', { count: 2 })]).toEqual([
      '2 articles',
      '2 articles',
    ]);
  });
});

// ---- loading -----------------------------------------------------------------------------------

/** A backend whose answers the test gives by hand, in any order. */
function heldBackend() {
  const calls: { language: string; ns: string; answer: (result: ReadResult) => void }[] = [];
  const backend: Backend = (language, ns) => new Promise((resolve) => calls.push({ language, ns, answer: resolve }));
  const answer = async (language: string, ns: string, result: ReadResult) => {
    const call = calls.find((c) => c.language === language && c.ns === ns);
    if (!call) throw new Error(`no pending read of ${language}/${ns}`);
    calls.splice(calls.indexOf(call), 1);
    call.answer(result);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { backend, calls, answer };
}

describe('loading namespaces', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is ready at once, without a backend or with nothing missing', () => {
    expect(make('fr', { fr, en }).isInitialized).toBe(true);
    const { backend, calls } = heldBackend();
    expect(make('fr', { fr, en }, { backend, namespaces: ['common', 'errors'] }).isInitialized).toBe(true);
    expect(calls).toEqual([]);
  });

  it('loads the missing namespaces in the language and English at start, then is ready and says so', async () => {
    const { backend, calls, answer } = heldBackend();
    const i18n = make('fr', { fr: { common: fr.common } }, { backend, namespaces: ['common', 'errors'] });
    const seen = vi.fn();
    i18n.subscribe(seen);
    expect(calls.map((c) => `${c.language}/${c.ns}`)).toEqual(['fr/errors', 'en/common', 'en/errors']);
    expect(i18n.isInitialized).toBe(false);
    expect(i18n.t('close')).toBe('Fermer');
    await answer('fr', 'errors', { strings: fr.errors });
    await answer('en', 'common', { strings: en.common });
    expect(i18n.isInitialized).toBe(false);
    await answer('en', 'errors', { error: new Error('GET answered 400'), retry: false });
    expect(i18n.isInitialized).toBe(true);
    // Only what something read tells the subscribers: English `common` (read by `t('close')`), then the start-up.
    // `errors` was read by no one while it loaded, so nothing on screen could have changed.
    expect(seen).toHaveBeenCalledTimes(2);
    expect([i18n.t('errors:ERR_API_1000'), i18n.t('only')]).toEqual(['Une erreur est survenue', 'English only']);
  });

  it('tells no one when strings nothing has read arrive, and tells when strings something read do', async () => {
    const { backend, answer } = heldBackend();
    const i18n = make('fr', { fr: { common: fr.common }, en }, { backend, namespaces: ['common'] });
    const seen = vi.fn();
    i18n.subscribe(seen);
    const before = i18n.version;
    // The release's other namespaces, loaded once the page is shown: nothing on screen reads them.
    void i18n.loadNamespaces(['product', 'errors']);
    await answer('fr', 'product', { strings: { size: 'Taille' } });
    expect(seen).not.toHaveBeenCalled();
    expect(i18n.version).toBe(before);
    expect(i18n.t('product:size')).toBe('Taille'); // at hand for whoever reads it next
    // A component asked for `errors` while it was on its way (it shows English meanwhile): it is told.
    expect(i18n.hasLoadedNamespace('errors')).toBe(false);
    await answer('fr', 'errors', { strings: fr.errors });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(i18n.hasLoadedNamespace('errors')).toBe(true);
  });

  it('asks for a namespace once, however many ask, and says when it is loaded', async () => {
    const { backend, calls, answer } = heldBackend();
    const i18n = make('fr', { fr, en }, { backend, namespaces: ['common'] });
    expect(i18n.hasLoadedNamespace('product')).toBe(false);
    const first = i18n.loadNamespaces('product');
    const second = i18n.loadNamespaces(['product', 'common']);
    expect(calls.map((c) => `${c.language}/${c.ns}`)).toEqual(['fr/product']); // English has it
    let done = false;
    void Promise.all([first, second]).then(() => (done = true));
    await answer('fr', 'product', { strings: { size: 'Taille' } });
    expect(done).toBe(true);
    expect(i18n.hasLoadedNamespace('product')).toBe(true);
    expect(i18n.t('product:size')).toBe('Taille');
    await i18n.loadNamespaces('product');
    expect(calls).toEqual([]);
  });

  it('counts a namespace that could not be loaded as loaded (English shows); asks again later only if the failure may pass', async () => {
    const { backend, calls, answer } = heldBackend();
    const failures: string[] = [];
    const i18n = make(
      'ja',
      { ja: { common: {} }, en },
      {
        backend,
        namespaces: ['common'],
        retry: { maxRetries: 0, retryTimeout: 1 },
        onLoadFailure: (l, ns, reason) => failures.push(`${l}/${ns}: ${reason}`),
      },
    );
    const loading = i18n.loadNamespaces(['stores', 'orders']);
    expect(calls.map((c) => `${c.language}/${c.ns}`)).toEqual(['ja/stores', 'ja/orders', 'en/stores', 'en/orders']);
    await answer('ja', 'stores', { error: new Error('GET answered 502'), retry: true });
    await answer('ja', 'orders', { error: new Error('GET answered 404'), retry: false });
    await answer('en', 'stores', { strings: { title: 'Stores' } });
    expect(i18n.hasLoadedNamespace('orders')).toBe(false); // English still on its way
    await answer('en', 'orders', { strings: { title: 'Orders' } });
    await loading;
    expect(failures).toEqual(['ja/stores: Error: GET answered 502', 'ja/orders: Error: GET answered 404']);
    expect([i18n.hasLoadedNamespace('stores'), i18n.hasLoadedNamespace('orders')]).toEqual([true, true]);
    expect(i18n.t('stores:title')).toBe('Stores');
    // The next load asks again for what may have been a passing failure (any namespace's load does), never for a 404.
    void i18n.loadNamespaces('common');
    expect(calls.map((c) => `${c.language}/${c.ns}`)).toEqual(['ja/stores']);
  });

  it('with the fallback loaded on failure only: reads the language alone, and English only for a namespace it could not load', async () => {
    const { backend, calls, answer } = heldBackend();
    const i18n = make(
      'fr',
      { fr: { common: fr.common } },
      {
        backend,
        namespaces: ['common', 'errors'],
        loadFallback: 'on-failure',
        retry: { maxRetries: 0, retryTimeout: 1 },
      },
    );
    expect(calls.map((c) => `${c.language}/${c.ns}`)).toEqual(['fr/errors']);
    await answer('fr', 'errors', { strings: fr.errors });
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.hasLoadedNamespace('errors')).toBe(true);
    const loading = i18n.loadNamespaces(['product', 'orders']);
    let done = false;
    void loading.then(() => (done = true));
    expect(calls.map((c) => `${c.language}/${c.ns}`)).toEqual(['fr/product', 'fr/orders']);
    await answer('fr', 'product', { strings: { size: 'Taille' } });
    await answer('fr', 'orders', { error: new Error('GET answered 502'), retry: true });
    // Failed in French: English is asked for then, and the load (and the namespace) waits for it.
    expect(calls.map((c) => `${c.language}/${c.ns}`)).toEqual(['en/orders']);
    expect(i18n.hasLoadedNamespace('orders')).toBe(false);
    expect(done).toBe(false);
    await answer('en', 'orders', { strings: { title: 'Orders' } });
    await loading;
    expect(i18n.hasLoadedNamespace('orders')).toBe(true);
    expect([i18n.t('product:size'), i18n.t('orders:title')]).toEqual(['Taille', 'Orders']);
  });

  it('has ten requests on their way at most; the others wait for one to end', async () => {
    const { backend, calls, answer } = heldBackend();
    const namespaces = Array.from({ length: 8 }, (_, i) => `ns${i}`);
    const i18n = make('ko', { en: { common: {} } }, { backend, namespaces: ['common'] });
    expect(calls).toHaveLength(1); // ko/common
    void i18n.loadNamespaces(namespaces);
    expect(calls.map((c) => `${c.language}/${c.ns}`)).toEqual([
      'ko/common',
      ...namespaces.map((ns) => `ko/${ns}`),
      'en/ns0',
    ]);
    await answer('ko', 'ns3', { strings: {} });
    expect(calls.at(-1)).toMatchObject({ language: 'en', ns: 'ns1' });
    expect(calls).toHaveLength(10);
  });

  it('retries a failure worth retrying after 350, 700, 1400, 2800 and 5600 ms; a retry waits for a free place like any request', async () => {
    const attempts: number[] = [];
    const start = Date.now();
    const backend: Backend = async () => {
      attempts.push(Date.now() - start);
      return { error: new Error('GET answered 503'), retry: true };
    };
    const onLoadFailure = vi.fn();
    const i18n = make('it', { en }, { backend, namespaces: ['common'], onLoadFailure });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(onLoadFailure).toHaveBeenCalledExactlyOnceWith('it', 'common', 'Error: GET answered 503');
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('close')).toBe('Close');
  });

  it('counts a backend that throws as a failure worth retrying', async () => {
    let calls = 0;
    const backend: Backend = () =>
      ++calls < 3
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve({ strings: { close: 'Chiudi' } });
    const i18n = make('it', { en }, { backend, namespaces: ['common'] });
    await vi.advanceTimersByTimeAsync(2_000);
    expect([calls, i18n.t('close')]).toEqual([3, 'Chiudi']);
  });

  it('changes language once the new language’s strings are loaded', async () => {
    const { backend, answer } = heldBackend();
    const i18n = make('fr', { fr, en }, { backend, namespaces: ['common'] });
    const changed = i18n.changeLanguage('de');
    expect(i18n.language).toBe('fr');
    await answer('de', 'common', { strings: { close: 'Schließen' } });
    const t = await changed;
    expect([i18n.language, t('close')]).toEqual(['de', 'Schließen']);
  });
});
