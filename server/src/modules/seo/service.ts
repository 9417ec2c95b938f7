import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import { productUrl, type CatalogService } from '../catalog/index.ts';
import type { CollectionService } from '../collections/index.ts';
import type { ContentService } from '../content/index.ts';
import { DEFAULT_LOCALE, type Market, type MarketService } from '../markets/index.ts';
import { newestByCategory, productCounts, productPage, type SitemapProductRow } from './repository.ts';
import { sitemapIndex, urlset, type SitemapUrl } from './xml.ts';

export type SitemapType = Schemas['SitemapType'];
export const SITEMAP_TYPES: readonly SitemapType[] = [
  'products',
  'categories',
  'collections',
  'contents',
  'legal',
  'sites',
  'rd-contents',
  'rd-categories',
  'rd-events',
];

/**
 * URLs per sitemap file. sitemaps.org allows 50,000 URLs and 50 MB; each URL here carries an alternate for
 * every locale where the page exists (about 70 × 120 bytes), so 2,000 URLs make files of about 17 MB.
 */
export const URLS_PER_FILE = 2_000;
export const MAX_URLS_PER_FILE = 50_000;
export const MAX_BYTES_PER_FILE = 50 * 1024 * 1024;

/** Fixed pages of every locale (`/search` is `noindex`: not listed). */
const SITE_PAGES = ['/', '/stores', '/contact', '/faq', '/client-service'];
/** First path segments that are not catch-all content pages. */
const NOT_CONTENT = new Set([
  'faq',
  'client-service',
  'legal',
  'marketing',
  'rive-droite',
  'collections',
  'stores',
  'contact',
  'search',
  'looks',
]);

type Memo = Map<string, Promise<unknown>>;

interface LocaleInfo {
  locale: string;
  market: Market;
}

interface Entry {
  /** Path in the locale of the sitemap (without the locale prefix). */
  path: string;
  lastmod: Date;
  /** Locales where the page exists; `pathIn(language)` when its path differs by language. */
  locales: readonly string[];
  pathIn?: (language: string) => string;
}

/** Which type a content page URL belongs to (undefined: not listed — campaigns, query variants). */
export function contentTypeOf(url: string): SitemapType | undefined {
  if (url.includes('?')) return undefined;
  if (SITE_PAGES.includes(url)) return 'sites';
  if (/^\/legal(\/[^/]+)?$/.test(url)) return 'legal';
  if (url === '/rive-droite' || /^\/rive-droite\/cp\/[^/]+$/.test(url)) return 'rd-contents';
  if (/^\/rive-droite\/calendar\/[^/]+$/.test(url)) return 'rd-events';
  if (/^\/cp\/[^/]+$/.test(url)) return 'contents';
  const single = /^\/([^/]+)$/.exec(url);
  if (single && !NOT_CONTENT.has(single[1] as string)) return 'contents';
  return undefined;
}

/**
 * Sitemaps for search engines (spec: `/sitemap_index.xml` and `/sitemaps/{locale}/sitemap-{type}.xml`), built
 * from the database: one sitemap per locale this site serves and type, hreflang alternates in every locale
 * where the same page exists, products read one file's page at a time.
 */
export class SitemapService {
  private readonly cache: TtlCache<unknown>;
  /** The last resort of a `lastmod`: a database whose content was never published with its versions. */
  private readonly startedAt = new Date();
  private served: LocaleInfo[];

  constructor(
    private readonly db: DB,
    private readonly brand: string,
    private readonly origin: string,
    private readonly markets: MarketService,
    private readonly catalog: CatalogService,
    private readonly content: ContentService,
    private readonly collections: CollectionService,
    cacheTtlMs: number,
    private readonly urlsPerFile = URLS_PER_FILE,
  ) {
    this.cache = new TtlCache(cacheTtlMs, undefined, 'sitemaps');
    this.served = this.servedLocales();
  }

  /** Locales this site serves: markets with their own site (China's) are left to it. */
  private servedLocales(): LocaleInfo[] {
    return this.markets
      .countries()
      .filter((c) => !c.urlOverride)
      .flatMap((c) => c.locales)
      .map((locale) => ({ locale, market: this.markets.resolve(locale) }))
      .filter((l) => l.market.locale === l.locale);
  }

  /** Empties the cache and reads the served locales again (the `sitemaps` cache of a bust); answers how many entries went. */
  bust(): number {
    const n = this.cache.size;
    this.cache.clear();
    this.served = this.servedLocales();
    return n;
  }

  /**
   * The cache (CACHE_TTL_SECONDS), and within one document a memo: the index reuses the content map and the
   * product counts across its ~600 files even when the cache is off.
   */
  private cached<T>(key: string, compute: () => Promise<T>, memo?: Memo): Promise<T> {
    if (!memo) return this.cache.get(key, compute) as Promise<T>;
    let hit = memo.get(key) as Promise<T> | undefined;
    if (!hit) memo.set(key, (hit = this.cache.get(key, compute) as Promise<T>));
    return hit;
  }

  /** A well-formed locale this site has sitemaps for. */
  serves(locale: string): boolean {
    return this.served.some((l) => l.locale === locale);
  }

  private localizedPath(locale: string, path: string): string {
    if (locale === DEFAULT_LOCALE) return path;
    return path === '/' ? `/${locale}/` : `/${locale}${path}`;
  }

  private href(locale: string, path: string): string {
    return this.origin + this.localizedPath(locale, path);
  }

  private toUrl(self: LocaleInfo, e: Entry): SitemapUrl {
    const pathOf = (l: LocaleInfo) => (e.pathIn ? e.pathIn(l.market.language) : e.path);
    const having = new Set(e.locales);
    const others = this.served.filter((l) => l.locale !== self.locale && having.has(l.locale));
    const alternates = [self, ...others].map((l) => ({ hreflang: l.locale, href: this.href(l.locale, pathOf(l)) }));
    const us = this.served.find((l) => l.locale === DEFAULT_LOCALE);
    if (us && having.has(DEFAULT_LOCALE))
      alternates.push({ hreflang: 'x-default', href: this.href(DEFAULT_LOCALE, pathOf(us)) });
    return { loc: this.href(self.locale, pathOf(self)), lastmod: e.lastmod, alternates };
  }

  private info(locale: string): LocaleInfo {
    const info = this.served.find((l) => l.locale === locale);
    if (!info) throw new AppError('ERR_API_1002', `No sitemap for the locale ${locale}.`);
    return info;
  }

  // --- products ----------------------------------------------------------------------------------

  private productEntry(row: SitemapProductRow): Entry {
    const priced = new Set(row.currencies);
    const locales = this.served
      .filter((l) => l.market.currency === null || priced.has(l.market.currency))
      .map((l) => l.locale);
    const names = row.names ?? {};
    return {
      path: productUrl(row.slug, row.pid),
      lastmod: new Date(row.created_at),
      locales,
      pathIn: (language) =>
        productUrl(row.slug, row.pid, names[language] ? { language, name: names[language] } : undefined),
    };
  }

  private productCounts(memo?: Memo) {
    return this.cached('product-counts', () => productCounts(this.db, this.brand), memo);
  }

  // --- every other type: small lists, built in memory ---------------------------------------------

  /** Locales where each content page URL is published. */
  private contentLocales(memo?: Memo): Promise<Map<string, string[]>> {
    return this.cached(
      'content-locales',
      async () => {
        const byUrl = new Map<string, string[]>();
        for (const l of this.served) {
          for (const p of await this.content.pagesOf(l.market, () => true)) {
            const list = byUrl.get(p.page_url) ?? [];
            list.push(l.locale);
            byUrl.set(p.page_url, list);
          }
        }
        return byUrl;
      },
      memo,
    );
  }

  /** When each content page last changed (`seedContent` keeps a digest of each). */
  private contentVersions(memo?: Memo): Promise<{ pages: Map<string, Date>; publication: Date | null }> {
    return this.cached('content-versions', () => this.content.versions(), memo);
  }

  /** When the content publication as a whole last changed. */
  private async publishedAt(memo?: Memo): Promise<Date> {
    return (await this.contentVersions(memo)).publication ?? this.startedAt;
  }

  private async newestProduct(memo?: Memo): Promise<Date> {
    const last = (await this.productCounts(memo)).find((c) => c.currency === null)?.last;
    return last ? new Date(last) : await this.publishedAt(memo);
  }

  private async categoryEntries(info: LocaleInfo, rd: boolean, memo?: Memo): Promise<Entry[]> {
    const nav = this.catalog.navigation(info.market);
    const [newest, rdCounts] = await Promise.all([
      this.cached('category-newest', () => newestByCategory(this.db, this.brand), memo),
      rd ? this.cached('rd-counts', () => this.content.rdCounts(), memo) : Promise.resolve(new Map<string, number>()),
    ]);
    const under = (id: string) => {
      const ids = [id];
      for (let i = 0; i < ids.length; i++) for (const c of nav) if (c.parentId === ids[i]) ids.push(c.id);
      return ids;
    };
    const all = this.served.map((l) => l.locale);
    const out: Entry[] = [];
    for (const c of nav) {
      const ids = under(c.id);
      if (rd && !ids.some((id) => (rdCounts.get(id) ?? 0) > 0)) continue;
      const times = ids.map((id) => newest.get(id)?.getTime() ?? 0);
      const last = Math.max(0, ...times);
      out.push({
        path: rd ? `/rive-droite/ca/${c.slug}` : `/ca/${c.slug}`,
        lastmod: last ? new Date(last) : await this.newestProduct(memo),
        locales: all,
      });
    }
    return out;
  }

  private async collectionEntries(info: LocaleInfo): Promise<Entry[]> {
    const all = this.served.map((l) => l.locale);
    const lastmod = await this.newestProduct();
    const out: Entry[] = [{ path: '/collections', lastmod, locales: all }];
    for (const c of await this.collections.all(info.market)) {
      out.push({ path: c.url, lastmod, locales: all }, { path: `${c.url}/items`, lastmod, locales: all });
      if (c.totalLooks > 0) out.push({ path: `${c.url}/looks`, lastmod, locales: all });
    }
    return out;
  }

  private async contentEntries(info: LocaleInfo, type: SitemapType, memo?: Memo): Promise<Entry[]> {
    const byUrl = await this.contentLocales(memo);
    const versions = await this.contentVersions(memo);
    // A page's own date; a page without one (the boutiques, contact) the publication's.
    const published = versions.publication ?? this.startedAt;
    const lastmodOf = (url: string) => versions.pages.get(url) ?? published;
    const all = this.served.map((l) => l.locale);
    const out: Entry[] = [];
    if (type === 'sites') {
      for (const path of SITE_PAGES) {
        // The home, boutique and contact pages exist in every market; FAQ and client service where published.
        const locales = path === '/' || path === '/stores' || path === '/contact' ? all : byUrl.get(path);
        if (locales?.includes(info.locale)) out.push({ path, lastmod: lastmodOf(path), locales });
      }
      return out;
    }
    for (const [url, locales] of byUrl) {
      if (contentTypeOf(url) !== type || !locales.includes(info.locale)) continue;
      if (
        type === 'rd-events' &&
        !(await this.content.calendarType(info.market, url.slice('/rive-droite/calendar/'.length)))
      )
        continue;
      out.push({ path: url, lastmod: lastmodOf(url), locales });
    }
    return out;
  }

  private entries(info: LocaleInfo, type: Exclude<SitemapType, 'products'>, memo: Memo = new Map()): Promise<Entry[]> {
    return this.cached(`entries|${info.locale}|${type}`, () => {
      switch (type) {
        case 'categories':
          return this.categoryEntries(info, false, memo);
        case 'rd-categories':
          return this.categoryEntries(info, true, memo);
        case 'collections':
          return this.collectionEntries(info);
        default:
          return this.contentEntries(info, type, memo);
      }
    });
  }

  // --- the two documents ---------------------------------------------------------------------------

  /** Files of one locale and type: how many, and the newest `lastmod` among their URLs. */
  private async files(info: LocaleInfo, type: SitemapType, memo: Memo): Promise<{ pages: number; lastmod: Date }> {
    if (type === 'products') {
      const counts = await this.productCounts(memo);
      const c = counts.find((x) => x.currency === info.market.currency) ?? { n: 0, last: null };
      return {
        pages: Math.ceil(c.n / this.urlsPerFile),
        lastmod: c.last ? new Date(c.last) : await this.publishedAt(memo),
      };
    }
    // Collections: the landing page is always there; its files are not built for the index.
    if (type === 'collections') return { pages: 1, lastmod: await this.newestProduct(memo) };
    const list = await this.entries(info, type, memo);
    const last = Math.max(0, ...list.map((e) => e.lastmod.getTime()));
    return {
      pages: Math.ceil(list.length / this.urlsPerFile),
      lastmod: new Date(last || (await this.publishedAt(memo)).getTime()),
    };
  }

  /** `/sitemap_index.xml`: every non-empty file of every locale and type. */
  index(): Promise<string> {
    return this.cached('index', async () => {
      const memo: Memo = new Map();
      const out: { loc: string; lastmod: Date }[] = [];
      for (const info of this.served) {
        for (const type of SITEMAP_TYPES) {
          const { pages, lastmod } = await this.files(info, type, memo);
          for (let page = 1; page <= pages; page++) {
            out.push({
              loc: `${this.origin}/sitemaps/${info.locale}/sitemap-${type}.xml${page > 1 ? `?page=${page}` : ''}`,
              lastmod,
            });
          }
        }
      }
      return sitemapIndex(out);
    });
  }

  /** One file of a locale's sitemap of a type; ERR_API_1002 for a locale not served or a page past the end. */
  async sitemap(locale: string, type: SitemapType, page = 1): Promise<string> {
    const info = this.info(locale);
    const offset = (page - 1) * this.urlsPerFile;
    let entries: Entry[];
    if (type === 'products') {
      const rows = await productPage(this.db, {
        brand: this.brand,
        currency: info.market.currency,
        limit: this.urlsPerFile,
        offset,
      });
      entries = rows.map((r) => this.productEntry(r));
    } else {
      entries = (await this.entries(info, type)).slice(offset, offset + this.urlsPerFile);
    }
    if (page > 1 && entries.length === 0)
      throw new AppError('ERR_API_1002', `The ${type} sitemap of ${locale} has no page ${page}.`);
    const xml = urlset(entries.map((e) => this.toUrl(info, e)));
    const bytes = Buffer.byteLength(xml);
    if (entries.length > MAX_URLS_PER_FILE || bytes > MAX_BYTES_PER_FILE) {
      throw new Error(
        `sitemap ${locale}/${type} page ${page}: ${entries.length} URLs, ${bytes} bytes exceed the sitemap limits`,
      );
    }
    return xml;
  }
}
