import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { SearchScope } from './repository.ts';

/** Trending queries of a house in a language, most searched first. */
export async function trendingQueries(db: DB, brand: string, language: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('trending_searches')
    .select('query')
    .where('brand', '=', brand)
    .where('language', '=', language)
    .orderBy('position')
    .limit(limit)
    .execute();
  return rows.map((r) => r.query);
}

/** Replaces the trending queries of a house (reference data, upserted at start). */
export async function upsertTrending(
  db: DB,
  brand: string,
  byLanguage: Record<string, readonly string[]>,
): Promise<void> {
  const values = Object.entries(byLanguage).flatMap(([language, queries]) =>
    queries.map((query, i) => ({ brand, language, position: i + 1, query })),
  );
  if (values.length === 0) return;
  await db
    .insertInto('trending_searches')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['brand', 'language', 'position']).doUpdateSet((eb) => ({ query: eb.ref('excluded.query') })),
    )
    .execute();
}

/** Newest products of the house in stock in the market (trending products). */
export async function newestInStock(db: DB, scope: SearchScope, limit: number): Promise<string[]> {
  const priced = scope.currency
    ? sql`and exists (select 1 from product_prices x where x.pid = p.pid and x.currency = ${scope.currency})`
    : sql``;
  const { rows } = await sql<{ pid: string }>`
    select p.pid from products p
    where p.brand = ${scope.brand} and not p.is_employee_only and not p.is_rd
      and p.is_sellable_online and p.is_ecom_assortment
      and exists (select 1 from product_variants v where v.pid = p.pid and v.stock > 0)
      ${priced}
    order by p.created_at desc, p.rank
    limit ${limit}`.execute(db);
  return rows.map((r) => r.pid);
}
