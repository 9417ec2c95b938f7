import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { TILE_COLUMNS, type TileRow } from '../catalog/index.ts';

export type { TileRow };

export async function listPages(db: DB, brand: string, language: string) {
  return db
    .selectFrom('content_pages')
    .selectAll()
    .where('brand', '=', brand)
    .where('language', '=', language)
    .orderBy('position')
    .execute();
}
export type PageRow = Awaited<ReturnType<typeof listPages>>[number];

/** When each page URL's publication last changed, and the whole publication's (`seedContent` records them). */
export async function contentVersions(
  db: DB,
  brand: string,
): Promise<{ pages: Map<string, Date>; publication: Date | null }> {
  const [pages, publication] = await Promise.all([
    db.selectFrom('content_versions').select(['page_url', 'changed_at']).where('brand', '=', brand).execute(),
    db.selectFrom('content_publications').select('changed_at').where('brand', '=', brand).executeTakeFirst(),
  ]);
  return {
    pages: new Map(pages.map((r) => [r.page_url, new Date(r.changed_at)])),
    publication: publication ? new Date(publication.changed_at) : null,
  };
}

export async function ownerComponents(db: DB, brand: string, ownerId: string) {
  return db
    .selectFrom('content_components')
    .select(['id', 'parent_id', 'position', 'type', 'data', 'context_tags', 'owner_id'])
    .where('brand', '=', brand)
    .where('owner_id', '=', ownerId)
    .orderBy('parent_id', (ob) => ob.nullsFirst())
    .orderBy('position')
    .execute();
}
export type ComponentRow = Awaited<ReturnType<typeof ownerComponents>>[number];

/** Where a component id is first found in a language: the layout, then pages in order, then generic content. */
export async function findComponentOwner(
  db: DB,
  brand: string,
  language: string,
  id: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('content_components')
    .select('owner_id')
    .where('brand', '=', brand)
    .where('language', '=', language)
    .where('id', '=', id)
    .orderBy('owner_order')
    .executeTakeFirst();
  return row?.owner_id;
}

export async function findGeneric(db: DB, brand: string, language: string, contentId: string) {
  return db
    .selectFrom('content_generic')
    .selectAll()
    .where('brand', '=', brand)
    .where('language', '=', language)
    .where('content_id', '=', contentId)
    .executeTakeFirst();
}

export async function accordionsOfSubject(db: DB, brand: string, language: string, subject: string) {
  return db
    .selectFrom('content_components')
    .select(['id', 'parent_id', 'position', 'type', 'data', 'context_tags', 'owner_id'])
    .where('brand', '=', brand)
    .where('language', '=', language)
    .where('type', '=', 'accordion')
    .where(sql<string>`data->>'tagSubjectId'`, '=', subject)
    .orderBy('owner_order')
    .orderBy('position')
    .execute();
}

export async function listEvents(db: DB, brand: string, language: string) {
  const [events, themes, locations] = await Promise.all([
    db
      .selectFrom('events')
      .selectAll()
      .where('brand', '=', brand)
      .where('language', '=', language)
      .orderBy('start_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('event_themes')
      .selectAll()
      .where('brand', '=', brand)
      .where('language', '=', language)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('event_locations')
      .selectAll()
      .where('brand', '=', brand)
      .where('language', '=', language)
      .orderBy('position')
      .execute(),
  ]);
  return { events, themes, locations };
}
export type EventRow = Awaited<ReturnType<typeof listEvents>>['events'][number];

/**
 * Tile rows of the given products in a market (the shape CatalogService.tile prices and renders), in
 * the order asked; employee-only products and, in a market with a currency, products without a price
 * there are left out.
 */
export async function tileRowsByPids(
  db: DB,
  brand: string,
  pids: string[],
  language: string,
  currency: string | null,
): Promise<TileRow[]> {
  if (pids.length === 0) return [];
  let q = db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.pid', '=', 'p.pid').on('t.language', '=', language))
    .leftJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', currency ?? '-'))
    .select([...TILE_COLUMNS])
    .where('p.brand', '=', brand)
    .where('p.pid', 'in', pids)
    .where('p.is_employee_only', '=', false);
  if (currency) q = q.where('pr.list_price', 'is not', null);
  const rows = await q.execute();
  const byPid = new Map(rows.map((r) => [r.pid, r]));
  return pids.flatMap((pid) => {
    const r = byPid.get(pid);
    return r ? [r as TileRow] : [];
  });
}

/** Categories (ids) holding "rive droite" products, with how many, for the boutique's own navigation. */
export async function rdCategoryCounts(db: DB, brand: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('products')
    .select(['category_id', sql<number>`count(*)::int`.as('n')])
    .where('brand', '=', brand)
    .where('is_rd', '=', true)
    .where('is_employee_only', '=', false)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, r.n]));
}

export type RdSort = 'recommended' | 'price_asc' | 'price_desc' | 'newest';

function rdBase(db: DB, brand: string, categoryIds: string[], currency: string | null) {
  let q = db
    .selectFrom('products as p')
    .where('p.brand', '=', brand)
    .where('p.category_id', 'in', categoryIds)
    .where('p.is_rd', '=', true)
    .where('p.is_employee_only', '=', false);
  if (currency) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('product_prices as x')
          .select(sql`1`.as('one'))
          .whereRef('x.pid', '=', 'p.pid')
          .where('x.currency', '=', currency),
      ),
    );
  }
  return q;
}

/** One page of the "rive droite" products of some categories (the main listing leaves them out). */
export async function rdListing(
  db: DB,
  q: {
    brand: string;
    categoryIds: string[];
    language: string;
    currency: string | null;
    sort: RdSort;
    limit: number;
    offset: number;
  },
): Promise<{ total: number; rows: TileRow[] }> {
  if (q.categoryIds.length === 0) return { total: 0, rows: [] };
  const effectivePrice = sql<number>`coalesce(pr.sale_price, pr.list_price)`;
  const count = await rdBase(db, q.brand, q.categoryIds, q.currency)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  let query = rdBase(db, q.brand, q.categoryIds, q.currency)
    .innerJoin('product_translations as t', (j) => j.onRef('t.pid', '=', 'p.pid').on('t.language', '=', q.language))
    .leftJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', q.currency ?? '-'))
    .select([...TILE_COLUMNS]);
  if (q.sort === 'price_asc') query = query.orderBy(effectivePrice, 'asc');
  else if (q.sort === 'price_desc') query = query.orderBy(effectivePrice, 'desc');
  else if (q.sort === 'newest') query = query.orderBy('p.created_at', 'desc');
  const rows = await query.orderBy('p.rank').limit(q.limit).offset(q.offset).execute();
  return { total: count.n, rows: rows as TileRow[] };
}
