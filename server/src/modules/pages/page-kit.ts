// What every page's data is built from: the sources, the page-data cache, the head (meta) and the envelope
// (market, navigation, layout, shell). The use-case files (catalogue-pages, content-pages, rive-droite-pages,
// collection-pages) build each page from it; `PageDataService` (service.ts) is their one door.
import { houseOf } from '../../../../reference/houses.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { Market, MarketService } from '../markets/index.ts';
import { DEFAULT_LOCALE, toMarketDto } from '../markets/index.ts';
import type { ContentService, PageRow } from '../content/index.ts';
import { TtlCache, type CacheHold } from '../../shared/ttl-cache.ts';
import { holdsShared, shareJson } from '../../shared/shared-json.ts';
import type { CollectionService } from '../collections/index.ts';
import type { ProductDataService } from '../products/index.ts';
import type { SearchService } from '../search/index.ts';

export type ContentPage = Schemas['ContentPage'];
/** A page's alternates as made, with the market list and the key they were made for. */
interface KeptAlternates {
  list: unknown;
  key: string;
  alternates: Schemas['PageMeta']['alternates'];
}
/** Pages whose alternates are kept by path (categories, content pages, boutiques…); emptied when full. */
const MAX_KEPT_ALTERNATES = 5_000;
export type NavItem = Schemas['CategoryNavItem'];
/** The envelope of a page of one type: what every page's data starts from, its `pageType` the constant its schema names. */
export type Envelope<T extends Schemas['PageType']> = Omit<Schemas['PageEnvelope'], 'pageType'> & { pageType: T };

/** Shell of a page from its content tags (spec §2 and §4). */
export function shellOf(
  tags: readonly { id: string }[] | undefined,
  rd = false,
): { theme: 'light' | 'dark'; layoutVariant: 'default' | 'rive-droite' } {
  const ids = new Set((tags ?? []).map((t) => t.id));
  return {
    theme: ids.has('theme-dark') ? 'dark' : 'light',
    layoutVariant: rd || ids.has('rive-droite') ? 'rive-droite' : 'default',
  };
}

/** What the storefront's pages are built from, given once at start. */
export interface PageSources {
  catalog: CatalogService;
  markets: MarketService;
  /** The public origin, for canonical and alternate URLs. */
  origin: string;
  brand: string;
  /** How long page data is cached (CACHE_TTL_SECONDS). */
  cacheTtlMs: number;
  content: ContentService;
  collections: CollectionService;
  /** The search page's results and trending searches. */
  search: Pick<SearchService, 'search' | 'trending'>;
  /** The product page's style, colour and availability data. */
  productData: Pick<ProductDataService, 'productPage'>;
}

/** The sources, cache and head of the storefront's pages, shared by the use-case files. */
export class PageKit {
  readonly brandName: string;
  // Page data is public and the same for every visitor of a market: cached briefly (CACHE_TTL_SECONDS).
  private readonly cache: TtlCache<unknown>;
  readonly catalog: CatalogService;
  private readonly markets: MarketService;
  readonly origin: string;
  readonly brand: string;
  readonly content: ContentService;
  readonly collections: CollectionService;
  readonly search: Pick<SearchService, 'search' | 'trending'>;
  readonly productData: Pick<ProductDataService, 'productPage'>;
  constructor(sources: PageSources) {
    this.catalog = sources.catalog;
    this.markets = sources.markets;
    this.origin = sources.origin;
    this.brand = sources.brand;
    this.content = sources.content;
    this.collections = sources.collections;
    this.search = sources.search;
    this.productData = sources.productData;
    this.brandName = houseOf(this.brand).name;
    this.cache = new TtlCache(sources.cacheTtlMs, undefined, 'page-data');
  }

  cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.cache.get(key, compute) as Promise<T>;
  }

  /** A hold on the fresh cache entry that gave `data` (undefined when none did): see `TtlCache.holdOn`. */
  holdOn(data: unknown): CacheHold | undefined {
    return this.cache.holdOn(data);
  }

  /** Empties the page-data cache, or the entries of some keys / locales (keys are `kind|locale|...`). */
  private readonly bustListeners: (() => void)[] = [];

  /** Called after every bust: pages rendered from the busted data (the SSR cache) go too. */
  onBust(listener: () => void): void {
    this.bustListeners.push(listener);
  }

  bust(filter?: { keys?: string[] | undefined; locales?: string[] | undefined }): number {
    for (const listener of this.bustListeners) listener();
    const { keys, locales } = filter ?? {};
    if (!keys?.length && !locales?.length) {
      const n = this.cache.size;
      this.cache.clear();
      return n;
    }
    return this.cache.deleteWhere(
      (k) => (keys?.includes(k) ?? false) || (locales?.some((l) => k.split('|')[1] === l) ?? false),
    );
  }

  /** Site-relative URL of a page in a locale: en-us has no prefix (spec §2). */
  localizedPath(locale: string, path: string): string {
    if (locale === DEFAULT_LOCALE) return path;
    return path === '/' ? `/${locale}/` : `/${locale}${path}`;
  }

  /**
   * Head of a page: canonical in the market's locale, hreflang alternates in every locale where the
   * page exists (`countries`: the countries it is published in; null = every market).
   * `pathIn(language)`: the page's path in another language when it differs (product URLs, spec §2).
   */
  meta(
    market: Market,
    path: string,
    title: string,
    description: string,
    robots = 'index, follow',
    countries: string[] | null = null,
    pathIn?: (language: string) => string,
  ): Schemas['PageMeta'] {
    const alternates = this.alternatesOf(path, countries, pathIn);
    const canonical = this.origin + this.localizedPath(market.locale, path);
    // The alternates are made once (below): the answer's JSON takes their text as made (`holdsShared`).
    return holdsShared({ title, description, canonical, robots, alternates });
  }

  /**
   * Alternates made once for a page path (and the countries it is published in) while the markets stand, and for
   * a product's paths (`pathIn`, the same function while its rows are kept): 71 links, 8 KB of a product page's
   * 24 KB of data, each page's the same on every request. Shared JSON (`shareJson`): made, serialised and
   * frozen once.
   */
  private readonly alternatesByPath = new Map<string, KeptAlternates>();
  private readonly alternatesByPaths = new WeakMap<(language: string) => string, KeptAlternates>();
  private alternatesOf(
    path: string,
    countries: string[] | null,
    pathIn?: (language: string) => string,
  ): Schemas['PageMeta']['alternates'] {
    const list = this.markets.countries();
    const key = `${countries?.join(',') ?? '*'}|${path}`;
    const kept = pathIn ? this.alternatesByPaths.get(pathIn) : this.alternatesByPath.get(key);
    if (kept && kept.list === list && kept.key === key) return kept.alternates;
    const published = (country: string) => !countries || countries.includes(country);
    const locales = countries ? this.localesWhere(published) : this.everyLocale();
    const alternates = locales.map((l) => ({
      hreflang: l,
      href: this.origin + this.localizedPath(l, pathIn ? pathIn(l.slice(0, 2)) : path),
    }));
    if (published('US')) alternates.push({ hreflang: 'x-default', href: this.origin + (pathIn ? pathIn('en') : path) });
    const made: KeptAlternates = { list, key, alternates: shareJson(alternates) };
    if (pathIn) this.alternatesByPaths.set(pathIn, made);
    else {
      if (this.alternatesByPath.size >= MAX_KEPT_ALTERNATES) this.alternatesByPath.clear();
      this.alternatesByPath.set(key, made);
    }
    return made.alternates;
  }

  /** The locales of the markets whose pages this site serves (no URL of their own) where `published` holds. */
  private localesWhere(published: (country: string) => boolean): string[] {
    return this.markets
      .countries()
      .filter((c) => !c.urlOverride && published(c.country))
      .flatMap((c) => c.locales);
  }

  /** Every market's locales (the alternates of most pages): listed once per list of markets, not on every page. */
  private readonly allLocales = new WeakMap<object, string[]>();
  private everyLocale(): string[] {
    const countries = this.markets.countries();
    let locales = this.allLocales.get(countries);
    if (!locales) this.allLocales.set(countries, (locales = this.localesWhere(() => true)));
    return locales;
  }

  async envelope<T extends Schemas['PageType']>(
    pageType: T,
    market: Market,
    meta: Schemas['PageMeta'],
    shell: ReturnType<typeof shellOf> = shellOf(undefined),
  ): Promise<Envelope<T>> {
    const layout = await this.content.layout(market);
    return {
      pageType,
      market: toMarketDto(market),
      meta,
      navigation: this.catalog.navigation(market),
      ...(layout ? { layout } : {}),
      ...shell,
    };
  }

  /** The envelope of a page another module builds (contact): market, navigation, layout, with its own head. */
  shell<T extends Schemas['PageType']>(pageType: T, market: Market, meta: Schemas['PageMeta']): Promise<Envelope<T>> {
    return this.envelope(pageType, market, meta);
  }

  /**
   * The envelope of a private or utility page (account area, sign-in, sign-up): canonical to itself,
   * never indexed, no alternates (their content is not the same in every market).
   */
  async privateShell<T extends Schemas['PageType']>(
    pageType: T,
    market: Market,
    path: string,
    title: string,
  ): Promise<Envelope<T>> {
    const meta: Schemas['PageMeta'] = {
      title: `${title} | ${this.brandName}`,
      description: '',
      canonical: this.origin + this.localizedPath(market.locale, path),
      robots: 'noindex, nofollow',
      alternates: [],
    };
    return this.envelope(pageType, market, meta);
  }

  /** Meta of a content page: its own title and description, alternates where it is published. */
  contentMeta(
    market: Market,
    page: ContentPage,
    row: Pick<PageRow, 'countries'> | null,
    robots = 'index, follow',
    path = page.pageUrl,
  ): Schemas['PageMeta'] {
    const title = page.metaTitle ?? `${page.title} | ${this.brandName}`;
    return this.meta(market, path, title, page.metaDescription ?? '', robots, row?.countries ?? null);
  }

  /** A content page at a site URL, public view, with the row it comes from; ERR_PAGE_1000 when missing. */
  async contentAt(
    market: Market,
    url: string,
    navigationPrefix?: string,
  ): Promise<{ page: ContentPage; row: PageRow }> {
    const row = await this.content.findPage(market, { url });
    if (!row) throw new AppError('ERR_PAGE_1000', `No page ${url} in ${market.locale}.`);
    const page = await this.content.pageAt(market, url, navigationPrefix ?? row.navigation_links_prefix);
    if (!page) throw new AppError('ERR_PAGE_1000', `No page ${url} in ${market.locale}.`);
    return { page, row };
  }

  /** A page the storefront cannot do without (FAQ, client service, boutique home): its absence is a source failure. */
  async requiredContentAt(market: Market, url: string): Promise<{ page: ContentPage; row: PageRow }> {
    try {
      return await this.contentAt(market, url);
    } catch (err) {
      if (err instanceof AppError && err.code === 'ERR_PAGE_1000')
        throw new AppError('ERR_DATA_1000', `content: no page ${url} published in ${market.locale}.`);
      throw err;
    }
  }
}
