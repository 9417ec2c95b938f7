import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { DB } from '../../db/database.ts';
import type { ListingContext } from './listing-scope.ts';
import type { CatalogTables } from './tables.ts';

/** What a product tile needs, over `products p`, `product_translations t` and `product_prices pr`. */
export const TILE_COLUMNS = [
  'p.pid',
  'p.slug',
  't.name',
  't.color_name',
  'p.image_count',
  'pr.list_price',
  'pr.sale_price',
  'p.is_sellable_online',
  'p.is_ecom_assortment',
  'p.is_preorderable',
  sql<number>`(select coalesce(sum(v.stock), 0)::int from product_variants v where v.pid = p.pid)`.as('total_stock'),
] as const;

export type CategoryRow = CatalogTables['categories'] & { names: Record<string, string> };

export async function loadCategories(db: DB, brand: string): Promise<CategoryRow[]> {
  const rows = await db
    .selectFrom('categories as c')
    .select([
      'c.id',
      'c.brand',
      'c.slug',
      'c.parent_id',
      'c.level',
      'c.gender',
      'c.position',
      sql<
        Record<string, string>
      >`coalesce((select jsonb_object_agg(t.language, t.name) from category_translations t where t.category_id = c.id), '{}'::jsonb)`.as(
        'names',
      ),
    ])
    .where('c.brand', '=', brand)
    .orderBy('c.level')
    .orderBy('c.position')
    .execute();
  return rows;
}

export type SortKey = 'recommended' | 'price_asc' | 'price_desc' | 'newest';

export interface TileRow {
  pid: string;
  slug: string;
  name: string;
  color_name: string;
  image_count: number;
  list_price: number | null;
  sale_price: number | null;
  total_stock: number;
  is_sellable_online: boolean;
  is_ecom_assortment: boolean;
  is_preorderable: boolean;
}

const productRead = compiledOnce<{ brand: string; pid: string; language: string; currency: string }>()((db, arg) =>
  db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) =>
      j.onRef('t.pid', '=', 'p.pid').on('t.language', '=', arg('language')),
    )
    .leftJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', arg('currency')))
    .selectAll('p')
    .select([
      't.name',
      't.description',
      't.composition',
      't.color_name',
      'pr.list_price',
      'pr.sale_price',
      sql<{ sku: string; size: string; stock: number; position: number }[]>`coalesce((select json_agg(json_build_object(
        'sku', v.sku, 'size', v.size, 'stock', v.stock, 'position', v.position) order by v.position)
        from product_variants v where v.pid = p.pid), '[]'::json)`.as('variants'),
    ])
    .where('p.brand', '=', arg('brand'))
    .where('p.pid', '=', arg('pid')),
);

/** A product with its name, texts, price in `currency` and sizes (in their order), in one statement. */
export async function findProduct(db: DB, brand: string, pid: string, language: string, currency: string | null) {
  const [row] = await productRead.rows(db, { brand, pid, language, currency: currency ?? '-' });
  return row;
}

/** A product as its page reads it (`findProduct`). */
export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

/** The tiles of some listable products, in the order of their pids (a page the listing index chose; `listing_tiles()`). */
export async function tilesOf(
  db: DB,
  ctx: ListingContext & { language: string },
  pids: readonly string[],
): Promise<TileRow[]> {
  if (!pids.length) return [];
  const r =
    await sql<TileRow>`select * from listing_tiles(${sql.val(pids)}::text[], ${ctx.language}, ${ctx.currency})`.execute(
      db,
    );
  return r.rows;
}

/** Number of listable "rive droite" products per category id (their boutique's navigation). */
export async function loadRdCounts(db: DB, brand: string): Promise<Map<string, number>> {
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

export { loadSizeBits, type ListingContext, type ListingScope, type ResolvedFilters } from './listing-scope.ts';
export { facetCounts, listFilteredTiles, matchFacetsAndPage, type FacetCounts } from './listing-sql.ts';
export { matchedRows, parseNumberList } from './match-set.ts';
export { listingFactsSince, loadListingFacts, pruneListingRemovals } from './listing-facts.ts';
