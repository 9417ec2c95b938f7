import { sql } from 'kysely';
import type { DB } from '../db/database.ts';

/** A sellable product with at least `minStock` units in one size, and that size. */
export async function sellableVariant(db: DB, minStock = 5, offset = 0) {
  const row = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.pid', 'v.pid')
    .select(['p.pid', 'p.slug', 'v.size', 'v.sku', 'v.stock'])
    .where('p.is_employee_only', '=', false)
    .where('v.stock', '>=', minStock)
    .orderBy('p.pid')
    .orderBy('v.sku')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row;
}

export async function countRows(db: DB) {
  const r = await sql<{ sessions: number; baskets: number; items: number }>`
    select (select count(*)::int from sessions) as sessions,
           (select count(*)::int from baskets) as baskets,
           (select count(*)::int from basket_items) as items`.execute(db);
  return r.rows[0]!;
}
