// The storefront's translation runtime: what the storefront's texts need, and nothing more
// (docs/decisions/0157-own-translation-runtime.md). `lib/i18n.ts` makes the instances (languages, the API
// backend, the pseudo-locale); `lib/i18n-react.tsx` is the React binding.
//
// What `t(key, options)` does:
//   - `ns:key` reads namespace `ns` (`errors:ERR_API_1000`), any other key the bound namespace (`common` unless
//     `options.ns` or `useTranslation(ns)` says otherwise); dots address nested objects (`basket.title`);
//   - each key is looked up in the instance's language, then in the fallback language (English): per key, so a
//     namespace missing in the language, or one key missing from it, shows English;
//   - with a numeric `count`, the plural form of the language the text is found in: `key_<category>` by
//     `Intl.PluralRules` (`_one`, `_many`, `_other`, …; `key_zero` first when count is 0), then `key` itself;
//   - `{{name}}` is replaced by `options.name` as given (no escaping: React escapes what it renders; a value
//     that is null or an own option set to undefined gives an empty text; a placeholder without a value stays);
//   - not found anywhere: `options.defaultValue`, or else the key (without its namespace);
//   - `postProcess` (the pseudo-locale) applies to whatever text comes out.
// Not supported, because no text uses them (web/src/locales/locales.test.ts keeps it so): context suffixes,
// ordinals, `{{value, format}}` formatting, `$t(...)` nesting, keys containing `.` or `:`.

/** The strings of one namespace in one language: text, or nested objects of texts. */
export type ResourceBundle = Record<string, unknown>;
/** Strings by language, then by namespace: `{ fr: { common: {...}, errors: {...} }, en: {...} }`. */
export type Resource = Record<string, Record<string, ResourceBundle>>;

export interface TOptions {
  /** Picks the plural form (and is `{{count}}`). */
  count?: number;
  /** The text when no language has the key. */
  defaultValue?: string;
  /** The namespace of a key that does not name one. */
  ns?: string;
  /** The values of the text's `{{placeholders}}`. */
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

/** What a backend answers for one language and namespace: the strings, or an error and whether to try again. */
export type ReadResult = { strings: ResourceBundle } | { error: Error; retry: boolean };
/** Loads the strings of one language and namespace (a rejected promise counts as a failure worth retrying). */
export type Backend = (language: string, namespace: string) => Promise<ReadResult>;

export interface I18nConfig {
  language: string;
  fallbackLanguage: string;
  defaultNamespace: string;
  /** The strings at hand. Used as given (not copied): loaded namespaces are added to it. */
  resources: Resource;
  /** With a backend, the namespaces loaded at once (in the language and the fallback) when not in `resources`. */
  namespaces: readonly string[];
  backend?: Backend;
  /**
   * When the fallback language's strings are loaded: `'always'` (default) with the language's, so that a key
   * missing from the language shows English; `'on-failure'` only for a namespace the language's load failed
   * for — when every language has every key (as `web/src/locales/locales.test.ts` keeps it), the fallback is
   * needed only then, and loading it anyway doubles every page's reads.
   */
  loadFallback?: 'always' | 'on-failure';
  /** A failed load is tried again `maxRetries` times, `retryTimeout` ms after the first failure, twice as long after each next one. */
  retry: { maxRetries: number; retryTimeout: number };
  /** Applied to every text `t` gives. */
  postProcess?: (text: string) => string;
  /** Called when a namespace could not be loaded, after the last try. */
  onLoadFailure?: (language: string, namespace: string, reason: string) => void;
}

/** At most this many loads at once; the others wait for one to end (waiting for a retry holds no place). */
const MAX_PARALLEL_READS = 10;

// The load state of a language and namespace.
const LOADING = 1;
const LOADED = 2;
/** Failed for good (an answer that will not change): never asked again. */
const FAILED = -1;
/** Failed after every retry, with a failure that may pass: asked again by the next `loadNamespaces`. */
const GAVE_UP = 0;

/** The options of a `t` called without any. */
const NO_OPTIONS: TOptions = Object.freeze({});

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * What a dotted path (`pager.progress_other`) names in a namespace's strings, by the strings object: a page's render
 * asks for hundreds of texts, the server renders the same ones for every page, and a namespace's object is never
 * changed once made (strings added make a new one: `addStrings`). At most `MAX_PATHS` paths are kept per object.
 */
const lookedUp = new WeakMap<object, Map<string, unknown>>();
const MAX_PATHS = 2_000;
function lookUp(bundle: Record<string, unknown>, path: string): unknown {
  let paths = lookedUp.get(bundle);
  if (!paths) lookedUp.set(bundle, (paths = new Map()));
  let found = paths.get(path);
  if (found === undefined && !paths.has(path)) {
    found = path.split('.').reduce<unknown>((node, part) => own(node, part), bundle);
    if (paths.size >= MAX_PATHS) paths.clear();
    paths.set(path, found);
  }
  return found;
}
const own = (value: unknown, key: string): unknown =>
  isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;

/** A key with a space, comma or punctuation before its first dot reads as a sentence: its `:` names no namespace. */
const SENTENCE = /[ ,?!;]/;
const namesNamespace = (key: string) =>
  key.includes(':') &&
  (!SENTENCE.test(key) || (key.indexOf('.') > 0 && !SENTENCE.test(key.slice(0, key.indexOf('.')))));

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: unknown): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules(language.split(/[-_]/)[0] || 'en');
    }
    pluralRules.set(language, rules);
  }
  return rules.select(count as number);
}

/** `{{name}}` replaced by its value; a value's own text is never scanned again. */
function interpolate(text: string, values: TOptions): string {
  // Most texts have no placeholder: answered as they are, without a scan by the expression.
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (placeholder, inner: string) => {
    const name = inner.trim();
    const value = own(values, name);
    if (value === undefined) return Object.hasOwn(values, name) ? '' : placeholder;
    return value === null ? '' : String(value);
  });
}

export class I18n {
  /** The language of the texts. */
  language: string;
  /** False while the first loads are on their way (only with a backend); components then ask for nothing more. */
  isInitialized = false;
  /** Moves whenever what `t` answers may have changed: language changed, strings added, a load ended. */
  version = 0;

  private readonly config: I18nConfig;
  private readonly data: Resource;
  /** The namespaces asked for so far: each `loadNamespaces` loads those not at hand (in both languages). */
  private readonly wanted: string[];
  private readonly state = new Map<string, number>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  /**
   * The namespaces something has read (`t`, `hasLoadedNamespace`). Strings arriving for another namespace change
   * nothing on screen, so they tell no one: loading the release's other namespaces once the page is shown would
   * otherwise re-render every component that translates, once per namespace, each a synchronous render of the
   * whole page (a store update is never time-sliced).
   */
  private readonly shown = new Set<string>();
  private reads = 0;
  private readonly waitingReads: (() => void)[] = [];
  private changingTo: string | undefined;

  constructor(config: I18nConfig) {
    this.config = config;
    this.language = config.language;
    this.data = config.resources;
    this.wanted = [...config.namespaces];
    const loading = this.load(this.language);
    if (!loading) this.isInitialized = true;
    else
      void loading.then(() => {
        this.isInitialized = true;
        this.changed();
      });
  }

  /** The language, then the fallback. */
  private codes(language: string): string[] {
    const fallback = this.config.fallbackLanguage;
    return language === fallback ? [language] : [language, fallback];
  }

  t: TFunction = (key, options) => this.translate(key, options, undefined);

  /** `t` bound to namespace `ns` (a key's own `ns:` prefix, or `options.ns`, still wins). */
  getFixedT(ns?: string | null): TFunction {
    const bound = ns || undefined;
    return (key, options) => this.translate(key, options, bound);
  }

  /**
   * What `t` answers, with `boundNs` the namespace of a `getFixedT`. The options are read, never copied or changed:
   * a page's render asks for hundreds of texts, and on the server's Node 20 a copy with a field added
   * (`{ ...options, ns }`) costs microseconds (docs/scaling.md#object-spreads-on-the-servers-node).
   */
  private translate(key: string, options: TOptions | undefined, boundNs: string | undefined): string {
    const opts: TOptions = options ?? NO_OPTIONS;
    let ns = opts.ns || boundNs || this.config.defaultNamespace;
    let path = String(key);
    if (namesNamespace(path)) {
      const parts = path.split(':');
      ns = parts.shift()!;
      path = parts.join('.');
    }
    this.shown.add(ns);
    const count = opts.count;
    const plural = count !== undefined && typeof count !== 'string';
    let found: unknown;
    for (const code of this.codes(this.language)) {
      const bundle = own(this.data[code], ns);
      if (!isObject(bundle)) continue;
      // The most specific first: `key_zero`, `key_<category>`, `key`.
      if (plural && count === 0) found = lookUp(bundle, `${path}_zero`);
      if (plural && found == null) found = lookUp(bundle, `${path}_${pluralCategory(code, count)}`);
      if (found == null) found = lookUp(bundle, path);
      if (found != null) break;
    }
    if (isObject(found)) return `key '${path} (${this.language})' returned an object instead of string.`;
    if (found == null) found = opts.defaultValue;
    if (found == null) found = path;
    const text = interpolate(String(found), opts);
    return this.config.postProcess ? this.config.postProcess(text) : text;
  }

  hasResourceBundle(language: string, ns: string): boolean {
    return own(this.data[language], ns) !== undefined;
  }

  /** Adds strings to a namespace (a shallow merge over what it has), and asks for the namespace from then on. */
  addResourceBundle(language: string, ns: string, strings: ResourceBundle): void {
    this.addStrings(language, ns, JSON.parse(JSON.stringify(strings)) as ResourceBundle, true);
  }

  private addStrings(language: string, ns: string, strings: ResourceBundle, tell = this.shown.has(ns)): void {
    if (!this.wanted.includes(ns)) this.wanted.push(ns);
    const bundles = (this.data[language] ??= {});
    bundles[ns] = { ...(own(bundles, ns) as ResourceBundle | undefined), ...strings };
    if (tell) this.changed();
  }

  /**
   * The namespaces read so far (by `t`, or asked about by `hasLoadedNamespace`): the server's render inlines those
   * of them the language has.
   */
  namespacesRead(): ReadonlySet<string> {
    return this.shown;
  }

  /** Whether the texts of `ns` are at hand, or no longer on their way (failed: English shows). */
  hasLoadedNamespace(ns: string): boolean {
    this.shown.add(ns);
    if (!this.isInitialized) return false;
    if (this.hasResourceBundle(this.language, ns)) return true;
    if (!this.config.backend) return true;
    const settled = (language: string) =>
      [LOADED, FAILED, GAVE_UP].includes(this.state.get(`${language}|${ns}`) ?? NaN);
    if (!settled(this.language)) return false;
    if (!this.fallbackWanted(this.language, ns)) return true;
    return this.hasResourceBundle(this.config.fallbackLanguage, ns) || settled(this.config.fallbackLanguage);
  }

  /** Loads `ns` (and every namespace asked for before) in the language and the fallback, unless at hand or failed for good. */
  loadNamespaces(ns: string | readonly string[]): Promise<void> {
    for (const n of typeof ns === 'string' ? [ns] : ns) if (!this.wanted.includes(n)) this.wanted.push(n);
    return this.load(this.language) ?? Promise.resolve();
  }

  /** Switches to `language` once its strings (of the namespaces asked for) are loaded. */
  changeLanguage(language: string): Promise<TFunction> {
    this.changingTo = language;
    const done = () => {
      if (this.changingTo === language) {
        this.language = language;
        this.changingTo = undefined;
        this.changed();
      }
      return this.t;
    };
    const loading = this.load(language);
    return loading ? loading.then(done) : Promise.resolve(done());
  }

  /** Calls `listener` whenever `version` moves; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private changed(): void {
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }

  /** Whether `ns` is wanted in the fallback language while the texts are in `language`. */
  private fallbackWanted(language: string, ns: string): boolean {
    if (language === this.config.fallbackLanguage) return false;
    if (this.config.loadFallback !== 'on-failure') return true;
    const state = this.state.get(`${language}|${ns}`);
    return state === FAILED || state === GAVE_UP;
  }

  /** Starts loading what `language` and the fallback lack of the namespaces asked for; null when nothing is on its way. */
  private load(language: string): Promise<void> | null {
    if (!this.config.backend) return null;
    const waits: Promise<void>[] = [];
    for (const code of this.codes(language)) {
      for (const ns of this.wanted) {
        if (code !== language && !this.fallbackWanted(language, ns)) continue;
        const loading = this.ensure(code, ns);
        if (loading) waits.push(loading);
      }
    }
    return waits.length ? Promise.all(waits).then(() => undefined) : null;
  }

  /** The load of one language and namespace: started unless at hand or failed for good; null when nothing to wait for. */
  private ensure(code: string, ns: string): Promise<void> | null {
    const name = `${code}|${ns}`;
    if (this.hasResourceBundle(code, ns)) {
      this.state.set(name, LOADED);
      return null;
    }
    const state = this.state.get(name);
    if (state === FAILED) return null;
    if (state !== LOADING) {
      this.state.set(name, LOADING);
      this.loading.set(name, this.read(code, ns));
    }
    return this.loading.get(name)!;
  }

  /** One language and namespace from the backend, with the retries; settles when it is loaded or given up. */
  private read(language: string, ns: string): Promise<void> {
    const backend = this.config.backend!;
    const { maxRetries, retryTimeout } = this.config.retry;
    return new Promise((resolve) => {
      const attempt = (tried: number, wait: number) => {
        if (this.reads >= MAX_PARALLEL_READS) {
          this.waitingReads.push(() => attempt(tried, wait));
          return;
        }
        this.reads++;
        void backend(language, ns)
          .catch((error: unknown): ReadResult => ({
            error: error instanceof Error ? error : new Error(String(error)),
            retry: true,
          }))
          .then((result) => {
            this.reads--;
            this.waitingReads.shift()?.();
            if ('error' in result && result.retry && tried < maxRetries) {
              setTimeout(() => attempt(tried + 1, wait * 2), wait);
              return;
            }
            this.settle(language, ns, result);
            // Loaded only when the language's load failed: whoever waits for the language waits for it too.
            const fallback =
              'error' in result && this.fallbackWanted(language, ns)
                ? this.ensure(this.config.fallbackLanguage, ns)
                : null;
            if (fallback) void fallback.then(() => resolve());
            else resolve();
          });
      };
      attempt(0, retryTimeout);
    });
  }

  private settle(language: string, ns: string, result: ReadResult): void {
    const name = `${language}|${ns}`;
    if ('error' in result) {
      this.state.set(name, result.retry ? GAVE_UP : FAILED);
      this.config.onLoadFailure?.(language, ns, String(result.error));
      if (this.shown.has(ns)) this.changed();
      return;
    }
    this.state.set(name, LOADED);
    if (isObject(result.strings)) this.addStrings(language, ns, result.strings);
    else if (this.shown.has(ns)) this.changed();
  }
}
