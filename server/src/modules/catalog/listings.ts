// Listings: a category's page of products (cached), a scope's page and facets (a category, or a search's
// matches), and the filters of a listing.
import { AppError } from '../../shared/errors.ts';
import { holdsShared } from '../../shared/shared-json.ts';
import type { Schemas } from '../../shared/http.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import {
  facetCounts,
  listFilteredTiles,
  matchedRows,
  type CategoryRow,
  type FacetCounts,
  type ListingScope,
  type SortKey,
  type TileRow,
} from './repository.ts';
import { formatFilterString, parseFilterString, type FilterSelection } from './filter-string.ts';
import type { CatalogKit } from './catalog-kit.ts';
import type { Matches } from './match-slots.ts';
import { applicable, facets, resolve } from './facets.ts';
import { normalizeSort } from './product-display.ts';

export const DEFAULT_PAGE_SIZE = 24;

export interface ListingInput {
  slug: string;
  market: Market;
  sort?: unknown;
  page?: number | undefined;
  pageSize?: number | undefined;
  /** The raw `filters` query value (spec §3 filter string). */
  filters?: string | undefined;
}

/** A page of a filtered scope, with its facets (the listing part of CategoryListing, or of a search). */
export interface ListedProducts {
  products: Schemas['ProductTile'][];
  totalNrOfProducts: number;
  page: number;
  pageSize: number;
  pageCount: number;
  sort: SortKey;
  appliedFilters: string;
  filters: Schemas['Filter'][];
}

/** The filters of a calendar by its slug, or undefined when no calendar has that slug. */
export type CalendarFilters = (
  market: Market,
  slug: string,
  selection: FilterSelection,
) => Promise<ScopeFacets | undefined>;

export interface ScopeFacets {
  filters: Schemas['Filter'][];
  appliedFilters: string;
  totalNrOfProducts: number;
}

export function listing(kit: CatalogKit, input: ListingInput): Promise<Schemas['CategoryListing']> {
  const category = kit.categoryBySlug(input.slug);
  const selection = applicable(kit, parseFilterString(input.filters), input.market);
  const key = [
    input.market.locale,
    input.slug,
    normalizeSort(input.sort),
    input.page ?? 1,
    input.pageSize ?? DEFAULT_PAGE_SIZE,
    formatFilterString(selection),
  ].join('|');
  return kit.listings.get(key, () => buildListing(kit, category, selection, input));
}

async function buildListing(
  kit: CatalogKit,
  category: CategoryRow,
  selection: FilterSelection,
  input: ListingInput,
): Promise<Schemas['CategoryListing']> {
  const { market } = input;
  const found = await listProducts(kit, kit.categoryScope(category), selection, market, input);
  return {
    market: toMarketDto(market),
    category: kit.navItem(category, market),
    breadcrumbs: kit.breadcrumbs(category, market),
    subCategories: kit.categories.filter((c) => c.parent_id === category.id).map((c) => kit.navItem(c, market)),
    products: found.products,
    totalNrOfProducts: found.totalNrOfProducts,
    page: found.page,
    pageSize: found.pageSize,
    pageCount: found.pageCount,
    sort: found.sort,
    appliedFilters: found.appliedFilters,
    filters: found.filters,
  };
}

/**
 * One page of the products of a scope (a category, or the products a search matched) narrowed by a
 * filter selection, with the facets of that scope. `selection` may hold unknown values: they are dropped
 * and `appliedFilters` says what was applied. A page past the end is empty.
 */
export async function listProducts(
  kit: CatalogKit,
  scope: ListingScope,
  selection: FilterSelection,
  market: Market,
  options: { sort?: unknown; page?: number | undefined; pageSize?: number | undefined } = {},
): Promise<ListedProducts> {
  const applied = applicable(kit, selection, market);
  const sort = normalizeSort(options.sort);
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const ctx = { brand: kit.brand, currency: market.currency, language: market.language, sizeBits: kit.sizeBits };
  const filters = resolve(kit, applied);
  const window = { sort, limit: pageSize, offset: (page - 1) * pageSize };
  let counts: FacetCounts;
  let rows: TileRow[];
  if (kit.indexable(scope)) {
    // The index counts the facets and picks the page's pids; the database gives their tiles (or memory: `tilesOf`).
    const found = (await kit.currentIndex()).query(ctx, scope.categoryIds, filters, window);
    counts = found.counts;
    rows = await kit.tilesOf(ctx, found.pids);
  } else {
    // The facet statement also counts the results: no separate count query.
    [counts, rows] = await Promise.all([
      facetCounts(kit.db, ctx, scope, filters),
      listFilteredTiles(kit.db, ctx, scope, filters, window),
    ]);
  }
  return {
    // The tiles' JSON made once per kept row: the answer's bytes are written from theirs (`holdsShared`).
    products: holdsShared(rows.map((r) => kit.listedTile(r, market))),
    totalNrOfProducts: counts.total,
    page,
    pageSize,
    pageCount: Math.ceil(counts.total / pageSize),
    sort,
    appliedFilters: formatFilterString(applied),
    filters: facets(kit, counts, applied, market),
  };
}

/**
 * Like `listProducts` for a scope with a match set (a search), answering the page's pids rather than
 * tiles: one statement reads the matches (pids and relevance), the listing index counts their facets and
 * picks the page (`ListingIndex.queryMatches`; `matchFacetsAndPage` is the SQL it is tested against).
 */
export async function listMatches(
  kit: CatalogKit,
  scope: (ListingScope & { matches: NonNullable<ListingScope['matches']> }) | { matchSet: () => Matches },
  selection: FilterSelection,
  market: Market,
  options: { sort?: unknown; page?: number | undefined; pageSize?: number | undefined } = {},
): Promise<{ pids: string[]; totalNrOfProducts: number; filters: Schemas['Filter'][] }> {
  const applied = applicable(kit, selection, market);
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const ctx = { brand: kit.brand, currency: market.currency, sizeBits: kit.sizeBits };
  // The database finds the matches (text indexes); the listing index counts their facets and picks the page.
  // A match set the search's prefix index finds in memory needs no read: it is found once the listing index is
  // current, with no wait between, as the slots of the prefix index it names are at that moment.
  const [index, found] = await Promise.all([
    kit.currentIndex(),
    'matchSet' in scope ? scope.matchSet : matchedRows(kit.db, scope.matches),
  ]);
  const matches = typeof found === 'function' ? found() : found;
  const { counts, pids } = index.queryMatches(ctx, matches, resolve(kit, applied), {
    sort: normalizeSort(options.sort),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { pids, totalNrOfProducts: counts.total, filters: facets(kit, counts, applied, market) };
}

/** The facets of a scope under a selection (unknown values dropped), and the results they leave. */
export async function computeFacets(
  kit: CatalogKit,
  scope: ListingScope,
  selection: FilterSelection,
  market: Market,
): Promise<ScopeFacets> {
  const applied = applicable(kit, selection, market);
  const ctx = { brand: kit.brand, currency: market.currency, sizeBits: kit.sizeBits };
  const filters = resolve(kit, applied);
  const counts = kit.indexable(scope)
    ? (await kit.currentIndex()).query(ctx, scope.categoryIds, filters).counts
    : await facetCounts(kit.db, ctx, scope, filters);
  return {
    filters: facets(kit, counts, applied, market),
    appliedFilters: formatFilterString(applied),
    totalNrOfProducts: counts.total,
  };
}

/**
 * `getListingFilters`: the facets of a category listing or, for a slug that is no category, of a
 * "rive droite" calendar (`calendars`, its `themes` and `locations`); neither → ERR_CATALOG_1001.
 */
export async function listingFilters(
  kit: CatalogKit,
  slug: string,
  filters: string | undefined,
  market: Market,
  calendars?: CalendarFilters,
): Promise<Schemas['FilterList']> {
  if (!kit.bySlug.has(slug) && calendars) {
    const found = await calendars(market, slug, parseFilterString(filters));
    if (found) return { market: toMarketDto(market), category: slug, ...found };
  }
  return categoryFilters(kit, slug, filters, market);
}

/** The facets of a category listing. */
export async function categoryFilters(
  kit: CatalogKit,
  slug: string,
  filters: string | undefined,
  market: Market,
): Promise<Schemas['FilterList']> {
  const category = kit.categoryBySlug(slug);
  const selection = parseFilterString(filters);
  let facets: ScopeFacets;
  try {
    facets = await computeFacets(kit, kit.categoryScope(category), selection, market);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(
      'ERR_FLT_API_1000',
      `The filters of ${slug} could not be computed: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return { market: toMarketDto(market), category: slug, ...facets };
}
