// A search's results: the query checked, the matches found (prefix index or PostgreSQL, typos as a second try),
// paged and faceted by the catalogue's listing, and the suggestions (a spelling, matching categories).
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { CacheHold } from '../../shared/ttl-cache.ts';
import { writeWatchOf } from '../../db/write-watch.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import { formatFilterString, normalizeSort, parseFilterString, type FilterSelection } from '../catalog/index.ts';
import { indexName, planQuery, queryWords, type SortKey } from './query.ts';
import {
  AUTOCOMPLETE_COUNT_LIMIT,
  anyMatch,
  closestWords,
  matchingRows,
  autocomplete,
  type HitTileRow,
  type MatchMode,
  type MatchPlan,
  type SearchScope,
} from './repository.ts';
import type { SearchKit } from './search-kit.ts';
import { indexed as prefixIndexed } from './prefix-indexes.ts';
import { hitTiles, tilesOf } from './hit-tiles.ts';

const SEARCH_PAGE_SIZE = 24;
/** Autocomplete asks for a few hits; a full page at most twice the listing's. */
const MAX_SEARCH_PAGE_SIZE = 48;
const MAX_CATEGORY_SUGGESTIONS = 3;

export interface SearchInput {
  market: Market;
  q: string;
  filters?: string | undefined;
  sort?: unknown;
  page?: number | undefined;
  pageSize?: number | undefined;
  /** False for autocomplete: no facets (`filters` empty), only hits and their count. */
  facets?: boolean | undefined;
}

/**
 * A hold, taken before a search of the market, that hits while that search's answer stands: everything it reads
 * is as it was. The catalogue — products, translations, prices, stock, categories' names, what the prefix index
 * and the listing index hold, the product photos — has not changed (the write watch's epoch, every writer heard:
 * `WriteWatch.holdWhileUnchanged`), nor the category tree (read again on a navigation bust), nor the markets
 * (reloaded on a bust). Nothing else of the request counts: the answer depends on its URL alone. No hold while
 * the language's prefix index is still loading (PostgreSQL answers until then; the index answers next) or the
 * database has no write watch. [decision 0198](../../../../docs/decisions/0198-ready-catalogue-answers.md)
 */
export function holdWhileUnchanged(kit: SearchKit, market: Market): CacheHold | undefined {
  if (kit.options.prefixIndex?.enabled !== false && !kit.keepers.get(market.language)?.ready) return undefined;
  const catalogue = writeWatchOf(kit.db)?.holdWhileUnchanged();
  if (!catalogue) return undefined;
  const { catalog, options } = kit;
  const tree = catalog.treeVersion;
  const markets = options.markets?.version;
  return {
    retains: true,
    hit: () => catalog.treeVersion === tree && options.markets?.version === markets && catalogue.hit(),
  };
}

/** The trimmed query, or ERR_SEARCH_API_1000 when it is shorter than the configured minimum. */
export function checkedQuery(kit: SearchKit, q: unknown): string {
  const text = typeof q === 'string' ? q.trim() : '';
  if ([...text].length < Math.max(1, kit.options.minChars)) {
    throw new AppError(
      'ERR_SEARCH_API_1000',
      `The query needs at least ${kit.options.minChars} character(s) after trimming.`,
    );
  }
  return text;
}

export async function search(kit: SearchKit, input: SearchInput): Promise<Schemas['SearchResult']> {
  const query = checkedQuery(kit, input.q);
  const { market } = input;
  const sort = normalizeSort(input.sort);
  const page = input.page ?? 1;
  const pageSize = Math.min(input.pageSize ?? SEARCH_PAGE_SIZE, MAX_SEARCH_PAGE_SIZE);
  // Malformed → ERR_API_1018; unknown values of known keys are dropped by the listing's rules.
  const selection = kit.catalog.applicable(parseFilterString(input.filters), market);
  const scope = kit.scope(market);
  const plan = planQuery(query);
  const withFacets = input.facets !== false;

  let mode: MatchMode = 'text';
  let found = await find(kit, scope, plan, mode, selection, market, { sort, page, pageSize, withFacets });
  // Nothing matches the words as typed (filters aside): look for close spellings ("loulouu", "sak de jour").
  const filtered = Object.keys(selection).length > 0;
  if (found.total === 0 && (!filtered || !(await anyTextMatch(kit, scope, plan)))) {
    const typo = await find(kit, scope, plan, 'typo', selection, market, { sort, page, pageSize, withFacets });
    if (typo.total > 0) {
      mode = 'typo';
      found = typo;
    }
  }
  const [tiles, spelling] = await Promise.all([
    // Autocomplete's one statement brought its tiles along.
    found.rows ? tilesOf(kit, market, found.rows) : hitTiles(kit, market, found.pids),
    mode === 'typo' ? spellingSuggestion(kit, scope, plan, found.pids) : Promise.resolve(null),
  ]);
  const suggestions: Schemas['SearchSuggestion'][] = [];
  if (spelling && spelling !== plan.text)
    suggestions.push({ query: spelling, url: searchUrl(spelling), category: null });
  suggestions.push(...categorySuggestions(kit, market, plan));
  return {
    market: toMarketDto(market),
    query,
    indexName: indexName(market.country, market.entry.algoliaIndexRegion, sort, kit.options.indexSuffix),
    products: tiles,
    totalNrOfProducts: found.total,
    totalNrOfProductsIsExact: found.exact,
    page,
    pageSize,
    pageCount: Math.ceil(found.total / pageSize),
    sort,
    appliedFilters: formatFilterString(selection),
    filters: found.facets,
    suggestions,
    defaultGridView: 'ViewBy3',
  };
}

/**
 * One page of the matches. A results page goes through the listing (filters, facets and orders shared
 * with category pages, over the matched pids, relevance for the default order). Autocomplete — no
 * facets, no filters, default order — takes a bounded path whose count stops at 100.
 */
async function find(
  kit: SearchKit,
  scope: SearchScope,
  plan: MatchPlan,
  mode: MatchMode,
  selection: FilterSelection,
  market: Market,
  o: { sort: SortKey; page: number; pageSize: number; withFacets: boolean },
): Promise<{
  pids: string[];
  total: number;
  exact: boolean;
  facets: Schemas['Filter'][];
  rows?: HitTileRow[] | undefined;
}> {
  const offset = (o.page - 1) * o.pageSize;
  // Text queries from the prefix index when it is ready and reads the query; typos and the rest from PostgreSQL.
  const autocompleting = !o.withFacets && o.sort === 'recommended' && Object.keys(selection).length === 0;
  // Autocomplete checks the market's prices in the listing index, caught up beside the prefix index.
  const [indexed, soldIn] = await Promise.all([
    mode === 'text' ? prefixIndexed(kit, scope, plan) : null,
    autocompleting && mode === 'text' && scope.currency && kit.options.prefixIndex?.enabled !== false
      ? kit.catalog.soldIn(scope.currency).catch(() => null)
      : null,
  ]);
  if (mode === 'text') kit.answered[indexed && (!autocompleting || soldIn || !scope.currency) ? 'index' : 'database']++;
  if (autocompleting) {
    if (indexed && (soldIn || !scope.currency)) {
      const [index, q] = indexed;
      return {
        ...index.autocomplete(q, o.pageSize, offset, AUTOCOMPLETE_COUNT_LIMIT, soldIn ?? (() => true)),
        facets: [],
      };
    }
    return { ...(await autocomplete(kit.db, scope, plan, mode, o.pageSize, offset)), facets: [] };
  }
  // The matches and their relevance read once (from the index, or the database), for the facets and the page.
  const listed = await kit.catalog.listMatches(
    indexed ? { matchSet: () => indexed[0].matches(indexed[1]) } : { matches: matchingRows(scope, plan, mode) },
    selection,
    market,
    o,
  );
  return {
    pids: listed.pids,
    total: listed.totalNrOfProducts,
    exact: true,
    facets: o.withFacets ? listed.filters : [],
  };
}

/** Whether anything matches the words in the market, filters aside: the prefix index, else the database. */
async function anyTextMatch(kit: SearchKit, scope: SearchScope, plan: MatchPlan): Promise<boolean> {
  const indexed = await prefixIndexed(kit, scope, plan);
  if (!indexed) return anyMatch(kit.db, scope, plan, 'text');
  const sold = scope.currency ? await kit.catalog.soldIn(scope.currency) : () => true;
  return indexed[0].anyMatch(indexed[1], sold);
}

/** The query with each word replaced by the closest word of the catalogue ("loulouu" → "loulou"). */
async function spellingSuggestion(
  kit: SearchKit,
  scope: SearchScope,
  plan: MatchPlan,
  hits: string[],
): Promise<string | null> {
  const words = queryWords(plan);
  if (words.length === 0) return null;
  const closest = await closestWords(kit.db, scope, hits, words);
  if (closest.every((w) => w === null)) return null;
  return words.map((w, i) => closest[i] ?? w).join(' ');
}

/** Categories whose name matches the query: every query word starts a word of the name (or occurs in it, for CJK). */
function categorySuggestions(kit: SearchKit, market: Market, plan: MatchPlan): Schemas['SearchSuggestion'][] {
  const words = queryWords(plan);
  if (words.length === 0) return [];
  const unsegmented = plan.substrings.length > 0;
  const out: Schemas['SearchSuggestion'][] = [];
  for (const c of kit.suggestable(market)) {
    if (out.length === MAX_CATEGORY_SUGGESTIONS) break;
    if (words.every((w) => (unsegmented ? c.name.includes(w) : c.words.some((n) => n.startsWith(w)))))
      out.push({ query: c.path, url: c.item.url, category: c.item });
  }
  return out;
}

/** The search page of a query. */
export function searchUrl(query: string): string {
  return `/search?${new URLSearchParams({ q: query })}`;
}
