import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Brand } from '../../../../fixtures/catalog/types.ts';
import { trendingSearches } from '../../../../fixtures/catalog/trending.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import { formatFilterString, normalizeSort, parseFilterString, productUrl, type CatalogService, type FilterSelection } from '../catalog/index.ts';
import { indexName, planQuery, queryWords, type SortKey } from './query.ts';
import {
  anyMatch,
  closestWords,
  matchingRows,
  hitRows,
  hitTileRows,
  newestInStock,
  autocomplete,
  trendingQueries,
  upsertTrending,
  type ColourRow,
  type HitRow,
  type HitTileRow,
  type MatchMode,
  type MatchPlan,
  type SearchScope,
} from './repository.ts';

export const SEARCH_PAGE_SIZE = 24;
/** Autocomplete asks for a few hits; a full page at most twice the listing's. */
export const MAX_SEARCH_PAGE_SIZE = 48;
const MAX_TRENDING_QUERIES = 10;
const MAX_TRENDING_PRODUCTS = 8;
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

export interface SearchOptions {
  /** Characters a query needs after trimming (spec §5: 1 everywhere). */
  minChars: number;
  /** Optional part of the index name between region and sort (spec §7). */
  indexSuffix?: string | undefined;
}

/** Full-text search of the catalogue, in the database (see migration 0006 for the documents). */
export class SearchService {
  constructor(
    private readonly db: DB,
    private readonly brand: Brand,
    private readonly catalog: CatalogService,
    private readonly options: SearchOptions,
  ) {}

  /** Trending queries are merchandised reference data: upserted at start, like the store list. */
  async init(): Promise<void> {
    await upsertTrending(this.db, this.brand, trendingSearches(this.brand));
  }

  private scope(market: Market): SearchScope {
    return { brand: this.brand, language: market.language, currency: market.currency };
  }

  /** The trimmed query, or ERR_SEARCH_API_1000 when it is shorter than the configured minimum. */
  checkedQuery(q: unknown): string {
    const text = typeof q === 'string' ? q.trim() : '';
    if ([...text].length < Math.max(1, this.options.minChars)) {
      throw new AppError('ERR_SEARCH_API_1000', `The query needs at least ${this.options.minChars} character(s) after trimming.`);
    }
    return text;
  }

  async search(input: SearchInput): Promise<Schemas['SearchResult']> {
    const query = this.checkedQuery(input.q);
    const { market } = input;
    const sort = normalizeSort(input.sort);
    const page = input.page ?? 1;
    const pageSize = Math.min(input.pageSize ?? SEARCH_PAGE_SIZE, MAX_SEARCH_PAGE_SIZE);
    // Malformed → ERR_API_1018; unknown values of known keys are dropped by the listing's rules.
    const selection = this.catalog.applicable(parseFilterString(input.filters), market);
    const scope = this.scope(market);
    const plan = planQuery(query);
    const withFacets = input.facets !== false;

    let mode: MatchMode = 'text';
    let found = await this.find(scope, plan, mode, selection, market, { sort, page, pageSize, withFacets });
    // Nothing matches the words as typed (filters aside): look for close spellings ("loulouu", "sak de jour").
    const filtered = Object.keys(selection).length > 0;
    if (found.total === 0 && (!filtered || !(await anyMatch(this.db, scope, plan, 'text')))) {
      const typo = await this.find(scope, plan, 'typo', selection, market, { sort, page, pageSize, withFacets });
      if (typo.total > 0) {
        mode = 'typo';
        found = typo;
      }
    }
    const [tiles, spelling] = await Promise.all([
      // Autocomplete's one statement brought its tiles along.
      found.rows ? this.tilesOf(market, found.rows) : this.hitTiles(market, found.pids),
      mode === 'typo' ? this.spellingSuggestion(scope, plan, found.pids) : Promise.resolve(null),
    ]);
    const suggestions: Schemas['SearchSuggestion'][] = [];
    if (spelling && spelling !== plan.text) suggestions.push({ query: spelling, url: searchUrl(spelling), category: null });
    suggestions.push(...this.categorySuggestions(market, plan));
    return {
      market: toMarketDto(market),
      query,
      indexName: indexName(market.country, market.entry.algoliaIndexRegion, sort, this.options.indexSuffix),
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
  private async find(
    scope: SearchScope,
    plan: MatchPlan,
    mode: MatchMode,
    selection: FilterSelection,
    market: Market,
    o: { sort: SortKey; page: number; pageSize: number; withFacets: boolean },
  ): Promise<{ pids: string[]; total: number; exact: boolean; facets: Schemas['Filter'][]; rows?: HitTileRow[] | undefined }> {
    const offset = (o.page - 1) * o.pageSize;
    if (!o.withFacets && o.sort === 'recommended' && Object.keys(selection).length === 0) {
      return { ...(await autocomplete(this.db, scope, plan, mode, o.pageSize, offset)), facets: [] };
    }
    // The matches and their relevance read once, joined to the listing rows, for the facets and the page.
    const listed = await this.catalog.listMatches({ matches: matchingRows(scope, plan, mode) }, selection, market, o);
    return { pids: listed.pids, total: listed.totalNrOfProducts, exact: true, facets: o.withFacets ? listed.filters : [] };
  }

  /** The query with each word replaced by the closest word of the catalogue ("loulouu" → "loulou"). */
  private async spellingSuggestion(scope: SearchScope, plan: MatchPlan, hits: string[]): Promise<string | null> {
    const words = queryWords(plan);
    if (words.length === 0) return null;
    const closest = await closestWords(this.db, scope, hits, words);
    if (closest.every((w) => w === null)) return null;
    return words.map((w, i) => closest[i] ?? w).join(' ');
  }

  /** Categories whose name matches the query: every query word starts a word of the name (or occurs in it, for CJK). */
  private categorySuggestions(market: Market, plan: MatchPlan): Schemas['SearchSuggestion'][] {
    const words = queryWords(plan);
    if (words.length === 0) return [];
    const nav = this.catalog.navigation(market);
    const byId = new Map(nav.map((c) => [c.id, c]));
    const pathOf = (c: Schemas['CategoryNavItem']) => {
      const chain: string[] = [];
      for (let cur: Schemas['CategoryNavItem'] | undefined = c; cur; cur = cur.parentId ? byId.get(cur.parentId) : undefined) chain.unshift(cur.name);
      return chain.join(' ');
    };
    const unsegmented = plan.substrings.length > 0;
    return nav
      .filter((c) => c.level >= 2)
      .filter((c) => {
        const name = c.name.toLowerCase();
        const nameWords = name.split(/[^\p{L}\p{N}]+/u);
        return words.every((w) => (unsegmented ? name.includes(w) : nameWords.some((n) => n.startsWith(w))));
      })
      .sort((a, b) => a.level - b.level || a.position - b.position)
      .slice(0, MAX_CATEGORY_SUGGESTIONS)
      .map((c) => ({ query: pathOf(c), url: c.url, category: c }));
  }

  /** Hit tiles of some pids, in that order (one statement). */
  async hitTiles(market: Market, pids: string[]): Promise<Schemas['HitTile'][]> {
    return this.tilesOf(market, await hitTileRows(this.db, this.scope(market), pids));
  }

  private tilesOf(market: Market, rows: HitTileRow[]): Schemas['HitTile'][] {
    const nav = this.catalog.navigation(market);
    const byId = new Map(nav.map((c) => [c.id, c]));
    return rows.map((row) => this.hitTile(row, market, row.colours, byId));
  }

  private hitTile(row: HitRow, market: Market, colours: ColourRow[], byId: Map<string, Schemas['CategoryNavItem']>): Schemas['HitTile'] {
    const chain: Schemas['CategoryNavItem'][] = [];
    for (let cur = byId.get(row.category_id); cur; cur = cur.parentId ? byId.get(cur.parentId) : undefined) chain.unshift(cur);
    const others = colours.filter((c) => c.pid !== row.pid);
    return {
      ...this.catalog.tile(row, market),
      objectID: row.first_sku ?? row.pid,
      smcId: row.smc_id || row.pid,
      shortName: row.short_name,
      macroColor: row.macro_color,
      microColor: row.micro_color,
      categories: {
        macroCategory: chain[0]?.name ?? '',
        microCategory: chain[1]?.name ?? '',
        superMicroCategory: chain[2]?.name ?? '',
      },
      genderCode: (row.gender_code as 'D' | 'U' | null) ?? null,
      genderAssociation: row.gender_association,
      isRd: row.is_rd,
      totalColors: others.length + 1,
      colorVariants: others.map((c) => ({
        pid: c.pid,
        color: c.color_name,
        macroColor: c.macro_color,
        hex: c.color_hex,
        url: productUrl(c.slug, c.pid, { language: market.language, name: c.name }),
      })),
      bornSeasonDesc: row.born_season,
      styleCode: row.style_code,
      ...(chain.length === 3 ? { categoryIds: { macro: chain[0]!.id, micro: chain[1]!.id, superMicro: chain[2]!.id } } : {}),
    };
  }

  /** What the drawer shows before anything is typed: the market language's trending queries and the newest pieces in stock. */
  async trending(market: Market): Promise<Schemas['TrendingSearches']> {
    const scope = this.scope(market);
    const [queries, pids] = await Promise.all([
      trendingQueries(this.db, this.brand, market.language, MAX_TRENDING_QUERIES),
      newestInStock(this.db, scope, MAX_TRENDING_PRODUCTS),
    ]);
    const rows = await hitRows(this.db, scope, pids);
    const byPid = new Map(rows.map((r) => [r.pid, r]));
    return {
      market: toMarketDto(market),
      queries: queries.map((query) => ({ query, url: searchUrl(query), category: null })),
      products: pids.flatMap((pid) => {
        const row = byPid.get(pid);
        return row ? [this.catalog.tile(row, market)] : [];
      }),
    };
  }
}

function searchUrl(query: string): string {
  return `/search?${new URLSearchParams({ q: query })}`;
}

