import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { TileRow } from '../catalog/index.ts';
import { UNSEGMENTED_LANGUAGES } from './document-rows.ts';

export { UNSEGMENTED_LANGUAGES };

export interface SearchScope {
  brand: string;
  language: string;
  /** Null on the international site: nothing is priced there, every listed product is searchable. */
  currency: string | null;
}

/** How the query text is matched; built by `./query.ts`. */
export interface MatchPlan {
  /** Lower-cased, trimmed query. */
  text: string;
  /** `w1:* & w2:*` over letters and digits only (safe inside to_tsquery), or '' when the query has no word. */
  prefixQuery: string;
  /** Substrings that must all occur (unsegmented languages), with the character grams that find them. */
  substrings: string[];
  grams: string[];
  /** Every word is Japanese, Korean or Chinese: substrings cover them (tokens would add nothing). */
  onlyUnsegmented: boolean;
}

/**
 * The words as prefixes, stemmed by the language's configuration or as typed (`simple`). When both read the
 * same ("sac:* & cuir:*" in French) the query is not doubled: the GIN index would walk every posting list
 * twice (23 → 18 ms for the 11,724 matches of "sac cuir" at 50,000 products). Every part is immutable, so
 * the planner folds the choice into one constant tsquery.
 */
const tsQuery = (scope: SearchScope, plan: MatchPlan) => {
  const stemmed = sql`to_tsquery(search_config(${scope.language}), ${plan.prefixQuery})`;
  const typed = sql`to_tsquery('simple', ${plan.prefixQuery})`;
  return sql`(case when ${stemmed} = ${typed} then ${typed} else ${stemmed} || ${typed} end)`;
};

export type MatchMode = 'text' | 'typo';

/**
 * The text predicate over `search_documents d`: words by prefix, substrings where words are not separated
 * (found through the character grams of the language's documents), a name starting with the query; or,
 * for typos, a trigram-close word.
 */
function textMatch(scope: SearchScope, plan: MatchPlan, mode: MatchMode): RawBuilder<SqlBool> {
  if (mode === 'typo') return sql<SqlBool>`${plan.text} <% d.name_lc`;
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`d.name_lc like ${likePrefix(plan.text)}`];
  const unsegmented = UNSEGMENTED_LANGUAGES.has(scope.language);
  if (plan.prefixQuery && !(unsegmented && plan.onlyUnsegmented))
    parts.push(sql<SqlBool>`d.doc @@ ${tsQuery(scope, plan)}`);
  if (plan.substrings.length > 0 && unsegmented) {
    const all = sql.join(
      plan.substrings.map((s) => sql`strpos(d.text_lc, ${s}) > 0`),
      sql` and `,
    );
    parts.push(sql<SqlBool>`(d.grams @> ${sql.val(plan.grams)}::text[] and ${all})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * Listed documents of the market (the house's, neither employee-only nor "rive droite", priced in the
 * market currency) matching the text. The language is a literal: the planner reads its partition only.
 */
function matches(scope: SearchScope, plan: MatchPlan, mode: MatchMode, extra?: RawBuilder<SqlBool>, checkPrice = true) {
  // An index lookup per candidate: queries stop after a page (or the count cap), so few are made.
  const priced =
    scope.currency && checkPrice
      ? sql`and exists (select 1 from product_prices x where x.pid = d.pid and x.currency = ${scope.currency})`
      : sql``;
  // `extra` may replace the text predicate when it implies it (a name equal to, or starting with, the query).
  return sql`
    from search_documents d
    where d.brand = ${scope.brand} and d.language = ${sql.lit(scope.language)} and d.listed
      and ${extra ?? textMatch(scope, plan, mode)}
      ${priced}`;
}

/**
 * The products (pid and number) a query matches in a market with their relevance (see `relevanceScore`), as a subquery read in
 * one pass over the documents: the listing's match set for result pages and their facets.
 */
export function matchingRows(
  scope: SearchScope,
  plan: MatchPlan,
  mode: MatchMode,
): RawBuilder<{ pid: string; num: number; relevance: number }> {
  // The listing checks the market's prices itself.
  return sql<{
    pid: string;
    num: number;
    relevance: number;
  }>`(select d.pid, d.num, ${relevanceScore(plan, mode)} as relevance ${matches(scope, plan, mode, undefined, false)})`;
}

/**
 * Relevance of a document `d` for the query, higher first, as one number for the listing's default order,
 * the merchandising rank breaking ties: exact name 2, name starting with the query 1 — the order
 * autocomplete uses too; for typos, the trigram closeness.
 */
function relevanceScore(plan: MatchPlan, mode: MatchMode): RawBuilder<number> {
  return mode === 'typo'
    ? sql<number>`word_similarity(${plan.text}, d.name_lc)`
    : sql<number>`(d.name_lc = ${plan.text})::int * 2 + (d.name_lc like ${likePrefix(plan.text)})::int`;
}

/** Whether anything matches the query in the market, filters aside. */
export async function anyMatch(db: DB, scope: SearchScope, plan: MatchPlan, mode: MatchMode): Promise<boolean> {
  // Materialised: planned on its own, the text index finds the first match; under a bare EXISTS the planner
  // would walk every document hoping for an early hit.
  const { rows } = await sql<{ found: boolean }>`
    with m as materialized (select d.pid ${matches(scope, plan, mode)})
    select exists (select 1 from m) as found`.execute(db);
  return rows[0]?.found ?? false;
}

/** Autocomplete counts up to this many hits: beyond, "more than" is all the drawer needs. */
export const AUTOCOMPLETE_COUNT_LIMIT = 100;

/**
 * One page of hits for autocomplete, with a bounded amount of work whatever the number of matches: exact
 * names, then names starting with the query, then the other matches, each in merchandising order; typos
 * closest first. The count stops at AUTOCOMPLETE_COUNT_LIMIT.
 *
 * The planner cannot tell a rare prefix from a common one, and each is slow with the other's plan (walking
 * the rank index for a rare one reads every document; sorting every match of a common one reads
 * thousands), so the query decides: a first read of at most limit+1 matches (the text indexes, stopping
 * early) settles rare queries on its own — those matches are ordered by tier and rank — and only a query
 * with more matches than that walks the rank index, which then stops after a page. Text queries are one
 * statement, the page's hit tiles included (`rows`); typos take two, their tiles are read afterwards.
 */
export async function autocomplete(
  db: DB,
  scope: SearchScope,
  plan: MatchPlan,
  mode: MatchMode,
  limit: number,
  offset: number,
): Promise<{ pids: string[]; total: number; exact: boolean; rows?: HitTileRow[] }> {
  const cap = AUTOCOMPLETE_COUNT_LIMIT;
  if (mode === 'typo') {
    // The trigram index hands out names closest first and stops at the limit.
    const closest = sql`order by ${plan.text} <<-> d.name_lc`;
    const page = await sql<{
      pid: string;
    }>`select d.pid ${matches(scope, plan, mode)} ${closest} limit ${limit} offset ${offset}`.execute(db);
    const counted = await sql<{
      n: number;
    }>`select count(*)::int as n from (select 1 ${matches(scope, plan, mode)} ${closest} limit ${cap + 1}) x`.execute(
      db,
    );
    const n = counted.rows[0]?.n ?? 0;
    return { pids: page.rows.map((r) => r.pid), total: Math.min(n, cap), exact: n <= cap };
  }
  const k = offset + limit;
  const prefix = likePrefix(plan.text);
  const priced = scope.currency
    ? sql`and exists (select 1 from product_prices x where x.pid = c.pid and x.currency = ${scope.currency})`
    : sql``;
  const base = sql`d.language = ${sql.lit(scope.language)} and d.brand = ${scope.brand} and d.listed`;
  // Each tier in merchandising order from the indexes alone — names by the name index (a range) or a walk
  // of the rank index that carries them, whichever the planner finds cheaper — the price check on the few
  // that lead, with a margin for unpriced ones.
  const named = (condition: RawBuilder<SqlBool>, n: RawBuilder<number>) => sql<{ pid: string }>`
    select c.pid from (
      select d.pid, d.rank from search_documents d where ${base} and ${condition} order by d.rank limit (${n})::int + ${PRICE_MARGIN}::int
    ) c
    where true ${priced}
    order by c.rank limit ${n}`;
  // One statement, one round trip: the probe, then either its own matches in tier order (at most 100) or
  // the tier walks (more), then the page's tiles and their other colours.
  // - probe: at most cap+1 matches (the text indexes stop early); its count settles which branch runs.
  // - few: the probe's matches ordered by tier (exact name, name starting with the query, others), then rank.
  // - many: exact names, prefix names, then the other matches, each walked in rank order, stopping after
  //   the page. An Append runs its branches one after the other and the limit stops it, so a later tier is
  //   not read once the earlier ones fill the page (the order of the rows is the Append's); the count gate
  //   is a one-time filter, so none of it runs for a query with few matches (the prefix tier's limit, which
  //   a Limit node computes before its gated child runs, checks the count too).
  const { rows } = await sql<HitTileRow & { total: number; i: number | null }>`
    with probe as materialized (
      select d.pid, d.name_lc, d.rank ${matches(scope, plan, mode)} limit ${cap + 1}
    ),
    counted as materialized (select count(*)::int as n from probe),
    exact_names as materialized (${named(sql<SqlBool>`d.name_lc = ${plan.text}`, sql<number>`${k}`)}),
    page as (
      select f.pid, f.i from (
        select p.pid, row_number() over (order by (case when p.name_lc = ${plan.text} then 0 when starts_with(p.name_lc, ${plan.text}) then 1 else 2 end), p.rank) as i
        from probe p
        where (select n from counted) <= ${cap}
      ) f
      where f.i > ${offset} and f.i <= ${k}
      union all
      select w.pid, w.i from (
        select t.pid, row_number() over () as i from (
          select e.pid from exact_names e
          union all
          (${named(sql<SqlBool>`d.name_lc like ${prefix} and d.name_lc <> ${plan.text}`, sql<number>`(case when (select n from counted) > ${cap} then (select ${k} - count(*) from exact_names) else 0 end)`)})
          union all
          (select d.pid ${matches(scope, plan, mode, sql<SqlBool>`${textMatch(scope, plan, mode)} and not (d.name_lc like ${prefix})`)} order by d.rank limit ${k})
        ) t
        where (select n from counted) > ${cap}
        limit ${k}
      ) w
      where w.i > ${offset}
    )
    select (select n from counted) as total, x.*
    from (select 1) one
    left join lateral ${hitTiles(scope, sql`array(select page.pid from page order by page.i)`)} x on true
    order by x.i`.execute(db);
  const n = rows[0]?.total ?? 0;
  const hits = rows.filter((r) => r.pid !== null);
  return { pids: hits.map((r) => r.pid), total: Math.min(n, cap), exact: n <= cap, rows: hits };
}

/** Names beyond a page read in case some of the page's products are not priced in the market currency. */
const PRICE_MARGIN = 20;

/** `LIKE` pattern for "starts with", with the pattern characters of the text escaped. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The closest word to each query word (spelling suggestion), among the words of the names of `pids` (the
 * hits of the typo search, closest first).
 */
export async function closestWords(
  db: DB,
  scope: SearchScope,
  pids: string[],
  words: string[],
): Promise<(string | null)[]> {
  if (pids.length === 0 || words.length === 0) return words.map(() => null);
  const { rows } = await sql<{ i: number; w: string }>`
    with vocabulary as (
      select distinct w from search_documents d, regexp_split_to_table(d.name_lc, '[^[:alnum:]]+') as w
      where d.pid in (${sql.join(pids)}) and d.language = ${scope.language} and length(w) > 1
    ),
    query as (select * from unnest(${sql.val(words)}::text[]) with ordinality as q(word, i))
    select q.i::int as i, best.w
    from query q
    cross join lateral (
      select v.w from vocabulary v where similarity(v.w, q.word) >= 0.3 order by similarity(v.w, q.word) desc, v.w limit 1
    ) best`.execute(db);
  const byIndex = new Map(rows.map((r) => [r.i, r.w]));
  return words.map((_, i) => byIndex.get(i + 1) ?? null);
}

/** A listing tile's row and what a search hit adds to it. */
export interface HitRow extends TileRow {
  category_id: string;
  gender_code: string | null;
  gender_association: string | null;
  macro_color: string;
  micro_color: string;
  color_hex: string;
  is_rd: boolean;
  smc_id: string;
  short_name: string;
  style_code: string;
  born_season: string;
  first_sku: string | null;
}

/** What a hit tile shows, over `products p`, `product_translations t` and `product_prices pr`. */
const HIT_COLUMNS = sql`p.pid, p.slug, t.name, t.color_name, p.image_count, pr.list_price, pr.sale_price,
      (select coalesce(sum(v.stock), 0)::int from product_variants v where v.pid = p.pid) as total_stock,
      p.is_sellable_online, p.is_ecom_assortment, p.is_preorderable, p.category_id, p.gender_code,
      p.gender_association, p.macro_color, p.micro_color, p.color_hex, p.is_rd, p.smc_id, p.short_name,
      p.style_code, p.born_season,
      (select v.sku from product_variants v where v.pid = p.pid order by v.position limit 1) as first_sku`;

/**
 * The hit tiles of some pids (`text[]`), in that order, with the other colours of each tile's style that
 * the market sells (`colours`): `search_hit_tiles()` (migration 0014), whose plan the session keeps.
 */
function hitTiles(scope: SearchScope, pids: RawBuilder<unknown>) {
  return sql`search_hit_tiles(${pids}, ${scope.language}, ${scope.currency}::text, ${scope.brand})`;
}

/** A hit tile's row with the other colours of its style. */
export interface HitTileRow extends HitRow {
  colours: ColourRow[];
}

/** What hit tiles show, for some pids, in that order (pids without a text in the language are left out): one statement. */
export async function hitTileRows(db: DB, scope: SearchScope, pids: readonly string[]): Promise<HitTileRow[]> {
  if (pids.length === 0) return [];
  const { rows } =
    await sql<HitTileRow>`select * from ${hitTiles(scope, sql`${sql.val(pids)}::text[]`)} order by i`.execute(db);
  return rows;
}

/** What a tile shows, for some pids (any order). */
export async function hitRows(db: DB, scope: SearchScope, pids: string[]): Promise<HitRow[]> {
  if (pids.length === 0) return [];
  const { rows } = await sql<HitRow>`
    select ${HIT_COLUMNS}
    from products p
    join product_translations t on t.pid = p.pid and t.language = ${scope.language}
    left join product_prices pr on pr.pid = p.pid and pr.currency = ${scope.currency ?? '-'}
    where p.pid in (${sql.join(pids)})`.execute(db);
  return rows;
}

export interface ColourRow {
  style_code: string;
  pid: string;
  slug: string;
  name: string;
  color_name: string;
  macro_color: string;
  color_hex: string;
}

export { newestInStock, trendingQueries, upsertTrending } from './trending.ts';
export {
  countSearchDocuments,
  loadSearchDocuments,
  prefixTerms,
  readWords,
  searchDocumentsSince,
} from './document-rows.ts';
