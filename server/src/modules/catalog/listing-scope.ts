import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.ts';

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

export function priceOf(ctx: ListingContext) {
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
export function scopeFrom(scope: ListingScope) {
  return scope.matches ? sql`listing_facts p join ${scope.matches} m on m.pid = p.pid` : sql`listing_facts p`;
}

export function scopeWhere(ctx: ListingContext, scope: ListingScope) {
  const conditions = [sql`p.listed`, sql`p.brand = ${ctx.brand}`];
  // A product without a price in the market currency is not sold there: it is not listed.
  if (ctx.currency) conditions.push(sql`${priceOf(ctx)} is not null`);
  if (scope.categoryIds)
    conditions.push(scope.categoryIds.length ? sql`p.category_id in (${list(scope.categoryIds)})` : sql`false`);
  if (scope.where) conditions.push(sql`(${scope.where})`);
  return sql.join(conditions, sql` and `);
}

/** The condition of each filter key; `true` when the key is not filtered on. */
export function conditionsOf(f: ResolvedFilters, ctx: ListingContext) {
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

export function allConditions(f: ResolvedFilters, ctx: ListingContext) {
  const c = conditionsOf(f, ctx);
  return sql.join([c.color, c.category, c.material, c.size, c.instock, c.price], sql` and `);
}
