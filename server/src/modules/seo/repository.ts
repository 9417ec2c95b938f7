import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/** Languages whose product URLs keep the product's own name (spec §2); the others use the ASCII slug. */
export const NAMED_URL_LANGUAGES = ['ja', 'ko', 'zh'] as const;

export interface SitemapProductRow {
  pid: string;
  slug: string;
  created_at: Date | string;
  /** Currencies the product is priced in: the markets that sell it. */
  currencies: string[];
  /** Its name in the languages whose URLs keep it. */
  names: Record<string, string> | null;
}

/**
 * One page of the products with a public product page in a market: not employee-only and, when the market
 * has a currency, priced in it (the rule of `CatalogService.product`). Ordered by pid and read one file's
 * page at a time (`LIMIT`/`OFFSET` over the primary key), so a sitemap never loads the whole catalogue.
 */
export async function productPage(
  db: DB,
  q: { brand: string; currency: string | null; limit: number; offset: number },
): Promise<SitemapProductRow[]> {
  const priced =
    q.currency === null
      ? sql`true`
      : sql`exists (select 1 from product_prices x where x.pid = p.pid and x.currency = ${q.currency})`;
  // The page's pids first (an index walk; the skipped rows cost a probe each), then their prices and names.
  const { rows } = await sql<SitemapProductRow>`
    with page as (
      select p.pid, p.slug, p.created_at from products p
      where p.brand = ${q.brand} and p.is_employee_only = false and ${priced}
      order by p.pid
      limit ${q.limit} offset ${q.offset}
    )
    select page.pid, page.slug, page.created_at,
      coalesce((select array_agg(pp.currency order by pp.currency) from product_prices pp where pp.pid = page.pid), '{}') as currencies,
      (select json_object_agg(t.language, t.name) from product_translations t
        where t.pid = page.pid and t.language in (${sql.join([...NAMED_URL_LANGUAGES])})) as names
    from page
    order by page.pid`.execute(db);
  return rows;
}

export interface ProductCount {
  /** null: every public product (markets without a currency show unpriced product pages). */
  currency: string | null;
  n: number;
  last: Date | string | null;
}

/** How many public products each currency's markets list, and the newest of them (the sitemap index). */
export async function productCounts(db: DB, brand: string): Promise<ProductCount[]> {
  const byCurrency = await sql<ProductCount>`
    select pp.currency, count(*)::int as n, max(p.created_at) as last
    from products p join product_prices pp on pp.pid = p.pid
    where p.brand = ${brand} and p.is_employee_only = false
    group by pp.currency`.execute(db);
  const all = await sql<ProductCount>`
    select null as currency, count(*)::int as n, max(created_at) as last
    from products where brand = ${brand} and is_employee_only = false`.execute(db);
  return [...byCurrency.rows, ...all.rows];
}

/** Newest public product of each category (a category's `lastmod` is the newest product below it). */
export async function newestByCategory(db: DB, brand: string): Promise<Map<string, Date>> {
  const { rows } = await sql<{ category_id: string; last: Date | string }>`
    select category_id, max(created_at) as last from products
    where brand = ${brand} and is_employee_only = false
    group by category_id`.execute(db);
  return new Map(rows.map((r) => [r.category_id, new Date(r.last)]));
}
