// What the catalogue's use cases share: the database and the house, the category tree (cached in memory), the
// listing cache and its busting, the listing index and its catch-up reads, and the product tile.
import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import { KeptRows, MadeFromRows } from '../../shared/kept-rows.ts';
import { shareJson } from '../../shared/shared-json.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import {
  findProduct,
  tilesOf,
  loadCategories,
  loadRdCounts,
  listingFactsSince,
  pruneListingRemovals,
  loadListingFacts,
  loadSizeBits,
  type CategoryRow,
  type ListingContext,
  type ListingScope,
  type ProductRow,
  type TileRow,
} from './repository.ts';
import { ListingIndex } from './listing-index.ts';
import { CatchUpGate, keptRowsGeneration, writeWatchOf } from '../../db/write-watch.ts';
import { deriveAvailability, priceOf, productImage, productUrl, type PhotoLookup } from './product-display.ts';

/** Most listing tile rows kept (by language, currency and pid; a row is a few hundred bytes). */
const MAX_TILE_ROWS = 5_000;
/** Most product rows kept for product pages (by language, currency and pid; a row is one to three kilobytes). */
export const MAX_KEPT_PRODUCTS = 2_000;
/**
 * The longest a kept product row is used without a catalogue write seen or heard of (decision 0200): the bound
 * should a notification be lost (a listening connection dead without its socket knowing).
 */
export const KEPT_PRODUCT_MS = 1_000;

/** The category tree, the listing cache and the listing index every use case of the catalogue starts from. */
export class CatalogKit {
  // The category tree and its per-category counts, replaced as a whole by `refresh`; the use cases only read them.
  categories: CategoryRow[] = [];
  bySlug = new Map<string, CategoryRow>();
  byId = new Map<string, CategoryRow>();
  rdCounts = new Map<string, number>();
  sizeBits = new Map<string, number>();
  /** Counts the reads of the category tree (`refresh`). */
  treeVersion = 0;
  /** The navigation of each language, made once per category tree (`navigation`, navigation.ts). */
  readonly navigations = new Map<string, Schemas['CategoryNavItem'][]>();
  // Listings are public and the same for every visitor of a market: cached for `cacheTtlMs`.
  readonly listings: TtlCache<Schemas['CategoryListing']>;
  private index: Promise<ListingIndex> | null = null;
  /** The catch-up read in flight, and the one queued behind it (see `currentIndex`). */
  private catchUp: Promise<ListingIndex> | null = null;
  private nextCatchUp: Promise<ListingIndex> | null = null;
  /** When the index may answer without a catch-up read (`db/write-watch.ts`); its `reads` count them. */
  readonly catchUps: CatchUpGate;
  /** Listing tiles' rows kept in memory (`tilesOf`); its `reads` count those given from memory and read. */
  readonly keptTiles = new KeptRows<TileRow>(MAX_TILE_ROWS);
  /** A listing's tiles, made once per kept row (`listedTile`). */
  private readonly listedTiles = new MadeFromRows<TileRow, Schemas['ProductTile']>();
  /** Products as their page reads them, kept in memory (`keptProduct`, decision 0200). */
  readonly keptProducts = new KeptRows<ProductRow>(MAX_KEPT_PRODUCTS, KEPT_PRODUCT_MS);
  /** Cache busts of the catalogue: rows kept before one are not used after it. */
  private busts = 0;
  private readonly productRowsAsOf: () => string | undefined;

  constructor(
    readonly db: DB,
    readonly brand: string,
    cacheTtlMs = 0,
    /** The photo of a product view, when one was imported (the media module's index); otherwise its drawing. */
    private readonly photoOf: PhotoLookup = () => undefined,
  ) {
    this.listings = new TtlCache(cacheTtlMs, undefined, 'listings');
    this.catchUps = new CatchUpGate(db);
    this.productRowsAsOf = keptRowsGeneration(db, () => this.catchUps.freshForMs > 0);
  }

  /** Empties the listing cache, or the entries of some keys / locales (cache busting); answers how many were removed. */
  bustCache(filter: { keys?: string[] | undefined; locales?: string[] | undefined } = {}): number {
    const { keys, locales } = filter;
    // A bust says the catalogue changed somewhere: the listing index reads what changed before its next answer,
    // and the tiles are read again.
    this.catchUps.stale();
    this.keptTiles.forget();
    this.keptProducts.forget();
    this.busts++;
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
    this.navigations.clear();
    this.treeVersion++;
  }

  nameOf(c: CategoryRow, market: Market): string {
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

  categoryBySlug(slug: string): CategoryRow {
    const c = this.bySlug.get(slug);
    if (!c) throw new AppError('ERR_CATALOG_1001', `No category "${slug}".`);
    return c;
  }

  ancestry(c: CategoryRow): CategoryRow[] {
    const chain: CategoryRow[] = [];
    for (let cur: CategoryRow | undefined = c; cur; cur = cur.parent_id ? this.byId.get(cur.parent_id) : undefined) {
      chain.unshift(cur);
    }
    return chain;
  }

  descendantIds(c: CategoryRow): string[] {
    const ids = [c.id];
    for (let i = 0; i < ids.length; i++) {
      for (const child of this.categories) if (child.parent_id === ids[i]) ids.push(child.id);
    }
    return ids;
  }

  breadcrumbs(c: CategoryRow, market: Market): Schemas['Breadcrumb'][] {
    return this.ancestry(c).map((a) => ({ name: this.nameOf(a, market), url: `/ca/${a.slug}` }));
  }

  /**
   * A product's tile. `totalStock`: the stock summed over its sizes when `row` does not carry it (a product page's
   * row), given apart rather than added to a copy of the row: on the server's Node 20 a spread copy with a field
   * added costs microseconds a tile (docs/scaling.md#object-spreads-on-the-servers-node).
   */
  tile(row: TileRow, market: Market): Schemas['ProductTile'];
  tile(row: Omit<TileRow, 'total_stock'>, market: Market, totalStock: number): Schemas['ProductTile'];
  tile(row: Omit<TileRow, 'total_stock'> & { total_stock?: number }, market: Market, totalStock?: number) {
    const alt = `${row.name} — ${row.color_name}`;
    const tile: Schemas['ProductTile'] = {
      id: row.pid,
      name: row.name,
      url: productUrl(row.slug, row.pid, { language: market.language, name: row.name }),
      image: this.viewImage(row.pid, 1, alt),
      color: row.color_name,
      price: priceOf(market, row.list_price, row.sale_price),
      availability: deriveAvailability(row, totalStock ?? row.total_stock ?? 0),
    };
    if (row.image_count > 1) tile.hoverImage = this.viewImage(row.pid, 2, alt);
    return tile;
  }

  /**
   * A listing's tile of a row (`tile`), made once per row object, language and currency, its JSON with it
   * (`shareJson`: frozen, written as bytes made once): while the row is kept (`tilesOf`), every listing that shows
   * it writes the same bytes. Everything else a tile reads changes the rows' generation (a catalogue write, a photo
   * imported: the write watch's epoch) or comes from the market's language and currency.
   */
  listedTile(row: TileRow, market: Market): Schemas['ProductTile'] {
    return this.listedTiles.of(row, `${market.language}|${market.currency ?? ''}`, () =>
      shareJson(this.tile(row, market)),
    );
  }

  /**
   * The tile rows of some pids, in that order (a pid without a row in the language is left out). From memory
   * while the listing index answers from memory (`CatchUpGate.fresh`: caught up within the window, every writer
   * heard, no catalogue write seen or heard of since) and nothing a tile reads may have changed since the rows
   * were kept: they are forgotten when the write watch's epoch moves (any catalogue write of this process settles,
   * or a notification — a translation rewrites search documents, which notify; a price, a stock tier or a product
   * column rewrites a listing fact through its tile digest, decision 0192) or when a catch-up finds a change.
   * Otherwise, and for the pids not kept, one statement. [decision 0199](../../../../docs/decisions/0199-listing-tiles-from-memory.md)
   */
  tilesOf(ctx: ListingContext & { language: string }, pids: readonly string[]): Promise<TileRow[]> {
    return this.keptTiles.of(
      () => this.tileGeneration(),
      `${ctx.language}|${ctx.currency ?? ''}|`,
      pids,
      (missing) => tilesOf(this.db, ctx, missing),
    );
  }

  /** What the kept tiles are as of: undefined while they may not be used (see `tilesOf`). */
  private tileGeneration(): string | undefined {
    if (!this.catchUps.fresh()) return undefined;
    return `${this.catchUps.changes}|${writeWatchOf(this.db)?.epoch ?? -1}`;
  }

  /**
   * What rows of one product read for its page and kept in memory are as of (`KeptRows`); undefined while they
   * may not be kept. They are used until a catalogue write of this process settles or any writer's is heard of
   * (every write of a product, its sizes' stock, prices or texts notifies, migration 0029), a cache bust of the
   * catalogue, and each for at most a second (`KEPT_PRODUCT_MS`); not at all while other writers are not all
   * heard or with `CATALOGUE_FRESH_MS=0`. [decision 0200](../../../../docs/decisions/0200-product-rows-from-memory.md)
   */
  keptProductGeneration(): string | undefined {
    const asOf = this.productRowsAsOf();
    return asOf === undefined ? undefined : `${this.busts}|${asOf}`;
  }

  /** The catalogue's row of a product in a language and currency (none: not sold), from memory while it may be. */
  async keptProduct(pid: string, language: string, currency: string | null): Promise<ProductRow | undefined> {
    const [row] = await this.keptProducts.of(
      () => this.keptProductGeneration(),
      `${language}|${currency ?? ''}|`,
      [pid],
      async () => {
        const found = await findProduct(this.db, this.brand, pid, language, currency);
        return found ? [found] : [];
      },
    );
    return row;
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
  indexable(scope: ListingScope): boolean {
    return !scope.where && !scope.matches && !scope.relevance;
  }

  /** A category and everything below it, as a listing scope. */
  categoryScope(category: CategoryRow): ListingScope {
    return { categoryIds: this.descendantIds(category) };
  }
}
