import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import {
  facetCounts,
  findProduct,
  listFilteredTiles,
  listTiles,
  loadCategories,
  loadRdCounts,
  listingFactsSince,
  pruneListingRemovals,
  loadListingFacts,
  loadSizeBits,
  matchedRows,
  productNames,
  tilesOf,
  type CategoryRow,
  type FacetCounts,
  type ListingScope,
  type MatchSet,
  type ResolvedFilters,
  type SortKey,
  type TileRow,
} from './repository.ts';
import { formatFilterString, parseFilterString, type FilterSelection } from './filter-string.ts';
import { ListingIndex } from './listing-index.ts';
import { CatchUpGate } from '../../db/write-watch.ts';
import {
  FACET_TITLES,
  IN_STOCK_LABEL,
  MACRO_COLORS,
  MATERIAL_LABELS,
  ONE_SIZE_LABEL,
} from '../../../../reference/catalog/facets.ts';
import { ONE_SIZE, SIZE_RUNS } from '../../../../reference/catalog/sizes.ts';

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

const VIEW_ALL: Record<Market['language'], string> = {
  en: 'View all',
  fr: 'Voir tout',
  it: 'Vedi tutto',
  es: 'Ver todo',
  de: 'Alle ansehen',
  pt: 'Ver tudo',
  ja: 'すべて見る',
  ko: '전체 보기',
  zh: '查看全部',
};

const collators = new Map<string, Intl.Collator>();
/** Collators are costly to build: one per language for the process. */
function collatorOf(language: string): Intl.Collator {
  let c = collators.get(language);
  if (!c) collators.set(language, (c = new Intl.Collator(language)));
  return c;
}

const MACRO_COLOR_BY_CODE = new Map(MACRO_COLORS.map((c) => [c.code, c]));
const MACRO_COLOR_ORDER = new Map(MACRO_COLORS.map((c, i) => [c.code, i]));
/** Size codes in size-run order: letters, then numbers ascending, one size last. */
const SIZE_ORDER: ReadonlyMap<string, number> = (() => {
  const letters = SIZE_RUNS.letter ?? [];
  const numbers = [
    ...new Set(
      Object.entries(SIZE_RUNS)
        .filter(([run]) => run !== 'letter')
        .flatMap(([, sizes]) => sizes),
    ),
  ].sort((a, b) => Number(a) - Number(b));
  return new Map([...letters, ...numbers, ONE_SIZE].map((s, i) => [s, i]));
})();

type Availability = Schemas['Availability'];

/** Spec §3 sort options, with their alternative names; anything else is the default order. */
export function normalizeSort(value: unknown): SortKey {
  switch (value) {
    case 'price_asc':
    case 'PriceAscending':
      return 'price_asc';
    case 'price_desc':
    case 'PriceDescending':
      return 'price_desc';
    case 'newest':
    case 'Latest Arrivals':
      return 'newest';
    default:
      return 'recommended';
  }
}

const RAW_NAME_LANGUAGES = new Set(['ja', 'ko', 'zh']);

/**
 * Site-relative product URL. Spec §2: Japanese, Korean and Chinese locales keep the product's own name,
 * URL-encoded, where the other languages use the ASCII slug (`/pr/{name}-{pid}.html` either way).
 */
export function productUrl(slug: string, pid: string, localized?: { language: string; name: string }): string {
  if (localized && RAW_NAME_LANGUAGES.has(localized.language)) {
    const raw = localized.name
      .trim()
      .replace(/[\s/\\?#%.]+/gu, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '');
    if (raw) return `/pr/${encodeURIComponent(raw)}-${pid}.html`;
  }
  return `/pr/${slug}-${pid}.html`;
}

export function productImage(pid: string, view: number, alt: string): Schemas['Image'] {
  return { src: `/media/products/${pid}/${view}.svg`, alt, width: 600, height: 750 };
}

/** The image of a product view that has a photo (with `photo` set), or undefined when it has none. */
export type PhotoLookup = (pid: string, view: number, alt: string) => Schemas['Image'] | undefined;

/**
 * Spec §3 derived stock status: sellable online and in the e-commerce assortment (and in stock) gives
 * in stock; else pre-order when pre-orderable; else out of stock.
 */
export function deriveAvailability(p: {
  is_sellable_online: boolean;
  is_ecom_assortment: boolean;
  is_preorderable: boolean;
  total_stock: number;
}): Availability {
  const inStock = p.is_sellable_online && p.is_ecom_assortment && p.total_stock > 0;
  const stockStatus = inStock ? 'in_stock' : p.is_preorderable ? 'preorder' : 'out_of_stock';
  const statusTags: Availability['statusTags'] = [];
  if (inStock) statusTags.push('available online');
  if (inStock && p.total_stock === 1) statusTags.push('last item left');
  if (!inStock) statusTags.push('sold out');
  return {
    isSellableOnline: p.is_sellable_online,
    isEcomAssortment: p.is_ecom_assortment,
    isPreorderable: p.is_preorderable,
    inStock,
    stockStatus,
    statusTags,
  };
}

function priceOf(market: Market, list: number | null, sale: number | null): Schemas['Price'] | null {
  if (!market.currency || list === null) return null;
  return { listPriceValue: list, salePriceValue: sale, currencyCode: market.currency };
}

export class CatalogService {
  private categories: CategoryRow[] = [];
  private bySlug = new Map<string, CategoryRow>();
  private byId = new Map<string, CategoryRow>();
  private rdCounts = new Map<string, number>();
  private sizeBits = new Map<string, number>();
  // Listings are public and the same for every visitor of a market: cached for `cacheTtlMs`.
  private readonly listings: TtlCache<Schemas['CategoryListing']>;
  private index: Promise<ListingIndex> | null = null;
  /** The catch-up read in flight, and the one queued behind it (see `currentIndex`). */
  private catchUp: Promise<ListingIndex> | null = null;
  private nextCatchUp: Promise<ListingIndex> | null = null;
  /** When the index may answer without a catch-up read (`db/write-watch.ts`); its `reads` count them. */
  readonly catchUps: CatchUpGate;

  constructor(
    private readonly db: DB,
    readonly brand: string,
    cacheTtlMs = 0,
    /** The photo of a product view, when one was imported (the media module's index); otherwise its drawing. */
    private readonly photoOf: PhotoLookup = () => undefined,
  ) {
    this.listings = new TtlCache(cacheTtlMs, undefined, 'listings');
    this.catchUps = new CatchUpGate(db);
  }

  /** Empties the listing cache, or the entries of some keys / locales (cache busting); answers how many were removed. */
  bustCache(filter: { keys?: string[] | undefined; locales?: string[] | undefined } = {}): number {
    const { keys, locales } = filter;
    // A bust says the catalogue changed somewhere: the listing index reads what changed before its next answer.
    this.catchUps.stale();
    if (!keys?.length && !locales?.length) {
      const n = this.listings.size;
      this.listings.clear();
      return n;
    }
    return this.listings.deleteWhere(
      (k) => (keys?.includes(k) ?? false) || (locales?.includes(k.split('|')[0] ?? '') ?? false),
    );
  }

  /** Categories are small reference data: cached in memory, reloaded by `refresh`. */
  async refresh(): Promise<void> {
    [this.categories, this.rdCounts, this.sizeBits] = await Promise.all([
      loadCategories(this.db, this.brand),
      loadRdCounts(this.db, this.brand),
      loadSizeBits(this.db),
    ]);
    this.bySlug = new Map(this.categories.map((c) => [c.slug, c]));
    this.byId = new Map(this.categories.map((c) => [c.id, c]));
  }

  private nameOf(c: CategoryRow, market: Market): string {
    return c.names[market.language] ?? c.names.en ?? c.slug;
  }

  navItem(c: CategoryRow, market: Market): Schemas['CategoryNavItem'] {
    return {
      id: c.id,
      slug: c.slug,
      parentId: c.parent_id,
      level: c.level,
      name: this.nameOf(c, market),
      url: `/ca/${c.slug}`,
      position: c.position,
    };
  }

  navigation(market: Market): Schemas['CategoryNavItem'][] {
    return this.categories.map((c) => this.navItem(c, market));
  }

  categoryBySlug(slug: string): CategoryRow {
    const c = this.bySlug.get(slug);
    if (!c) throw new AppError('ERR_CATALOG_1001', `No category "${slug}".`);
    return c;
  }

  private ancestry(c: CategoryRow): CategoryRow[] {
    const chain: CategoryRow[] = [];
    for (let cur: CategoryRow | undefined = c; cur; cur = cur.parent_id ? this.byId.get(cur.parent_id) : undefined) {
      chain.unshift(cur);
    }
    return chain;
  }

  private descendantIds(c: CategoryRow): string[] {
    const ids = [c.id];
    for (let i = 0; i < ids.length; i++) {
      for (const child of this.categories) if (child.parent_id === ids[i]) ids.push(child.id);
    }
    return ids;
  }

  breadcrumbs(c: CategoryRow, market: Market): Schemas['Breadcrumb'][] {
    return this.ancestry(c).map((a) => ({ name: this.nameOf(a, market), url: `/ca/${a.slug}` }));
  }

  featuredCategories(market: Market): Schemas['CategoryNavItem'][] {
    // The first macro's (women's) collections, in their navigation order.
    const macro = this.categories.filter((c) => c.level === 1).sort((a, b) => a.position - b.position)[0];
    return this.categories
      .filter((c) => c.parent_id === macro?.id)
      .sort((a, b) => a.position - b.position)
      .slice(0, 4)
      .map((c) => this.navItem(c, market));
  }

  tile(row: TileRow, market: Market): Schemas['ProductTile'] {
    const alt = `${row.name} — ${row.color_name}`;
    const tile: Schemas['ProductTile'] = {
      id: row.pid,
      name: row.name,
      url: productUrl(row.slug, row.pid, { language: market.language, name: row.name }),
      image: this.viewImage(row.pid, 1, alt),
      color: row.color_name,
      price: priceOf(market, row.list_price, row.sale_price),
      availability: deriveAvailability(row),
    };
    if (row.image_count > 1) tile.hoverImage = this.viewImage(row.pid, 2, alt);
    return tile;
  }

  /** A product view's photo when it has one, else its drawing. */
  viewImage(pid: string, view: number, alt: string): Schemas['Image'] {
    return this.photoOf(pid, view, alt) ?? productImage(pid, view, alt);
  }

  /**
   * The listing index of the house (`listing-index.ts`), as of a database snapshot taken after this call:
   * loaded on first use, then brought up to date by one read of what changed since its snapshot. Reads do
   * not overlap (two could apply their changes out of order); a caller arriving while one runs waits for
   * the next, which starts after it arrived, so a listing never misses a change committed before it was
   * asked for. Except: an index that caught up less than `catchUps.freshForMs` ago answers as it stands
   * when no catalogue write has been seen or heard of since (`CatchUpGate`): under load, one read per
   * window instead of one per request.
   */
  currentIndex(): Promise<ListingIndex> {
    if (this.index && this.catchUps.fresh()) return this.index;
    if (!this.index) {
      const mark = this.catchUps.begin();
      const loading = this.loadIndex();
      loading.then(
        () => this.catchUps.done(mark, true),
        () => undefined,
      );
      this.index = loading;
      // A failed load is tried again by the next caller.
      loading.catch(() => {
        if (this.index === loading) this.index = null;
      });
      return loading;
    }
    if (!this.catchUp) {
      const run = this.catchUpOnce().finally(() => {
        this.catchUp = null;
      });
      this.catchUp = run;
      return run;
    }
    if (!this.nextCatchUp) {
      this.nextCatchUp = this.catchUp
        .catch(() => undefined)
        .then(() => {
          this.nextCatchUp = null;
          return this.currentIndex();
        });
    }
    return this.nextCatchUp;
  }

  private async loadIndex(): Promise<ListingIndex> {
    const { snapshot, rows, currencies } = await loadListingFacts(this.db, this.brand);
    return new ListingIndex(this.brand, snapshot, rows, currencies);
  }

  /** Forgets listing removals an hour old (see `pruneListingRemovals`); answers how many went. */
  pruneRemovals(olderThanSeconds = 3_600): Promise<number> {
    return pruneListingRemovals(this.db, olderThanSeconds);
  }

  private async catchUpOnce(): Promise<ListingIndex> {
    const index = await (this.index as Promise<ListingIndex>);
    const mark = this.catchUps.begin();
    const changes = await listingFactsSince(this.db, index.snapshot);
    if (changes.stale) {
      // Removals it never read were pruned (an index idle for an hour): load afresh.
      const fresh = await this.loadIndex();
      this.index = Promise.resolve(fresh);
      this.catchUps.done(mark, true);
      return fresh;
    }
    if (changes.currencies) index.setCurrencies(changes.currencies);
    index.apply(changes.snapshot, changes.rows, changes.removed);
    this.catchUps.done(mark, changes.rows.length > 0 || changes.removed.length > 0);
    return index;
  }

  /** Whether a product (by number) is listed and sold in a currency, as of now (`ListingIndex.soldIn`). */
  async soldIn(currency: string | null): Promise<(num: number) => boolean> {
    return (await this.currentIndex()).soldIn(currency);
  }

  /** A scope the listing index answers: categories only (no extra condition, match set nor relevance). */
  private indexable(scope: ListingScope): boolean {
    return !scope.where && !scope.matches && !scope.relevance;
  }

  /** A category and everything below it, as a listing scope. */
  categoryScope(category: CategoryRow): ListingScope {
    return { categoryIds: this.descendantIds(category) };
  }

  listing(input: ListingInput): Promise<Schemas['CategoryListing']> {
    const category = this.categoryBySlug(input.slug);
    const selection = this.applicable(parseFilterString(input.filters), input.market);
    const key = [
      input.market.locale,
      input.slug,
      normalizeSort(input.sort),
      input.page ?? 1,
      input.pageSize ?? DEFAULT_PAGE_SIZE,
      formatFilterString(selection),
    ].join('|');
    return this.listings.get(key, () => this.buildListing(category, selection, input));
  }

  private async buildListing(
    category: CategoryRow,
    selection: FilterSelection,
    input: ListingInput,
  ): Promise<Schemas['CategoryListing']> {
    const { market } = input;
    const found = await this.listProducts(this.categoryScope(category), selection, market, input);
    return {
      market: toMarketDto(market),
      category: this.navItem(category, market),
      breadcrumbs: this.breadcrumbs(category, market),
      subCategories: this.categories.filter((c) => c.parent_id === category.id).map((c) => this.navItem(c, market)),
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
   * The values of a selection that exist (spec: unknown values of a known key are ignored): colour
   * families, leaf-category slugs of the house, material codes, size codes, `instock:true`, and a price
   * range where the market has a currency. Event keys (`themes`, `locations`) do not apply to products.
   */
  applicable(selection: FilterSelection, market: Market): FilterSelection {
    const keep = (values: string[] | undefined, known: (v: string) => boolean) => {
      const kept = values?.filter(known);
      return kept?.length ? kept : undefined;
    };
    const out: FilterSelection = {};
    const color = keep(selection.color, (v) => MACRO_COLOR_BY_CODE.has(v));
    if (color) out.color = color;
    const category = keep(selection.category, (v) => this.bySlug.get(v)?.level === 3);
    if (category) out.category = category;
    const material = keep(selection.material, (v) => v in MATERIAL_LABELS);
    if (material) out.material = material;
    const size = keep(selection.size, (v) => SIZE_ORDER.has(v));
    if (size) out.size = size;
    if (selection.instock) out.instock = true;
    if (selection.price && market.currency) out.price = selection.price;
    return out;
  }

  private resolve(selection: FilterSelection): ResolvedFilters {
    return {
      colors: selection.color,
      leafIds: selection.category?.map((slug) => (this.bySlug.get(slug) as CategoryRow).id),
      materials: selection.material,
      sizes: selection.size,
      inStock: selection.instock === true,
      price: selection.price,
    };
  }

  /**
   * One page of the products of a scope (a category, or the products a search matched) narrowed by a
   * filter selection, with the facets of that scope. `selection` may hold unknown values: they are dropped
   * and `appliedFilters` says what was applied. A page past the end is empty.
   */
  async listProducts(
    scope: ListingScope,
    selection: FilterSelection,
    market: Market,
    options: { sort?: unknown; page?: number | undefined; pageSize?: number | undefined } = {},
  ): Promise<ListedProducts> {
    const applied = this.applicable(selection, market);
    const sort = normalizeSort(options.sort);
    const page = options.page ?? 1;
    const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    const ctx = { brand: this.brand, currency: market.currency, language: market.language, sizeBits: this.sizeBits };
    const filters = this.resolve(applied);
    const window = { sort, limit: pageSize, offset: (page - 1) * pageSize };
    let counts: FacetCounts;
    let rows: TileRow[];
    if (this.indexable(scope)) {
      // The index counts the facets and picks the page's pids; the database gives their tiles.
      const found = (await this.currentIndex()).query(ctx, scope.categoryIds, filters, window);
      counts = found.counts;
      rows = await tilesOf(this.db, ctx, found.pids);
    } else {
      // The facet statement also counts the results: no separate count query.
      [counts, rows] = await Promise.all([
        facetCounts(this.db, ctx, scope, filters),
        listFilteredTiles(this.db, ctx, scope, filters, window),
      ]);
    }
    return {
      products: rows.map((r) => this.tile(r, market)),
      totalNrOfProducts: counts.total,
      page,
      pageSize,
      pageCount: Math.ceil(counts.total / pageSize),
      sort,
      appliedFilters: formatFilterString(applied),
      filters: this.facets(counts, applied, market),
    };
  }

  /**
   * Like `listProducts` for a scope with a match set (a search), answering the page's pids rather than
   * tiles: one statement reads the matches (pids and relevance), the listing index counts their facets and
   * picks the page (`ListingIndex.queryMatches`; `matchFacetsAndPage` is the SQL it is tested against).
   */
  async listMatches(
    scope: (ListingScope & { matches: NonNullable<ListingScope['matches']> }) | { matchSet: MatchSet },
    selection: FilterSelection,
    market: Market,
    options: { sort?: unknown; page?: number | undefined; pageSize?: number | undefined } = {},
  ): Promise<{ pids: string[]; totalNrOfProducts: number; filters: Schemas['Filter'][] }> {
    const applied = this.applicable(selection, market);
    const page = options.page ?? 1;
    const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    const ctx = { brand: this.brand, currency: market.currency, sizeBits: this.sizeBits };
    // The database finds the matches (text indexes); the listing index counts their facets and picks the page.
    // A match set the search's prefix index found in memory needs no read.
    const [index, matches] = await Promise.all([
      this.currentIndex(),
      'matchSet' in scope ? scope.matchSet : matchedRows(this.db, scope.matches),
    ]);
    const { counts, pids } = index.queryMatches(ctx, matches, this.resolve(applied), {
      sort: normalizeSort(options.sort),
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { pids, totalNrOfProducts: counts.total, filters: this.facets(counts, applied, market) };
  }

  /** The facets of a scope under a selection (unknown values dropped), and the results they leave. */
  async computeFacets(scope: ListingScope, selection: FilterSelection, market: Market): Promise<ScopeFacets> {
    const applied = this.applicable(selection, market);
    const ctx = { brand: this.brand, currency: market.currency, sizeBits: this.sizeBits };
    const filters = this.resolve(applied);
    const counts = this.indexable(scope)
      ? (await this.currentIndex()).query(ctx, scope.categoryIds, filters).counts
      : await facetCounts(this.db, ctx, scope, filters);
    return {
      filters: this.facets(counts, applied, market),
      appliedFilters: formatFilterString(applied),
      totalNrOfProducts: counts.total,
    };
  }

  /**
   * `getListingFilters`: the facets of a category listing or, for a slug that is no category, of a
   * "rive droite" calendar (`calendars`, its `themes` and `locations`); neither → ERR_CATALOG_1001.
   */
  async listingFilters(
    slug: string,
    filters: string | undefined,
    market: Market,
    calendars?: CalendarFilters,
  ): Promise<Schemas['FilterList']> {
    if (!this.bySlug.has(slug) && calendars) {
      const found = await calendars(market, slug, parseFilterString(filters));
      if (found) return { market: toMarketDto(market), category: slug, ...found };
    }
    return this.categoryFilters(slug, filters, market);
  }

  /** The facets of a category listing. */
  async categoryFilters(slug: string, filters: string | undefined, market: Market): Promise<Schemas['FilterList']> {
    const category = this.categoryBySlug(slug);
    const selection = parseFilterString(filters);
    let facets: ScopeFacets;
    try {
      facets = await this.computeFacets(this.categoryScope(category), selection, market);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(
        'ERR_FLT_API_1000',
        `The filters of ${slug} could not be computed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    return { market: toMarketDto(market), category: slug, ...facets };
  }

  private facets(counts: FacetCounts, selection: FilterSelection, market: Market): Schemas['Filter'][] {
    const lang = market.language;
    const values = (
      codes: Iterable<string>,
      selected: string[] | undefined,
      count: Map<string, number>,
      label: (code: string) => string,
    ): Schemas['FilterValue'][] => {
      const all = new Set([...codes, ...(selected ?? [])]);
      return [...all].map((value) => ({
        value,
        label: label(value),
        count: count.get(value) ?? 0,
        selected: selected?.includes(value) ?? false,
      }));
    };
    const out: Schemas['Filter'][] = [];
    const multiple = (
      urlName: 'color' | 'category' | 'material' | 'size',
      key: Schemas['FilterKey'],
      list: Schemas['FilterValue'][],
    ) => {
      if (list.length)
        out.push({ key, urlName, label: FACET_TITLES[urlName][lang], selectionType: 'multiple', values: list });
    };

    const colors = values(
      counts.colors.keys(),
      selection.color,
      counts.colors,
      (c) => MACRO_COLOR_BY_CODE.get(c)?.names[lang] ?? c,
    )
      .map((v) => ({ ...v, hex: MACRO_COLOR_BY_CODE.get(v.value)?.hex ?? '#000000' }))
      .sort((a, b) => (MACRO_COLOR_ORDER.get(a.value) ?? 99) - (MACRO_COLOR_ORDER.get(b.value) ?? 99));
    multiple('color', 'macroColor', colors);

    const leaves = new Map<string, number>();
    for (const [id, n] of counts.leaves) {
      const c = this.byId.get(id);
      if (c) leaves.set(c.slug, n);
    }
    const leafRows = [...new Set([...leaves.keys(), ...(selection.category ?? [])])].map(
      (slug) => this.bySlug.get(slug) as CategoryRow,
    );
    const macros = new Set(leafRows.map((c) => this.ancestry(c)[0]?.id));
    // Leaves of several lines (a search) share names ("Tote bags"): their line tells them apart.
    const leafLabel = (slug: string) => {
      const c = this.bySlug.get(slug) as CategoryRow;
      const macro = this.ancestry(c)[0];
      return macros.size > 1 && macro && macro !== c
        ? `${this.nameOf(c, market)} (${this.nameOf(macro, market)})`
        : this.nameOf(c, market);
    };
    const navOrder = (slug: string) =>
      this.ancestry(this.bySlug.get(slug) as CategoryRow)
        .map((c) => String(c.position).padStart(4, '0'))
        .join('.');
    multiple(
      'category',
      'filteringSuperMicroCategory',
      values(leaves.keys(), selection.category, leaves, leafLabel).sort((a, b) =>
        navOrder(a.value).localeCompare(navOrder(b.value)),
      ),
    );

    const collator = collatorOf(lang);
    multiple(
      'material',
      'materialFilter',
      values(
        counts.materials.keys(),
        selection.material,
        counts.materials,
        (m) => MATERIAL_LABELS[m]?.[lang] ?? m,
      ).sort((a, b) => collator.compare(a.label, b.label)),
    );

    const sizes = values(counts.sizes.keys(), selection.size, counts.sizes, (s) =>
      s === ONE_SIZE ? ONE_SIZE_LABEL[lang] : s,
    ).sort((a, b) => (SIZE_ORDER.get(a.value) ?? 9999) - (SIZE_ORDER.get(b.value) ?? 9999));
    // A listing of one-size pieces only (bags, jewellery) has no size choice to offer.
    if (!(sizes.length === 1 && sizes[0]?.value === ONE_SIZE && !sizes[0].selected)) multiple('size', 'size', sizes);

    out.push({
      key: 'inStock',
      urlName: 'instock',
      label: FACET_TITLES.instock[lang],
      selectionType: 'toggle',
      values: [
        { value: 'true', label: IN_STOCK_LABEL[lang], count: counts.inStock, selected: selection.instock === true },
      ],
    });

    if (market.currency) {
      const min = counts.priceMin ?? selection.price?.min ?? 0;
      const max = counts.priceMax ?? selection.price?.max ?? 0;
      out.push({
        key: 'price',
        urlName: 'price',
        label: FACET_TITLES.price[lang],
        selectionType: 'range',
        values: [],
        // Whole units, outward: a range slider over them always includes every product.
        range: {
          min: Math.floor(min),
          max: Math.ceil(max),
          selectedMin: selection.price?.min ?? null,
          selectedMax: selection.price?.max ?? null,
          currencyCode: market.currency,
        },
      });
    }
    return out;
  }

  /**
   * `getPlpNavigation`: the links above a listing — the category's siblings (itself marked active) and
   * its children, flat, each child naming its parent's item; a leaf also links back to its parent
   * ("View all"). Rive droite (`isRd`): only categories holding rive-droite products, under /rive-droite.
   * Unknown id, or a category without rive-droite products asked with `isRd` → ERR_PAGE_1000.
   */
  plpNavigation(pageEntryId: string, isRd: boolean, market: Market): Schemas['PlpNavigation'] {
    const current = this.byId.get(pageEntryId);
    const holdsRd = (c: CategoryRow) => this.descendantIds(c).some((id) => (this.rdCounts.get(id) ?? 0) > 0);
    if (!current || (isRd && !holdsRd(current))) {
      throw new AppError(
        'ERR_PAGE_1000',
        `No listing navigation for "${pageEntryId}"${isRd ? ' in the rive droite boutique' : ''}.`,
      );
    }
    const shown = (c: CategoryRow) => !isRd || holdsRd(c);
    const url = (c: CategoryRow) => (isRd ? `/rive-droite/ca/${c.slug}` : `/ca/${c.slug}`);
    const byPosition = (a: CategoryRow, b: CategoryRow) => a.position - b.position;
    const childrenOf = (id: string | null) =>
      this.categories.filter((c) => c.parent_id === id && shown(c)).sort(byPosition);
    const item = (
      c: CategoryRow,
      parentId: string | null,
      position: number,
      id = `nav-${c.id}`,
      label = this.nameOf(c, market),
    ): Schemas['PlpNavigationItem'] => ({
      id,
      parentId,
      label,
      url: url(c),
      categoryId: c.id,
      position,
      isActive: c.id === current.id && id === `nav-${c.id}`,
      image: { src: `/media/categories/${c.id}.svg`, alt: this.nameOf(c, market), width: 600, height: 750 },
    });
    const items: Schemas['PlpNavigationItem'][] = [];
    const parent = current.parent_id ? this.byId.get(current.parent_id) : undefined;
    if (parent && current.level === 3)
      items.push(item(parent, null, 1, `nav-${parent.id}-all`, VIEW_ALL[market.language]));
    for (const sibling of childrenOf(current.parent_id)) items.push(item(sibling, null, items.length + 1));
    childrenOf(current.id).forEach((child, i) => items.push(item(child, `nav-${current.id}`, i + 1)));
    return {
      pageEntryId,
      isRd,
      title: this.nameOf(current, market),
      items,
      // Large tiles: the house's pieces are shown like an editorial page; the shopper may switch to ViewBy6.
      defaultGridView: 'ViewBy3',
    };
  }

  async featuredProducts(market: Market, count: number): Promise<Schemas['ProductTile'][]> {
    const root = this.categories.find((c) => c.level === 1);
    if (!root) return [];
    const rows = await listTiles(this.db, {
      brand: this.brand,
      categoryIds: this.categories.map((c) => c.id),
      currency: market.currency,
      language: market.language,
      sort: 'newest',
      limit: count,
      offset: 0,
    });
    return rows.map((r) => this.tile(r, market));
  }

  /**
   * The product's site path in every language (spec §2: Japanese, Korean and Chinese keep the product's
   * name), for hreflang alternates.
   */
  async productPathsByLanguage(pid: string, slug: string): Promise<(language: string) => string> {
    const names = await productNames(this.db, pid, [...RAW_NAME_LANGUAGES]);
    return (language) =>
      productUrl(slug, pid, names.has(language) ? { language, name: names.get(language) as string } : undefined);
  }

  /** A product as its page shows it; unknown, employee-only or unpriced in this market → ERR_PDT_API_1001. */
  async product(
    pidInput: string,
    market: Market,
  ): Promise<{ product: Schemas['Product']; breadcrumbs: Schemas['Breadcrumb'][]; slug: string }> {
    const pid = pidInput.toUpperCase();
    const row = await findProduct(this.db, this.brand, pid, market.language, market.currency);
    if (!row || row.is_employee_only || (market.currency && row.list_price === null)) {
      throw new AppError('ERR_PDT_API_1001', `No product ${pid} in this market.`);
    }
    const leaf = this.byId.get(row.category_id);
    const chain = leaf ? this.ancestry(leaf) : [];
    const totalStock = row.variants.reduce((s, v) => s + v.stock, 0);
    const sellable = row.is_sellable_online && row.is_ecom_assortment;
    const views = ['front', 'detail', 'back', 'worn'];
    const product: Schemas['Product'] = {
      id: row.pid,
      name: row.name,
      description: row.description,
      url: productUrl(row.slug, row.pid, { language: market.language, name: row.name }),
      images: Array.from({ length: row.image_count }, (_, i) =>
        this.viewImage(row.pid, i + 1, `${row.name} — ${row.color_name}, ${views[i] ?? `view ${i + 1}`}`),
      ),
      color: {
        code: row.color_code,
        name: row.color_name,
        hex: row.color_hex,
        macroColor: row.macro_color,
        microColor: row.micro_color,
      },
      compositions: row.composition,
      categories: {
        macroCategory: chain[0] ? this.nameOf(chain[0], market) : '',
        microCategory: chain[1] ? this.nameOf(chain[1], market) : '',
        superMicroCategory: chain[2] ? this.nameOf(chain[2], market) : '',
      },
      genderCode: row.gender_code as Schemas['Product']['genderCode'],
      isRd: row.is_rd,
      sizeGroup: row.size_group as Schemas['Product']['sizeGroup'],
      sizes: row.variants.map((v) => ({
        id: v.size,
        // `TU` (one size) is translated by the storefront.
        displayValue: v.size,
        inStock: sellable && v.stock > 0,
        lowStock: sellable && v.stock === 1,
      })),
      price: priceOf(market, row.list_price, row.sale_price),
      availability: deriveAvailability({ ...row, total_stock: totalStock }),
      bornSeasonDesc: row.born_season,
    };
    const breadcrumbs = leaf ? this.breadcrumbs(leaf, market) : [];
    return { product, breadcrumbs, slug: row.slug };
  }
}
