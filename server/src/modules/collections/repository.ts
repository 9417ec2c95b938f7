import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { TILE_COLUMNS, type TileRow } from '../catalog/index.ts';

export interface CollectionRow {
  id: string;
  slug: string;
  born_event_code: string | null;
  born_season_code: string | null;
  position: number;
  is_rd: boolean;
  name: string;
  description: string | null;
}

export interface LookRow {
  id: string;
  slug: string;
  born_event_code: string | null;
  born_season_code: string | null;
  position: number;
  image_count: number;
  is_rd: boolean;
  name: string;
  description: string | null;
}

/** A look's columns, as `LookRow` names them (`l`: looks, `t`: their translations). */
const LOOK_COLUMNS = [
  'l.id',
  'l.slug',
  'l.born_event_code',
  'l.born_season_code',
  'l.position',
  'l.image_count',
  'l.is_rd',
  't.name',
  't.description',
] as const;

/** What a market may see of a product: not employee-only, priced in its currency (when it sells). */
function sellable(currency: string | null) {
  return sql<boolean>`not p.is_employee_only and (${currency}::text is null or exists (
    select 1 from product_prices x where x.pid = p.pid and x.currency = ${currency}))`;
}

export async function listCollections(db: DB, brand: string, language: string): Promise<CollectionRow[]> {
  return db
    .selectFrom('collections as c')
    .innerJoin('collection_translations as t', (j) =>
      j.onRef('t.collection_id', '=', 'c.id').on('t.language', '=', language),
    )
    .select([
      'c.id',
      'c.slug',
      'c.born_event_code',
      'c.born_season_code',
      'c.position',
      'c.is_rd',
      't.name',
      't.description',
    ])
    .where('c.brand', '=', brand)
    .orderBy('c.position')
    .execute();
}

export async function findCollection(
  db: DB,
  brand: string,
  slug: string,
  language: string,
): Promise<CollectionRow | undefined> {
  return db
    .selectFrom('collections as c')
    .innerJoin('collection_translations as t', (j) =>
      j.onRef('t.collection_id', '=', 'c.id').on('t.language', '=', language),
    )
    .select([
      'c.id',
      'c.slug',
      'c.born_event_code',
      'c.born_season_code',
      'c.position',
      'c.is_rd',
      't.name',
      't.description',
    ])
    .where('c.brand', '=', brand)
    .where('c.slug', '=', slug)
    .executeTakeFirst();
}

export type ItemSort = 'recommended' | 'price_asc' | 'price_desc' | 'newest';

/** One page of a collection's products that the market sells, with the total. */
export async function collectionItems(
  db: DB,
  q: { collectionId: string; language: string; currency: string | null; sort: ItemSort; limit: number; offset: number },
): Promise<{ rows: TileRow[]; total: number }> {
  const base = db
    .selectFrom('collection_products as cp')
    .innerJoin('products as p', 'p.pid', 'cp.pid')
    .where('cp.collection_id', '=', q.collectionId)
    .where(sellable(q.currency));
  const effective = sql<number>`coalesce(pr.sale_price, pr.list_price)`;
  let rowsQuery = base
    .innerJoin('product_translations as t', (j) => j.onRef('t.pid', '=', 'p.pid').on('t.language', '=', q.language))
    .leftJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', q.currency ?? '-'))
    .select([...TILE_COLUMNS]);
  switch (q.sort) {
    case 'price_asc':
      rowsQuery = rowsQuery.orderBy(effective, 'asc').orderBy('cp.position');
      break;
    case 'price_desc':
      rowsQuery = rowsQuery.orderBy(effective, 'desc').orderBy('cp.position');
      break;
    case 'newest':
      rowsQuery = rowsQuery.orderBy('p.created_at', 'desc').orderBy('cp.position');
      break;
    default:
      rowsQuery = rowsQuery.orderBy('cp.position');
  }
  const rows = await rowsQuery
    .select(sql<number>`(count(*) over ())::int`.as('total_count'))
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  const count = () => base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { rows, total: await totalOf(rows, q, async () => (await count()).n) };
}

/**
 * The count of a page's whole list: carried by each of its rows (`count(*) over ()`, made before the limit: no
 * statement of its own), counted apart only for a page that has no row (past the end, or a page of none asked).
 */
async function totalOf(
  rows: readonly { total_count: number }[],
  q: { limit: number; offset: number },
  count: () => Promise<number>,
): Promise<number> {
  if (rows.length) return (rows[0] as { total_count: number }).total_count;
  if (q.limit > 0 && q.offset === 0) return 0;
  return count();
}

/** Preview rows grouped by collection, each group in its order, with the count its rows carry. */
function byCollection<R extends { collection_id: string; total_count: number }>(
  rows: R[],
  position: (r: R) => number,
): Map<string, { rows: R[]; total: number }> {
  const out = new Map<string, { rows: R[]; total: number }>();
  for (const r of rows.sort((a, b) => position(a) - position(b))) {
    const entry = out.get(r.collection_id) ?? { rows: [], total: r.total_count };
    entry.rows.push(r);
    out.set(r.collection_id, entry);
  }
  return out;
}

/**
 * The landing's previews: the first `limit` sellable items of each collection (in their order, with each
 * collection's count of them), in one statement for all collections rather than two per collection.
 */
export async function collectionItemPreviews(
  db: DB,
  q: { collectionIds: string[]; language: string; currency: string | null; limit: number },
): Promise<Map<string, { rows: TileRow[]; total: number }>> {
  if (q.collectionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('collections as c')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('collection_products as cp')
          .innerJoin('products as p', 'p.pid', 'cp.pid')
          .innerJoin('product_translations as t', (j) =>
            j.onRef('t.pid', '=', 'p.pid').on('t.language', '=', q.language),
          )
          .leftJoin('product_prices as pr', (j) =>
            j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', q.currency ?? '-'),
          )
          .select([...TILE_COLUMNS, 'cp.position as item_position'])
          .select(sql<number>`(count(*) over ())::int`.as('total_count'))
          .whereRef('cp.collection_id', '=', 'c.id')
          .where(sellable(q.currency))
          .orderBy('cp.position')
          .limit(q.limit)
          .as('x'),
      (join) => join.onTrue(),
    )
    .selectAll('x')
    .select('c.id as collection_id')
    .where('c.id', 'in', q.collectionIds)
    .execute();
  return byCollection(rows, (r) => r.item_position);
}

/** The landing's previews of looks: the first `limit` looks of each collection in show order, with their count. */
export async function collectionLookPreviews(
  db: DB,
  q: { collectionIds: string[]; language: string; limit: number },
): Promise<Map<string, { rows: LookRow[]; total: number }>> {
  if (q.collectionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('collections as c')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('collection_looks as cl')
          .innerJoin('looks as l', 'l.id', 'cl.look_id')
          .innerJoin('look_translations as t', (j) =>
            j.onRef('t.look_id', '=', 'l.id').on('t.language', '=', q.language),
          )
          .select([...LOOK_COLUMNS, 'cl.position as show_position'])
          .select(sql<number>`(count(*) over ())::int`.as('total_count'))
          .whereRef('cl.collection_id', '=', 'c.id')
          .orderBy('cl.position')
          .limit(q.limit)
          .as('x'),
      (join) => join.onTrue(),
    )
    .selectAll('x')
    .select('c.id as collection_id')
    .where('c.id', 'in', q.collectionIds)
    .execute();
  return byCollection(rows, (r) => r.show_position);
}

export async function collectionLooks(
  db: DB,
  q: { collectionId: string; language: string; limit: number; offset: number },
): Promise<{ rows: LookRow[]; total: number }> {
  const base = db
    .selectFrom('collection_looks as cl')
    .innerJoin('looks as l', 'l.id', 'cl.look_id')
    .where('cl.collection_id', '=', q.collectionId);
  const rows = await base
    .innerJoin('look_translations as t', (j) => j.onRef('t.look_id', '=', 'l.id').on('t.language', '=', q.language))
    .select([...LOOK_COLUMNS])
    .select(sql<number>`(count(*) over ())::int`.as('total_count'))
    .orderBy('cl.position')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  const count = () => base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { rows, total: await totalOf(rows, q, async () => (await count()).n) };
}

export async function findLook(db: DB, brand: string, slug: string, language: string): Promise<LookRow | undefined> {
  return db
    .selectFrom('looks as l')
    .innerJoin('look_translations as t', (j) => j.onRef('t.look_id', '=', 'l.id').on('t.language', '=', language))
    .select([...LOOK_COLUMNS])
    .where('l.brand', '=', brand)
    .where('l.slug', '=', slug)
    .executeTakeFirst();
}

/** The products worn in each look (styling order) that the market sells, with their SMC codes. */
export async function lookProducts(
  db: DB,
  q: { lookIds: string[]; language: string; currency: string | null },
): Promise<Map<string, { smcIds: string[]; tiles: TileRow[] }>> {
  const out = new Map<string, { smcIds: string[]; tiles: TileRow[] }>(
    q.lookIds.map((id) => [id, { smcIds: [], tiles: [] }]),
  );
  if (q.lookIds.length === 0) return out;
  const rows = await db
    .selectFrom('look_products as lp')
    .innerJoin('products as p', 'p.pid', 'lp.pid')
    .innerJoin('product_translations as t', (j) => j.onRef('t.pid', '=', 'p.pid').on('t.language', '=', q.language))
    .leftJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', q.currency ?? '-'))
    .select([...TILE_COLUMNS, 'lp.look_id', 'p.smc_id', sql<boolean>`${sellable(q.currency)}`.as('sellable')])
    .where('lp.look_id', 'in', q.lookIds)
    .orderBy('lp.look_id')
    .orderBy('lp.position')
    .execute();
  for (const r of rows) {
    const entry = out.get(r.look_id);
    if (!entry) continue;
    entry.smcIds.push(r.smc_id);
    if (r.sellable) entry.tiles.push(r);
  }
  return out;
}

/** Looks by the SMC of one of their products, or by the show they were born at. */
export async function looksBy(
  db: DB,
  brand: string,
  language: string,
  q: { smcId?: string | undefined; bornEventCode?: string | undefined; bornSeasonCode?: string | undefined },
): Promise<LookRow[]> {
  let query = db
    .selectFrom('looks as l')
    .innerJoin('look_translations as t', (j) => j.onRef('t.look_id', '=', 'l.id').on('t.language', '=', language))
    .select([...LOOK_COLUMNS])
    .where('l.brand', '=', brand);
  if (q.smcId) {
    const smc = q.smcId;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('look_products as lp')
          .innerJoin('products as p', 'p.pid', 'lp.pid')
          .select(sql`1`.as('one'))
          .whereRef('lp.look_id', '=', 'l.id')
          .where('p.smc_id', '=', smc),
      ),
    );
  } else {
    query = query
      .where('l.born_event_code', '=', q.bornEventCode ?? '')
      .where('l.born_season_code', '=', q.bornSeasonCode ?? '');
  }
  return query.orderBy('l.born_season_code', 'desc').orderBy('l.position').execute();
}

/** The collection a look belongs to (first by position), and the looks before and after it there. */
export async function lookNeighbours(
  db: DB,
  lookId: string,
  language: string,
): Promise<{
  collection: { slug: string; name: string } | null;
  previous: { slug: string; name: string } | null;
  next: { slug: string; name: string } | null;
}> {
  const home = await db
    .selectFrom('collection_looks as cl')
    .innerJoin('collections as c', 'c.id', 'cl.collection_id')
    .innerJoin('collection_translations as t', (j) =>
      j.onRef('t.collection_id', '=', 'c.id').on('t.language', '=', language),
    )
    .select(['c.id', 'c.slug', 't.name', 'cl.position'])
    .where('cl.look_id', '=', lookId)
    .orderBy('c.position')
    .executeTakeFirst();
  if (!home) return { collection: null, previous: null, next: null };
  const around = await db
    .selectFrom('collection_looks as cl')
    .innerJoin('looks as l', 'l.id', 'cl.look_id')
    .innerJoin('look_translations as t', (j) => j.onRef('t.look_id', '=', 'l.id').on('t.language', '=', language))
    .select(['l.slug', 't.name', 'cl.position'])
    .where('cl.collection_id', '=', home.id)
    .where('cl.position', 'in', [home.position - 1, home.position + 1])
    .execute();
  const at = (pos: number) => {
    const r = around.find((x) => x.position === pos);
    return r ? { slug: r.slug, name: r.name } : null;
  };
  return {
    collection: { slug: home.slug, name: home.name },
    previous: at(home.position - 1),
    next: at(home.position + 1),
  };
}
