// What the content's use cases share: the database, the catalogue's tiles, the cache and its busting, the
// market's content language, the page rows and their publication, the "rive droite" products.
import { contentLanguageOf, type ContentLanguage } from '../../../../reference/content-language.ts';
import type { DB } from '../../db/database.ts';
import { keptRowsGeneration } from '../../db/write-watch.ts';
import type { Schemas } from '../../shared/http.ts';
import { KeptRows } from '../../shared/kept-rows.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { Market } from '../markets/index.ts';
import {
  type ComponentRow,
  contentVersions,
  listPages,
  ownerComponents,
  rdCategoryCounts,
  rdListing,
  type RdSort,
  tileRowsByPids,
  type PageRow,
} from './repository.ts';

/** How long content rows read from the database are used at most (ms), the content unchanged (decision 0201). */
export const KEPT_LAYOUT_MS = 1_000;
/** Most owners whose component rows are kept (a page's rows are a few to a few dozen kilobytes). */
const MAX_KEPT_OWNERS = 512;

/** The sources, the cache and the page rows every use case of the content reads. */
export class ContentKit {
  private readonly cache: TtlCache<unknown>;
  /**
   * Component rows by owner (`layout--<language>`, a page's `cms_page_id`, `generic--<id>--<language>`), kept while
   * the content stands (`componentRows`).
   */
  readonly keptComponents = new KeptRows<{ pid: string; rows: ComponentRow[] }>(MAX_KEPT_OWNERS, KEPT_LAYOUT_MS);
  /** Each content language's pages, kept the same way (`pages`). */
  readonly keptPages = new KeptRows<{ pid: string; rows: PageRow[] }>(64, KEPT_LAYOUT_MS);
  /** Busts of the content cache: rows kept before one are not used after it. */
  private busts = 0;
  private readonly contentAsOf: () => string | undefined;

  constructor(
    readonly db: DB,
    readonly catalog: CatalogService,
    readonly brand: string,
    cacheTtlMs = 0,
  ) {
    this.cache = new TtlCache(cacheTtlMs, undefined, 'content');
    this.contentAsOf = keptRowsGeneration(db, () => true, 'content');
  }

  /**
   * The components of the layout of a content language, from memory while the content stands: no content write
   * of this process has settled and none of another writer has been heard of (migration 0032's triggers), no
   * bust of the content cache, and for at most a second (`KEPT_LAYOUT_MS`); read otherwise, one statement however
   * many requests ask at once. Every page's data names its layout, so with its cache entry gone (or
   * `CACHE_TTL_SECONDS=0`) the layout would otherwise cost every page a statement.
   * [decision 0201](../../../../docs/decisions/0201-layout-rows-from-memory.md)
   */
  layoutRows(language: ContentLanguage): Promise<ComponentRow[]> {
    return this.componentRows(`layout--${language}`);
  }

  /**
   * The component rows of an owner (a page, the layout, a generic content), kept as the layout's are: a page's
   * data without its cache entry read its page's components (and the language's pages, three times) on every
   * request.
   */
  async componentRows(owner: string): Promise<ComponentRow[]> {
    const [kept] = await this.keptComponents.of(this.keptGeneration, '', [owner], async () => [
      { pid: owner, rows: await ownerComponents(this.db, this.brand, owner) },
    ]);
    return kept?.rows ?? [];
  }

  /** What rows are kept under: the content epoch and the busts (undefined: not kept, while writers are not heard). */
  private readonly keptGeneration = (): string | undefined => {
    const asOf = this.contentAsOf();
    return asOf === undefined ? undefined : `${this.busts}|${asOf}`;
  };

  /** Every kept row forgotten, and none read before now used after (a bust, a clear). */
  private forgetKept(): void {
    this.keptComponents.forget();
    this.keptPages.forget();
    this.busts++;
  }

  cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.cache.get(key, compute) as Promise<T>;
  }

  /** Empties the cache, or the entries of some keys / locales; answers how many entries were removed. */
  bust(filter?: { keys?: string[] | undefined; locales?: string[] | undefined }): number {
    const keys = filter?.keys;
    const locales = filter?.locales;
    // A bust says the content changed somewhere: the kept rows are read again.
    this.forgetKept();
    if (!keys?.length && !locales?.length) {
      const n = this.cache.size;
      this.cache.clear();
      return n;
    }
    return this.cache.deleteWhere(
      (k) => (keys?.includes(k) ?? false) || (locales?.some((l) => k.split('|').includes(l)) ?? false),
    );
  }

  clear(): void {
    this.forgetKept();
    this.cache.clear();
  }

  languageOf(market: Market): ContentLanguage {
    return contentLanguageOf(market.locale);
  }

  /** Every page of a content language, in publication order (small reference data), kept as the layout's rows are. */
  async pages(language: ContentLanguage): Promise<PageRow[]> {
    const [kept] = await this.keptPages.of(this.keptGeneration, '', [language], async () => [
      { pid: language, rows: await listPages(this.db, this.brand, language) },
    ]);
    return kept?.rows ?? [];
  }

  /** Published in the market: every market, unless the page names its countries. */
  isPublishedIn(page: Pick<PageRow, 'countries'>, country: string): boolean {
    return !page.countries || page.countries.includes(country);
  }

  /** The market's variant of a page by content id, global id or URL slug; undefined when not published there. */
  async findPage(
    market: Market,
    q: { pageId?: string | undefined; globalPageId?: string | undefined; url?: string | undefined },
  ): Promise<PageRow | undefined> {
    const pages = await this.pages(this.languageOf(market));
    const found = q.globalPageId
      ? pages.find((p) => p.global_page_id === q.globalPageId)
      : q.url !== undefined
        ? pages.find((p) => p.page_url === q.url)
        : (pages.find((p) => p.cms_page_id === q.pageId || p.global_page_id === q.pageId) ??
          pages.find((p) => p.page_url !== '/' && p.page_url.split('/').pop() === q.pageId));
    return found && this.isPublishedIn(found, market.country) ? found : undefined;
  }

  /** Pages of the house in a language (for listings such as the calendars or the legal side navigation). */
  async pagesOf(market: Market, filter: (p: PageRow) => boolean): Promise<PageRow[]> {
    return (await this.pages(this.languageOf(market))).filter(
      (p) => this.isPublishedIn(p, market.country) && filter(p),
    );
  }

  /** Countries a page is published in (null: every market), for its hreflang alternates. */
  async countriesOfPage(globalPageId: string): Promise<string[] | null> {
    const page = (await this.pages('en')).find((p) => p.global_page_id === globalPageId);
    return page?.countries ?? null;
  }

  /** Product tiles of some pids for a market, in that order; products the market does not sell are left out. */
  async tiles(market: Market, pids: string[]): Promise<Schemas['ProductTile'][]> {
    const rows = await tileRowsByPids(this.db, this.brand, pids, market.language, market.currency);
    return rows.map((row) => this.catalog.tile(row, market));
  }

  /** When each page URL's publication last changed, and the whole publication's. */
  versions(): Promise<{ pages: Map<string, Date>; publication: Date | null }> {
    return this.cached('versions', () => contentVersions(this.db, this.brand));
  }

  /** Number of "rive droite" products per category id (the boutique's own navigation). */
  rdCounts(): Promise<Map<string, number>> {
    return this.cached('rd-counts', () => rdCategoryCounts(this.db, this.brand));
  }

  /** One page of the "rive droite" products of some categories, as tiles priced for the market. */
  async rdTiles(
    market: Market,
    q: { categoryIds: string[]; sort: RdSort; limit: number; offset: number },
  ): Promise<{ total: number; tiles: Schemas['ProductTile'][] }> {
    const { total, rows } = await rdListing(this.db, {
      brand: this.brand,
      language: market.language,
      currency: market.currency,
      ...q,
    });
    return { total, tiles: rows.map((r) => this.catalog.tile(r, market)) };
  }
}
