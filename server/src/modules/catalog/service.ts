// The catalogue's door: one service over its use cases — listings.ts (a category's page, a scope's page and
// facets, the filters of a listing; facets.ts shows them), navigation.ts (menus, featured categories, the links
// above a listing), product-pages.ts (a product's page and paths, the featured pieces) — which share
// catalog-kit.ts (the category tree, the listing cache, the listing index, the tile).
import type { DB } from '../../db/database.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import type { CatchUpGate } from '../../db/write-watch.ts';
import type { CacheHold } from '../../shared/ttl-cache.ts';
import type { CategoryRow, ListingScope, TileRow } from './repository.ts';
import type { Matches } from './match-slots.ts';
import type { FilterSelection } from './filter-string.ts';
import type { ListingIndex } from './listing-index.ts';
import { CatalogKit } from './catalog-kit.ts';
import { applicable } from './facets.ts';
import {
  categoryFilters,
  computeFacets,
  listing,
  listingFilters,
  listMatches,
  listProducts,
  type CalendarFilters,
  type ListedProducts,
  type ListingInput,
  type ScopeFacets,
} from './listings.ts';
import { featuredCategories, navigation, plpNavigation } from './navigation.ts';
import { featuredProducts, product } from './product-pages.ts';
import type { PhotoLookup } from './product-display.ts';

export { DEFAULT_PAGE_SIZE } from './listings.ts';
export type { CalendarFilters } from './listings.ts';
export { deriveAvailability, normalizeSort, productImage, productUrl, type PhotoLookup } from './product-display.ts';

/** Categories, listings and their filters, the listing index, and products as their page shows them. */
export class CatalogService {
  private readonly kit: CatalogKit;

  constructor(
    db: DB,
    readonly brand: string,
    cacheTtlMs = 0,
    /** The photo of a product view, when one was imported (the media module's index); otherwise its drawing. */
    photoOf: PhotoLookup = () => undefined,
  ) {
    this.kit = new CatalogKit(db, brand, cacheTtlMs, photoOf);
  }

  /** When the index may answer without a catch-up read (`db/write-watch.ts`); its `reads` count them. */
  get catchUps(): CatchUpGate {
    return this.kit.catchUps;
  }

  /** Listing tiles given from memory and read from the database (`CatalogKit.tilesOf`), in tiles. */
  get tileReads(): { readonly memory: number; readonly database: number } {
    return this.kit.keptTiles.reads;
  }

  /** Products read for their page given from memory and read from the database (`CatalogKit.keptProduct`). */
  get productReads(): { readonly memory: number; readonly database: number } {
    return this.kit.keptProducts.reads;
  }

  /**
   * What rows of one product read for its page are as of, for another module keeping its own (`KeptRows`);
   * undefined while none may be kept (`CatalogKit.keptProductGeneration`, decision 0200).
   */
  keptProductGeneration(): string | undefined {
    return this.kit.keptProductGeneration();
  }

  /** Empties the listing cache, or the entries of some keys / locales (cache busting); answers how many were removed. */
  bustCache(filter: { keys?: string[] | undefined; locales?: string[] | undefined } = {}): number {
    return this.kit.bustCache(filter);
  }

  /** Categories are small reference data: cached in memory, reloaded by `refresh`. */
  refresh(): Promise<void> {
    return this.kit.refresh();
  }

  navItem(c: CategoryRow, market: Market): Schemas['CategoryNavItem'] {
    return this.kit.navItem(c, market);
  }

  navigation(market: Market): Schemas['CategoryNavItem'][] {
    return navigation(this.kit, market);
  }

  /**
   * The navigation items of a category and its ancestors, the top one first; [] for an unknown id. Only that
   * chain is made (a tile's categories), not the whole navigation.
   */
  categoryChain(categoryId: string, market: Market): Schemas['CategoryNavItem'][] {
    const c = this.kit.byId.get(categoryId);
    return c ? this.kit.ancestry(c).map((a) => this.kit.navItem(a, market)) : [];
  }

  categoryBySlug(slug: string): CategoryRow {
    return this.kit.categoryBySlug(slug);
  }

  breadcrumbs(c: CategoryRow, market: Market): Schemas['Breadcrumb'][] {
    return this.kit.breadcrumbs(c, market);
  }

  featuredCategories(market: Market): Schemas['CategoryNavItem'][] {
    return featuredCategories(this.kit, market);
  }

  tile(row: TileRow, market: Market): Schemas['ProductTile'];
  tile(row: Omit<TileRow, 'total_stock'>, market: Market, totalStock: number): Schemas['ProductTile'];
  tile(row: Omit<TileRow, 'total_stock'> & { total_stock?: number }, market: Market, totalStock?: number) {
    return this.kit.tile(row, market, totalStock ?? row.total_stock ?? 0);
  }

  /** A product view's photo when it has one, else its drawing. */
  viewImage(pid: string, view: number, alt: string): Schemas['Image'] {
    return this.kit.viewImage(pid, view, alt);
  }

  /** The listing index of the house, brought up to date (`CatalogKit.currentIndex`). */
  currentIndex(): Promise<ListingIndex> {
    return this.kit.currentIndex();
  }

  /** Forgets listing removals an hour old (see `pruneListingRemovals`); answers how many went. */
  pruneRemovals(olderThanSeconds = 3_600): Promise<number> {
    return this.kit.pruneRemovals(olderThanSeconds);
  }

  /** Whether a product (by number) is listed and sold in a currency, as of now (`ListingIndex.soldIn`). */
  soldIn(currency: string | null): Promise<(num: number) => boolean> {
    return this.kit.soldIn(currency);
  }

  /** A category and everything below it, as a listing scope. */
  categoryScope(category: CategoryRow): ListingScope {
    return this.kit.categoryScope(category);
  }

  listing(input: ListingInput): Promise<Schemas['CategoryListing']> {
    return listing(this.kit, input);
  }

  /**
   * A hold on the listing cache's entry that gave `listing` (the object `listing()` answered, as it is: never
   * copied), while it is the fresh entry of its key; undefined when the cache is off or the entry is gone.
   */
  holdOn(listing: Schemas['CategoryListing']): CacheHold | undefined {
    return this.kit.listings.holdOn(listing);
  }

  /** Moves whenever the category tree is read again (`refresh`): what was answered from the one before is outdated. */
  get treeVersion(): number {
    return this.kit.treeVersion;
  }

  /** The values of a selection that exist (`facets.ts`). */
  applicable(selection: FilterSelection, market: Market): FilterSelection {
    return applicable(this.kit, selection, market);
  }

  /** One page of the products of a scope narrowed by a filter selection, with the facets of that scope. */
  listProducts(
    scope: ListingScope,
    selection: FilterSelection,
    market: Market,
    options: { sort?: unknown; page?: number | undefined; pageSize?: number | undefined } = {},
  ): Promise<ListedProducts> {
    return listProducts(this.kit, scope, selection, market, options);
  }

  /** Like `listProducts` for a scope with a match set (a search), answering the page's pids rather than tiles. */
  listMatches(
    scope: (ListingScope & { matches: NonNullable<ListingScope['matches']> }) | { matchSet: () => Matches },
    selection: FilterSelection,
    market: Market,
    options: { sort?: unknown; page?: number | undefined; pageSize?: number | undefined } = {},
  ): Promise<{ pids: string[]; totalNrOfProducts: number; filters: Schemas['Filter'][] }> {
    return listMatches(this.kit, scope, selection, market, options);
  }

  /** The facets of a scope under a selection (unknown values dropped), and the results they leave. */
  computeFacets(scope: ListingScope, selection: FilterSelection, market: Market): Promise<ScopeFacets> {
    return computeFacets(this.kit, scope, selection, market);
  }

  /** `getListingFilters`: the facets of a category listing or of a "rive droite" calendar. */
  listingFilters(
    slug: string,
    filters: string | undefined,
    market: Market,
    calendars?: CalendarFilters,
  ): Promise<Schemas['FilterList']> {
    return listingFilters(this.kit, slug, filters, market, calendars);
  }

  /** The facets of a category listing. */
  categoryFilters(slug: string, filters: string | undefined, market: Market): Promise<Schemas['FilterList']> {
    return categoryFilters(this.kit, slug, filters, market);
  }

  /** `getPlpNavigation`: the links above a listing. */
  plpNavigation(pageEntryId: string, isRd: boolean, market: Market): Schemas['PlpNavigation'] {
    return plpNavigation(this.kit, pageEntryId, isRd, market);
  }

  featuredProducts(market: Market, count: number): Promise<Schemas['ProductTile'][]> {
    return featuredProducts(this.kit, market, count);
  }

  /** A product as its page shows it; unknown, employee-only or unpriced in this market → ERR_PDT_API_1001. */
  product(
    pidInput: string,
    market: Market,
  ): Promise<{ product: Schemas['Product']; breadcrumbs: Schemas['Breadcrumb'][]; slug: string }> {
    return product(this.kit, pidInput, market);
  }
}
