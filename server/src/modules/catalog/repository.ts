import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { FactRow } from './listing-index.ts';
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

interface ListingQuery {
  brand: string;
  categoryIds: string[];
  language: string;
  currency: string | null;
  sort: SortKey;
  limit: number;
  offset: number;
}

function listingBase(db: DB, q: Pick<ListingQuery, 'brand' | 'categoryIds' | 'currency'>) {
  let query = db
    .selectFrom('products as p')
    .where('p.brand', '=', q.brand)
    .where('p.category_id', 'in', q.categoryIds)
    .where('p.is_employee_only', '=', false)
    .where('p.is_rd', '=', false);
  if (q.currency) {
    // A product without a price in the market currency is not sold there: it is not listed.
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('product_prices as x')
          .select(sql`1`.as('one'))
          .whereRef('x.pid', '=', 'p.pid')
          .where('x.currency', '=', q.currency),
      ),
    );
  }
  return query;
}

export async function listTiles(db: DB, q: ListingQuery): Promise<TileRow[]> {
  const effectivePrice = sql<number>`coalesce(pr.sale_price, pr.list_price)`;
  let query = listingBase(db, q)
    .innerJoin('product_translations as t', (j) => j.onRef('t.pid', '=', 'p.pid').on('t.language', '=', q.language))
    .leftJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', q.currency ?? '-'))
    .select([...TILE_COLUMNS]);
  switch (q.sort) {
    case 'price_asc':
      query = query.orderBy(effectivePrice, 'asc').orderBy('p.rank');
      break;
    case 'price_desc':
      query = query.orderBy(effectivePrice, 'desc').orderBy('p.rank');
      break;
    case 'newest':
      query = query.orderBy('p.created_at', 'desc').orderBy('p.rank');
      break;
    default:
      query = query.orderBy('p.rank');
  }
  return query.limit(q.limit).offset(q.offset).execute();
}

export async function findProduct(db: DB, brand: string, pid: string, language: string, currency: string | null) {
  const product = await db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.pid', '=', 'p.pid').on('t.language', '=', language))
    .leftJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', currency ?? '-'))
    .selectAll('p')
    .select(['t.name', 't.description', 't.composition', 't.color_name', 'pr.list_price', 'pr.sale_price'])
    .where('p.brand', '=', brand)
    .where('p.pid', '=', pid)
    .executeTakeFirst();
  if (!product) return undefined;
  const variants = await db
    .selectFrom('product_variants')
    .select(['sku', 'size', 'stock', 'position'])
    .where('pid', '=', pid)
    .orderBy('position')
    .execute();
  return { ...product, variants };
}
export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

/** The product's name in each of `languages` that has one. */
export async function productNames(db: DB, pid: string, languages: readonly string[]): Promise<Map<string, string>> {
  if (languages.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_translations')
    .select(['language', 'name'])
    .where('pid', '=', pid)
    .where('language', 'in', [...languages])
    .execute();
  return new Map(rows.map((r) => [r.language, r.name]));
}

// ---------------------------------------------------------------------------------------------
// Filtered listings and facets, over `listing_facts` (one narrow row per product, kept by triggers;
// migration 0008). One scope (the products a listing or a search covers) and one set of conditions
// serve both the page of products and the facet counts, so a facet count is exactly the total the
// listing answers once that value is chosen.

/**
 * The products a listing covers: the listable products of a house (never employee-only nor rive droite),
 * priced in the market currency when it has one, optionally within some categories and matching an
 * extra SQL condition.
 */
export interface ListingScope {
  /** A category and its descendants; omitted = every category. */
  categoryIds?: readonly string[] | undefined;
  /**
   * An extra condition over `p`, a `listing_facts` row (columns pid, brand, category_id, macro_color,
   * material, rank, created_at…), e.g. sql`p.pid in (${pidsASearchMatched})`.
   */
  where?: Expression<SqlBool> | undefined;
  /** Replaces the merchandising rank in the `recommended` order (higher first); an expression over `p` too. */
  relevance?: Expression<number> | undefined;
  /**
   * A set of rows `(pid, num, relevance)` — each product once — the scope is limited to, joined as `m` (e.g.
   * the products a search matched, with their relevance computed in the same pass): cheaper than `where` and
   * `relevance` for a large set, which would look the relevance up once per product. `relevance` (higher
   * first) replaces the merchandising rank in the `recommended` order.
   */
  matches?: MatchRows | undefined;
}

/** Rows of a match set: the product (pid and its `products.num`) and its relevance, higher first. */
export type MatchRows = Expression<{ pid: string; num: number; relevance: number }>;

/** A filter selection in database terms: only known values, category slugs resolved to leaf ids. */
export interface ResolvedFilters {
  colors?: string[] | undefined;
  leafIds?: string[] | undefined;
  materials?: string[] | undefined;
  sizes?: string[] | undefined;
  inStock?: boolean | undefined;
  /** Effective price (sale, else list), inclusive, in the scope's currency. */
  price?: { min: number; max: number } | undefined;
}

export interface ListingContext {
  brand: string;
  currency: string | null;
  /** Bit of each size code in `listing_facts.size_mask` (table listing_size_codes). */
  sizeBits: ReadonlyMap<string, number>;
}

/** Size codes and their bits, in bit order. */
export async function loadSizeBits(db: DB): Promise<Map<string, number>> {
  const r = await sql<{ code: string; bit: number }>`select code, bit from listing_size_codes order by bit`.execute(db);
  return new Map(r.rows.map((x) => [x.code, x.bit]));
}

const TRUE = sql<SqlBool>`true`;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));

function priceOf(ctx: ListingContext) {
  return ctx.currency
    ? sql<number>`p.prices[(select c.pos from listing_currencies c where c.code = ${ctx.currency})]`
    : sql<number>`null::float8`;
}

function maskOf(ctx: ListingContext, sizes: readonly string[]): string {
  let mask = 0n;
  for (const s of sizes) {
    const bit = ctx.sizeBits.get(s);
    if (bit !== undefined) mask |= 1n << BigInt(bit);
  }
  return mask.toString();
}

/** `listing_facts p`, joined to the scope's match set (as `m`) when it has one. */
function scopeFrom(scope: ListingScope) {
  return scope.matches ? sql`listing_facts p join ${scope.matches} m on m.pid = p.pid` : sql`listing_facts p`;
}

function scopeWhere(ctx: ListingContext, scope: ListingScope) {
  const conditions = [sql`p.listed`, sql`p.brand = ${ctx.brand}`];
  // A product without a price in the market currency is not sold there: it is not listed.
  if (ctx.currency) conditions.push(sql`${priceOf(ctx)} is not null`);
  if (scope.categoryIds)
    conditions.push(scope.categoryIds.length ? sql`p.category_id in (${list(scope.categoryIds)})` : sql`false`);
  if (scope.where) conditions.push(sql`(${scope.where})`);
  return sql.join(conditions, sql` and `);
}

/** The condition of each filter key; `true` when the key is not filtered on. */
function conditionsOf(f: ResolvedFilters, ctx: ListingContext) {
  // With the in-stock toggle on, a size must be in stock; otherwise it only has to be in the product's run.
  const sizesIn = (column: 'size_mask' | 'stock_size_mask') =>
    f.sizes?.length ? sql<SqlBool>`(p.${sql.raw(column)} & ${sql.lit(maskOf(ctx, f.sizes))}::bigint) <> 0` : TRUE;
  return {
    color: f.colors?.length ? sql<SqlBool>`p.macro_color in (${list(f.colors)})` : TRUE,
    category: f.leafIds?.length ? sql<SqlBool>`p.category_id in (${list(f.leafIds)})` : TRUE,
    material: f.materials?.length ? sql<SqlBool>`p.material in (${list(f.materials)})` : TRUE,
    size: sizesIn(f.inStock ? 'stock_size_mask' : 'size_mask'),
    sizeInStock: sizesIn('stock_size_mask'),
    instock: f.inStock ? sql<SqlBool>`p.in_stock` : TRUE,
    price: f.price && ctx.currency ? sql<SqlBool>`${priceOf(ctx)} between ${f.price.min} and ${f.price.max}` : TRUE,
  };
}

function allConditions(f: ResolvedFilters, ctx: ListingContext) {
  const c = conditionsOf(f, ctx);
  return sql.join([c.color, c.category, c.material, c.size, c.instock, c.price], sql` and `);
}

/** One page of tiles: the page's pids are chosen on listing_facts alone, then only they are joined. */
export async function listFilteredTiles(
  db: DB,
  ctx: ListingContext & { language: string },
  scope: ListingScope,
  filters: ResolvedFilters,
  page: { sort: SortKey; limit: number; offset: number },
): Promise<TileRow[]> {
  // The sort key travels with the page's pids, so the outer query orders 24 rows, not the whole scope.
  const [key, direction] =
    page.sort === 'price_asc'
      ? [priceOf(ctx), sql`asc`]
      : page.sort === 'price_desc'
        ? [priceOf(ctx), sql`desc`]
        : page.sort === 'newest'
          ? [sql`p.created_at`, sql`desc`]
          : scope.matches
            ? [sql`m.relevance`, sql`desc`]
            : scope.relevance
              ? [scope.relevance, sql`desc`]
              : page.sort === 'recommended'
                ? // The default order: products in stock online first, then sold-out ones, each by rank
                  // (`ListingIndex.order` sorts the same way).
                  [sql`(not p.in_stock)::int`, sql`asc`]
                : [sql`0`, sql`asc`];
  const r = await sql<TileRow>`
    with page as (
      select p.pid, ${key} as k, p.rank
      from ${scopeFrom(scope)}
      where ${scopeWhere(ctx, scope)} and ${allConditions(filters, ctx)}
      order by k ${direction}, p.rank
      limit ${page.limit} offset ${page.offset}
    )
    select x.pid, x.slug, t.name, t.color_name, x.image_count, pr.list_price, pr.sale_price,
      x.is_sellable_online, x.is_ecom_assortment, x.is_preorderable,
      (select coalesce(sum(v.stock), 0)::int from product_variants v where v.pid = x.pid) as total_stock
    from page
    join products x on x.pid = page.pid
    join product_translations t on t.pid = x.pid and t.language = ${ctx.language}
    left join product_prices pr on pr.pid = x.pid and pr.currency = ${ctx.currency ?? '-'}
    order by page.k ${direction}, page.rank`.execute(db);
  return r.rows;
}

export interface FacetCounts {
  colors: Map<string, number>;
  leaves: Map<string, number>;
  materials: Map<string, number>;
  sizes: Map<string, number>;
  inStock: number;
  total: number;
  /** Effective price bounds of the products the other filters leave; null without products or currency. */
  priceMin: number | null;
  priceMax: number | null;
}

/**
 * The facet counts of one grouping-sets pass over the facts `s` (each facet counted with every filter but its
 * own: colour, category, material, size mask, in stock, price range), shared by the facet read and the
 * listing's combined statement.
 */
const FACET_AGGREGATES = sql`grouping(s.macro_color) as gc, grouping(s.category_id) as gk, grouping(s.material) as gm, grouping(s.mask) as gz,
  s.macro_color, s.category_id, s.material, s.mask::text as mask,
  count(*) filter (where k_ok and m_ok and z_ok and i_ok and r_ok)::int as n_color,
  count(*) filter (where c_ok and k_ok and z_ok and i_ok and r_ok)::int as n_material,
  count(*) filter (where c_ok and m_ok and z_ok and i_ok and r_ok)::int as n_category,
  count(*) filter (where c_ok and k_ok and m_ok and i_ok and r_ok)::int as n_size,
  count(*) filter (where c_ok and k_ok and m_ok and zs_ok and r_ok and s.in_stock)::int as n_instock,
  count(*) filter (where c_ok and k_ok and m_ok and z_ok and i_ok and r_ok)::int as n_total,
  min(s.price) filter (where c_ok and k_ok and m_ok and z_ok and i_ok) as price_min,
  max(s.price) filter (where c_ok and k_ok and m_ok and z_ok and i_ok) as price_max`;

/**
 * Every facet in one statement and one pass over the scope's rows (grouping sets, counts by FILTER).
 * Counts are disjunctive: a value's count is the listing's total when the value replaces its own key's
 * selection, the other keys applied. A plain category scope is counted by the listing index instead
 * (`listing-index.ts`, same semantics); this is the general path, and the index's reference in tests.
 */
export async function facetCounts(
  db: DB,
  ctx: ListingContext,
  scope: ListingScope,
  filters: ResolvedFilters,
): Promise<FacetCounts> {
  const c = conditionsOf(filters, ctx);
  // Sizes are counted per distinct size mask (a handful of size runs, a few hundred stock patterns) and
  // summed per size here: one more grouping set instead of one aggregate per size code in every set.
  const r = await sql<GroupRow>`
    select ${FACET_AGGREGATES}
    from (
      select p.category_id, p.macro_color, p.material, p.in_stock,
        ${filters.inStock ? sql`p.stock_size_mask` : sql`p.size_mask`} as mask,
        ${priceOf(ctx)} as price,
        ${c.color} as c_ok, ${c.category} as k_ok, ${c.material} as m_ok, ${c.size} as z_ok,
        ${c.sizeInStock} as zs_ok, ${c.instock} as i_ok, ${c.price} as r_ok
      from ${scopeFrom(scope)}
      where ${scopeWhere(ctx, scope)}
    ) s
    group by grouping sets ((s.macro_color), (s.category_id), (s.material), (s.mask), ())`.execute(db);
  return countsFrom(r.rows, ctx);
}

/**
 * The rows of a match set (a search's matched pids and their relevance): what the listing index counts
 * and pages a results page over. Read through the text indexes: the planner prices a prefix query over the
 * GIN index so high that it reads every document of the language instead (26 ms where the index takes
 * 3.5 ms for 1,496 matches of "loulou" in 50,000; about even for the commonest words), so scans are ruled
 * out here.
 */
export async function matchedRows(db: DB, matches: MatchRows): Promise<MatchSet> {
  // One row of two lists rather than a row per match: 11,724 rows for "sac cuir" cost the storefront more
  // in parsing and garbage than the lists (and the driver's array parser is slower still). Product numbers,
  // not pids: the listing index finds a number's slot by position, and no string is made per match.
  const [row] = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return (
      await sql<{ nums: string; relevance: string }>`
        select coalesce(string_agg(m.num::text, ','), '') as nums, coalesce(string_agg(m.relevance::text, ','), '') as relevance
        from ${matches} m`.execute(trx)
    ).rows;
  });
  const nums = parseNumberList(row?.nums ?? '');
  const relevance = row?.relevance ? row.relevance.split(',').map(Number) : [];
  if (relevance.length !== nums.length)
    throw new Error(`match set: ${nums.length} products, ${relevance.length} relevance values`);
  return { nums, relevance };
}

/** Non-negative integers written in decimal, separated by commas ('' → none), without a string per number. */
export function parseNumberList(text: string): Int32Array {
  if (text === '') return new Int32Array(0);
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) n++;
  const out = new Int32Array(n);
  let k = 0;
  let value = 0;
  let digits = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c === 44) {
      if (digits === 0) throw new Error(`number list: an empty entry at ${i}`);
      out[k++] = value;
      value = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57 && digits < 10) {
      value = value * 10 + (c - 48);
      digits++;
      if (value > 2147483647) throw new Error(`number list: ${value} out of range`);
    } else throw new Error(`number list: unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
  return out;
}

/** A search's matches: product numbers and, at the same positions, their relevance (higher first). */
export interface MatchSet {
  nums: Int32Array;
  relevance: readonly number[];
}

/**
 * The facets of a scope with a match set (`scope.matches`, a search) and the pids of one page of it, in
 * one statement that reads the matches once: the rows of the scope are gathered with every filter
 * condition evaluated, then counted (as `facetCounts` does) and paged (as `listFilteredTiles` does,
 * `m.relevance` first in the recommended order). Results pages are answered by the listing index over
 * `matchedRows` (`ListingIndex.queryMatches`); this is the SQL the tests hold it to.
 */
export async function matchFacetsAndPage(
  db: DB,
  ctx: ListingContext,
  scope: ListingScope & { matches: MatchRows },
  filters: ResolvedFilters,
  page: { sort: SortKey; limit: number; offset: number },
): Promise<{ counts: FacetCounts; pids: string[] }> {
  const c = conditionsOf(filters, ctx);
  const [key, direction] =
    page.sort === 'price_asc'
      ? [sql`s.price`, sql`asc`]
      : page.sort === 'price_desc'
        ? [sql`s.price`, sql`desc`]
        : page.sort === 'newest'
          ? [sql`s.created_at`, sql`desc`]
          : [sql`s.relevance`, sql`desc`];
  const statement = sql<GroupRow & { part: 'f' | 'p'; pid: string | null }>`
    with s as materialized (
      select p.pid, p.rank, p.created_at, m.relevance, p.category_id, p.macro_color, p.material, p.in_stock,
        ${filters.inStock ? sql`p.stock_size_mask` : sql`p.size_mask`} as mask,
        ${priceOf(ctx)} as price,
        ${c.color} as c_ok, ${c.category} as k_ok, ${c.material} as m_ok, ${c.size} as z_ok,
        ${c.sizeInStock} as zs_ok, ${c.instock} as i_ok, ${c.price} as r_ok
      from ${scopeFrom(scope)}
      where ${scopeWhere(ctx, scope)}
    )
    select 'f' as part, null::text as pid, null::bigint as i,
      ${FACET_AGGREGATES}
    from s
    group by grouping sets ((s.macro_color), (s.category_id), (s.material), (s.mask), ())
    union all
    select 'p', x.pid, row_number() over (), null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null
    from (
      select s.pid from s
      where c_ok and k_ok and m_ok and z_ok and i_ok and r_ok
      order by ${key} ${direction}, s.rank
      limit ${page.limit} offset ${page.offset}
    ) x
    order by 1, 3`;
  // The match set is found through the text indexes: the planner prices a prefix query over the GIN index
  // so high that it reads every document of the language instead (26 ms where the index takes 3.5 ms for
  // 1,496 matches of "loulou" in 50,000; about even for the commonest words), so scans are ruled out here.
  const r = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return statement.execute(trx);
  });
  return {
    counts: countsFrom(
      r.rows.filter((x) => x.part === 'f'),
      ctx,
    ),
    pids: r.rows.filter((x) => x.part === 'p').map((x) => x.pid as string),
  };
}

function countsFrom(rows: GroupRow[], ctx: ListingContext): FacetCounts {
  const out: FacetCounts = {
    colors: new Map(),
    leaves: new Map(),
    materials: new Map(),
    sizes: new Map(),
    inStock: 0,
    total: 0,
    priceMin: null,
    priceMax: null,
  };
  for (const row of rows) {
    if (!row.gc) out.colors.set(row.macro_color as string, row.n_color);
    else if (!row.gk) out.leaves.set(row.category_id as string, row.n_category);
    else if (!row.gm) out.materials.set(row.material as string, row.n_material);
    else if (!row.gz) {
      const mask = BigInt(row.mask ?? '0');
      // Sizes no product of the scope has are not offered (a selected one is added back by the service).
      for (const [code, bit] of ctx.sizeBits)
        if ((mask >> BigInt(bit)) & 1n) out.sizes.set(code, (out.sizes.get(code) ?? 0) + row.n_size);
    } else {
      out.inStock = row.n_instock;
      out.total = row.n_total;
      out.priceMin = row.price_min;
      out.priceMax = row.price_max;
    }
  }
  return out;
}

interface GroupRow {
  gc: number;
  gk: number;
  gm: number;
  gz: number;
  macro_color: string | null;
  category_id: string | null;
  material: string | null;
  mask: string | null;
  n_color: number;
  n_category: number;
  n_material: number;
  n_size: number;
  n_instock: number;
  n_total: number;
  price_min: number | null;
  price_max: number | null;
}

/** `listing_facts` columns as the listing index reads them (`FactRow`). */
const FACT_COLUMNS = sql`f.pid, f.num, f.brand, f.listed, f.category_id, f.macro_color, f.material, f.rank,
  (extract(epoch from f.created_at) * 1000000)::float8 as created, f.in_stock,
  (f.size_mask & 4294967295)::float8 as size_lo, (f.size_mask >> 32)::float8 as size_hi,
  (f.stock_size_mask & 4294967295)::float8 as stock_lo, (f.stock_size_mask >> 32)::float8 as stock_hi, f.prices`;

async function loadCurrencies(db: DB): Promise<Map<string, number>> {
  const r = await sql<{ code: string; pos: number }>`select code, pos from listing_currencies`.execute(db);
  return new Map(r.rows.map((x) => [x.code, x.pos]));
}

/** The listable facts of a house and the snapshot they are as of (one repeatable-read transaction). */
export async function loadListingFacts(
  db: DB,
  brand: string,
): Promise<{ snapshot: string; rows: FactRow[]; currencies: Map<string, number> }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const snap = await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(trx);
      const rows =
        await sql<FactRow>`select ${FACT_COLUMNS} from listing_facts f where f.listed and f.brand = ${brand}`.execute(
          trx,
        );
      return {
        snapshot: (snap.rows[0] as { snapshot: string }).snapshot,
        rows: rows.rows,
        currencies: await loadCurrencies(trx),
      };
    });
}

/**
 * What changed in `listing_facts` since a snapshot: the rows written by transactions that snapshot does not
 * see (any house, listed or not), the pids whose row was deleted since (and not written again), and the
 * snapshot of this read. One statement; with nothing changed, one row of nulls but the snapshot. `stale`:
 * removals the snapshot does not see may have been pruned since (`pruneListingRemovals`), so the changes are
 * not the whole story and the caller must load afresh.
 */
export async function listingFactsSince(
  db: DB,
  snapshot: string,
): Promise<{
  snapshot: string;
  stale: boolean;
  rows: FactRow[];
  removed: string[];
  currencies: Map<string, number> | null;
}> {
  const r = await sql<Partial<FactRow> & { snapshot: string; stale: boolean; gone: boolean | null }>`
    select pg_current_snapshot()::text as snapshot,
      (select pg_snapshot_xmin(${snapshot}::pg_snapshot) <= p.below from listing_facts_pruned p) as stale, d.*
    from (select 1) as one
    left join (
      select false as gone, ${FACT_COLUMNS}
      from listing_facts f
      where f.changed_by >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(f.changed_by, ${snapshot}::pg_snapshot)
      union all
      select true, r.pid, null, null, false, null, null, null, null, null, null, null, null, null, null, null
      from listing_facts_removed r
      where r.changed_by >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(r.changed_by, ${snapshot}::pg_snapshot)
        and not exists (select 1 from listing_facts f where f.pid = r.pid)
    ) as d on true`.execute(db);
  const { snapshot: next, stale } = r.rows[0] as { snapshot: string; stale: boolean };
  if (stale) return { snapshot: next, stale, rows: [], removed: [], currencies: null };
  const rows: FactRow[] = [];
  const removed: string[] = [];
  for (const x of r.rows) {
    if (x.gone === true) removed.push(x.pid as string);
    else if (x.gone === false) rows.push(x as FactRow);
  }
  // Positions of currencies first used since: a row's price array may be longer than the index knows.
  return { snapshot: next, stale, rows, removed, currencies: rows.length ? await loadCurrencies(db) : null };
}

/**
 * Forgets the removals older than `olderThanSeconds` (listing indexes read them while catching up, within
 * moments) and raises `listing_facts_pruned.below` to the newest transaction whose rows went, in one
 * statement: an index that had not caught up past them then loads afresh (`listingFactsSince`). Answers how
 * many rows went.
 */
export async function pruneListingRemovals(db: DB, olderThanSeconds: number): Promise<number> {
  const r = await sql<{ n: number }>`
    with gone as (
      delete from listing_facts_removed where removed_at < now() - make_interval(secs => ${olderThanSeconds})
      returning changed_by
    ), raised as (
      update listing_facts_pruned set below = greatest(below, (select max(changed_by) from gone))
      where exists (select 1 from gone)
    )
    select count(*)::int as n from gone`.execute(db);
  return r.rows[0]?.n ?? 0;
}

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
