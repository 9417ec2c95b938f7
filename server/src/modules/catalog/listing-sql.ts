import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { SortKey, TileRow } from './repository.ts';
import {
  allConditions,
  conditionsOf,
  priceOf,
  scopeFrom,
  scopeWhere,
  type ListingContext,
  type ListingScope,
  type MatchRows,
  type ResolvedFilters,
} from './listing-scope.ts';

// The SQL of filtered listings and their facets: the general path, and the reference the listing index is
// tested against.

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
                  // (`ListingColumns.order` sorts the same way).
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
