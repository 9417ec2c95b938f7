import { sql, type Compilable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { DB } from '../../db/database.ts';

export interface VariantRow {
  sku: string;
  size: string;
  stock: number;
}

/** Everything this module answers about a product, in one row (variants aggregated). */
export interface ProductDataRow {
  pid: string;
  slug: string;
  category_id: string;
  gender_code: string | null;
  color_code: string;
  color_hex: string;
  macro_color: string;
  micro_color: string;
  size_group: string | null;
  image_count: number;
  born_season: string;
  rank: number;
  is_rd: boolean;
  is_sellable_online: boolean;
  is_ecom_assortment: boolean;
  is_preorderable: boolean;
  style_code: string;
  smc_id: string;
  short_name: string;
  gender_association: string | null;
  is_coming_soon: boolean;
  sale_channel: 'online' | 'call' | 'contact';
  notify_me: boolean;
  generic_tags: string[];
  name: string;
  color_name: string;
  list_price: number | null;
  sale_price: number | null;
  variants: VariantRow[];
}

export interface Scope {
  brand: string;
  language: string;
  /** Null on the international site: nothing is priced, every product is shown. */
  currency: string | null;
}

export interface Filter {
  pids?: readonly string[];
  styleCodes?: readonly string[];
  categoryIds?: readonly string[];
  excludePid?: string;
  excludeStyle?: string;
  macroColor?: string;
  /** Leave out the rive-droite boutique's products (carousels of the main storefront). */
  mainStorefront?: boolean;
}

/**
 * Products a market sells: the house's, not employee-only, and priced in the market currency (a product
 * without a price there is not sold there), with their name, colour name, price and variants.
 */
function sold(db: DB, scope: Scope, f: Filter) {
  let q = db.selectFrom('products as p').where('p.brand', '=', scope.brand).where('p.is_employee_only', '=', false);
  if (f.pids) q = q.where('p.pid', 'in', [...f.pids]);
  if (f.styleCodes) q = q.where('p.style_code', 'in', [...f.styleCodes]);
  if (f.categoryIds) q = q.where('p.category_id', 'in', [...f.categoryIds]);
  if (f.excludePid) q = q.where('p.pid', '<>', f.excludePid);
  if (f.excludeStyle) q = q.where('p.style_code', '<>', f.excludeStyle);
  if (f.macroColor) q = q.where('p.macro_color', '=', f.macroColor);
  if (f.mainStorefront) q = q.where('p.is_rd', '=', false);
  const joined = q
    .innerJoin('product_translations as t', (j) => j.onRef('t.pid', '=', 'p.pid').on('t.language', '=', scope.language))
    .leftJoin('product_prices as pr', (j) =>
      j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', scope.currency ?? '-'),
    );
  const priced = scope.currency ? joined.where('pr.list_price', 'is not', null) : joined;
  return priced.select([
    'p.pid',
    'p.slug',
    'p.category_id',
    'p.gender_code',
    'p.color_code',
    'p.color_hex',
    'p.macro_color',
    'p.micro_color',
    'p.size_group',
    'p.image_count',
    'p.born_season',
    'p.rank',
    'p.is_rd',
    'p.is_sellable_online',
    'p.is_ecom_assortment',
    'p.is_preorderable',
    'p.style_code',
    'p.smc_id',
    'p.short_name',
    'p.gender_association',
    'p.is_coming_soon',
    'p.sale_channel',
    'p.notify_me',
    'p.generic_tags',
    't.name',
    't.color_name',
    'pr.list_price',
    'pr.sale_price',
    sql<
      VariantRow[]
    >`coalesce((select json_agg(json_build_object('sku', v.sku, 'size', v.size, 'stock', v.stock) order by v.position)
      from product_variants v where v.pid = p.pid), '[]'::json)`.as('variants'),
  ]);
}

/** The products of `pids` the market sells (any order; absent ids are not sold there). */
export async function findProducts(db: DB, scope: Scope, pids: readonly string[]): Promise<ProductDataRow[]> {
  if (pids.length === 0) return [];
  const rows = await sold(db, scope, { pids }).execute();
  return rows as ProductDataRow[];
}

/** The colours of some styles the market sells (for swatches), by rank. */
export async function findStyleMates(db: DB, scope: Scope, styleCodes: readonly string[]): Promise<ProductDataRow[]> {
  const codes = [...new Set(styleCodes.filter(Boolean))];
  if (codes.length === 0) return [];
  const rows = await sold(db, scope, { styleCodes: codes }).orderBy('p.rank').execute();
  return rows as ProductDataRow[];
}

/** A product's row with its names in every language (its paths in other languages, for hreflang). */
type ProductPageRow = ProductDataRow & { names: Record<string, string> };

/** A product page's rows: the product's, and its style's colours the market sells (itself included), by rank. */
export interface ProductPageRows {
  row: ProductPageRow;
  mates: ProductDataRow[];
}

/**
 * What the product page reads of `pid`, in one statement: its row, with its names in every language, and the
 * rows of the other colours of its style the market sells, by rank. No row of `pid`: the market does not sell it.
 */
export async function findProductPage(db: DB, scope: Scope, pid: string): Promise<ProductPageRows | undefined> {
  const { brand, language, currency } = scope;
  const rows = await productPageRead.rows(
    db,
    { brand, language, currency: currency ?? '-', pid },
    currency ? 'priced' : 'every product',
  );
  const own = rows.find((r) => r.pid === pid);
  if (!own) return undefined;
  const row: ProductPageRow = { ...own, names: own.names ?? {} };
  return { row, mates: own.style_code ? rows.filter((r) => r.style_code === own.style_code) : [] };
}

const productPageRead = compiledOnce<{ brand: string; language: string; currency: string; pid: string }>()(
  (db, arg, shape) =>
    sold(
      db,
      { brand: arg('brand'), language: arg('language'), currency: shape === 'priced' ? arg('currency') : null },
      {},
    )
      .where((eb) =>
        eb.or([
          eb('p.pid', '=', arg('pid')),
          eb(
            'p.style_code',
            '=',
            eb
              .selectFrom('products as s')
              .select('s.style_code')
              .where('s.pid', '=', arg('pid'))
              .where('s.style_code', '<>', ''),
          ),
        ]),
      )
      .select(
        sql<Record<
          string,
          string
        > | null>`case when p.pid = ${arg('pid')} then (select json_object_agg(n.language, n.name)
        from product_translations n where n.pid = p.pid) end`.as('names'),
      )
      .orderBy('p.rank') as unknown as Compilable<ProductDataRow & { names: Record<string, string> | null }>,
);

/**
 * Candidates for a carousel: products of some categories, best ranked first, optionally one macro
 * colour first. Out-of-stock products are filtered afterwards by the display rules, so this reads a
 * few times more rows than the carousel shows.
 */
export async function findInCategories(
  db: DB,
  scope: Scope,
  q: { categoryIds: readonly string[]; excludePid?: string; excludeStyle?: string; macroColor?: string; limit: number },
): Promise<ProductDataRow[]> {
  if (q.categoryIds.length === 0) return [];
  const { limit, ...filter } = q;
  const query = sold(db, scope, { ...filter, mainStorefront: true }).orderBy('p.rank');
  return (await query.limit(limit).execute()) as ProductDataRow[];
}

/** Best-ranked products of the house (trending items). */
export async function findTopRanked(db: DB, scope: Scope, limit: number): Promise<ProductDataRow[]> {
  const rows = await sold(db, scope, { mainStorefront: true }).orderBy('p.rank').limit(limit).execute();
  return rows as ProductDataRow[];
}

/**
 * Products styled with `pid` by the merchandisers: the other pieces of the looks that show it (in styling
 * order), then of the collections that hold it.
 */
export async function findCompanions(db: DB, brand: string, pid: string, limit: number): Promise<string[]> {
  const looks = await db
    .selectFrom('look_products as mine')
    .innerJoin('looks as l', 'l.id', 'mine.look_id')
    .innerJoin('look_products as other', 'other.look_id', 'mine.look_id')
    .select(['other.pid'])
    .where('mine.pid', '=', pid)
    .where('l.brand', '=', brand)
    .where('other.pid', '<>', pid)
    .orderBy('l.position')
    .orderBy('other.position')
    .limit(limit)
    .execute();
  const collections = await db
    .selectFrom('collection_products as mine')
    .innerJoin('collections as c', 'c.id', 'mine.collection_id')
    .innerJoin('collection_products as other', 'other.collection_id', 'mine.collection_id')
    .select(['other.pid'])
    .where('mine.pid', '=', pid)
    .where('c.brand', '=', brand)
    .where('other.pid', '<>', pid)
    .orderBy('c.position')
    .orderBy('other.position')
    .limit(limit)
    .execute();
  return [...new Set([...looks, ...collections].map((r) => r.pid))];
}

/** Whether the house has a boutique in a country (pickup in store). */
export async function hasBoutiqueIn(db: DB, brand: string, country: string): Promise<boolean> {
  const row = await db
    .selectFrom('stores')
    .select(sql<number>`1`.as('one'))
    .where('brand', '=', brand)
    .where('country', '=', country)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The stored data of a session (usid and context tags). */
export async function sessionData(db: DB, id: string): Promise<{ usid?: string; contextTags?: string[] } | undefined> {
  const row = await db.selectFrom('sessions').select('data').where('id', '=', id).executeTakeFirst();
  return row?.data as { usid?: string; contextTags?: string[] } | undefined;
}

/** Registers an alert; false when one exists for this variant and email. */
export async function insertBackInStock(
  db: DB,
  row: { sku: string; pid: string; email: string; locale: string },
): Promise<{ created_at: Date } | undefined> {
  return db
    .insertInto('back_in_stock_subscriptions')
    .values(row)
    .onConflict((oc) => oc.columns(['sku', 'email']).doNothing())
    .returning(['created_at'])
    .executeTakeFirst();
}
