import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import { normalizeSort, productImage, type CatalogService, type TileRow } from '../catalog/index.ts';
import {
  collectionItemPreviews,
  collectionItems,
  collectionLookPreviews,
  collectionLooks,
  findCollection,
  findLook,
  listCollections,
  lookNeighbours,
  lookProducts,
  looksBy,
  type CollectionRow,
  type LookRow,
} from './repository.ts';

export const COLLECTION_PAGE_SIZE = 24;
export const LOOKS_PAGE_SIZE = 12;
/** The landing shows a preview of each collection; the collection page a longer one. */
export const LANDING_PREVIEW = 4;
export const DETAIL_PREVIEW = 8;

type Collection = Schemas['Collection'];
type Look = Schemas['Look'];

/**
 * The houses' collections (one per show: gender × season) and their looks, priced and filtered for the
 * market: a product the market does not sell is left out of items and looks alike.
 */
export class CollectionService {
  constructor(
    private readonly db: DB,
    private readonly catalog: CatalogService,
  ) {}

  private get brand(): string {
    return this.catalog.brand;
  }

  private async looks(rows: LookRow[], market: Market): Promise<Look[]> {
    const worn = await lookProducts(this.db, {
      lookIds: rows.map((r) => r.id),
      language: market.language,
      currency: market.currency,
    });
    return rows.map((r) => {
      const entry = worn.get(r.id) ?? { smcIds: [], tiles: [] };
      const products = entry.tiles.map((t) => this.catalog.tile(t, market));
      // A look is photographed on its first piece: its pictures are the worn products' own views.
      const cover = products[0]?.image ?? productImage('LOOK', 1, r.name);
      return {
        id: r.id,
        slug: r.slug,
        name: r.name,
        description: r.description,
        url: `/looks/${r.slug}`,
        image: { ...cover, alt: r.name },
        images: products.slice(1, r.image_count).map((p) => ({ ...p.image, alt: `${r.name} — ${p.name}` })),
        bornEventCode: r.born_event_code,
        bornSeasonCode: r.born_season_code,
        smcIds: entry.smcIds,
        products,
        position: r.position,
        isRd: r.is_rd,
      };
    });
  }

  private async build(
    row: CollectionRow,
    market: Market,
    opts: { items: number; looks: number; sort?: unknown; page?: number },
  ): Promise<{ collection: Collection; sort: Schemas['SortOption'] }> {
    const sort = normalizeSort(opts.sort);
    const page = opts.page ?? 1;
    const [items, looks] = await Promise.all([
      collectionItems(this.db, {
        collectionId: row.id,
        language: market.language,
        currency: market.currency,
        sort,
        limit: opts.items,
        offset: (page - 1) * opts.items,
      }),
      collectionLooks(this.db, {
        collectionId: row.id,
        language: market.language,
        limit: opts.looks,
        offset: (page - 1) * opts.looks,
      }),
    ]);
    // The looks shown, and the first of them for the cover: one read of their products, not one more for the cover.
    const lookList = opts.looks > 0 ? await this.looks(looks.rows, market) : [];
    const cover =
      lookList[0] ?? (looks.rows.length ? (await this.looks(looks.rows.slice(0, 1), market))[0] : undefined);
    return { sort, collection: this.assemble(row, market, items, looks.total, lookList, cover, opts) };
  }

  /** A collection from its rows: its items' tiles, its looks, and its picture (the first look's, else an item's). */
  private assemble(
    row: CollectionRow,
    market: Market,
    items: { rows: TileRow[]; total: number },
    totalLooks: number,
    looks: Look[],
    cover: Look | undefined,
    opts: { items: number; looks: number },
  ): Collection {
    const tiles = items.rows.map((t) => this.catalog.tile(t, market));
    const image = cover?.image ?? tiles[0]?.image ?? productImage('COLLECTION', 1, row.name);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      url: `/collections/${row.slug}`,
      image: { ...image, alt: row.name },
      bornEventCode: row.born_event_code,
      bornSeasonCode: row.born_season_code,
      items: opts.items > 0 ? tiles : [],
      looks: opts.looks > 0 ? looks : [],
      totalItems: items.total,
      totalLooks,
      isRd: row.is_rd,
    };
  }

  private async row(slug: string, market: Market): Promise<CollectionRow> {
    const row = await findCollection(this.db, this.brand, slug, market.language);
    if (!row) throw new AppError('ERR_PAGE_1000', `No collection "${slug}".`);
    return row;
  }

  /** Every collection, newest season first, each with a short preview; empty collections are left out. */
  async all(market: Market): Promise<Collection[]> {
    const rows = await listCollections(this.db, this.brand, market.language);
    // Every collection's previews in one statement per kind, and the products of every look shown in one more
    // (the landing made six statements per collection).
    const q = { collectionIds: rows.map((r) => r.id), language: market.language, limit: LANDING_PREVIEW };
    const [items, looks] = await Promise.all([
      collectionItemPreviews(this.db, { ...q, currency: market.currency }),
      collectionLookPreviews(this.db, q),
    ]);
    const shown = new Map<string, LookRow>();
    for (const l of looks.values()) for (const r of l.rows) shown.set(r.id, r);
    const built = new Map((await this.looks([...shown.values()], market)).map((l) => [l.id, l]));
    const none = { rows: [], total: 0 };
    const opts = { items: LANDING_PREVIEW, looks: LANDING_PREVIEW };
    return rows
      .map((r) => {
        const own = looks.get(r.id) ?? none;
        const lookList = own.rows.map((l) => built.get(l.id) as Look);
        return this.assemble(r, market, items.get(r.id) ?? none, own.total, lookList, lookList[0], opts);
      })
      .filter((c) => c.totalItems > 0);
  }

  async detail(slug: string, market: Market): Promise<Collection> {
    return (await this.build(await this.row(slug, market), market, { items: DETAIL_PREVIEW, looks: DETAIL_PREVIEW }))
      .collection;
  }

  async items(slug: string, market: Market, sortInput: unknown, page = 1) {
    const { collection, sort } = await this.build(await this.row(slug, market), market, {
      items: COLLECTION_PAGE_SIZE,
      looks: 0,
      sort: sortInput,
      page,
    });
    return {
      collection,
      sort,
      page,
      pageSize: COLLECTION_PAGE_SIZE,
      pageCount: Math.ceil(collection.totalItems / COLLECTION_PAGE_SIZE),
    };
  }

  async looksPage(slug: string, market: Market, page = 1) {
    const row = await this.row(slug, market);
    const { collection } = await this.build(row, market, { items: 0, looks: 0 });
    const looks = await collectionLooks(this.db, {
      collectionId: row.id,
      language: market.language,
      limit: LOOKS_PAGE_SIZE,
      offset: (page - 1) * LOOKS_PAGE_SIZE,
    });
    return {
      collection: { ...collection, looks: await this.looks(looks.rows, market) },
      page,
      pageSize: LOOKS_PAGE_SIZE,
      pageCount: Math.ceil(looks.total / LOOKS_PAGE_SIZE),
    };
  }

  async look(slug: string, market: Market) {
    const row = await findLook(this.db, this.brand, slug, market.language);
    if (!row) throw new AppError('ERR_PAGE_1000', `No look "${slug}".`);
    const [[look], around] = await Promise.all([
      this.looks([row], market),
      lookNeighbours(this.db, row.id, market.language),
    ]);
    const crumb = (x: { slug: string; name: string } | null, base: string) =>
      x ? { name: x.name, url: `${base}/${x.slug}` } : null;
    return {
      look: look as Look,
      collection: crumb(around.collection, '/collections'),
      previousLook: crumb(around.previous, '/looks'),
      nextLook: crumb(around.next, '/looks'),
    };
  }

  /**
   * Looks selected by the SMC of one of their products, or by the show they were born at
   * (`bornEventCode` with `bornSeasonCode`); neither answers ERR_LKS_API_1000.
   */
  async lookup(
    market: Market,
    q: { smcId?: string | undefined; bornEventCode?: string | undefined; bornSeasonCode?: string | undefined },
  ): Promise<Look[]> {
    if (!q.smcId && !(q.bornEventCode && q.bornSeasonCode)) {
      throw new AppError('ERR_LKS_API_1000', 'Looks need an SMC, or a bornEventCode with a bornSeasonCode.');
    }
    return this.looks(await looksBy(this.db, this.brand, market.language, q), market);
  }
}
