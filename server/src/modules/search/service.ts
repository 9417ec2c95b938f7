import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Brand } from '../../../../reference/brands.ts';
import { trendingSearches } from '../../../../reference/catalog/trending.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import {
  formatFilterString,
  normalizeSort,
  parseFilterString,
  productUrl,
  type CatalogService,
  type FilterSelection,
} from '../catalog/index.ts';
import { indexName, planQuery, queryWords, type SortKey } from './query.ts';
import { PrefixIndex, MAX_QUERY_TERMS, type IndexQuery } from './prefix-index.ts';
import { CatchUpGate } from '../../db/write-watch.ts';
import {
  AUTOCOMPLETE_COUNT_LIMIT,
  UNSEGMENTED_LANGUAGES,
  anyMatch,
  countSearchDocuments,
  loadSearchDocuments,
  readWords,
  searchDocumentsSince,
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
/** Listed documents of one language above which it stays with PostgreSQL (about 100 MB of index at 250,000). */
const DEFAULT_MAX_DOCUMENTS = 250_000;

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
  /** The in-process prefix index (`prefix-index.ts`); on by default. */
  prefixIndex?: PrefixIndexOptions | undefined;
}

export interface PrefixIndexOptions {
  /** False: every query goes to PostgreSQL's full text, as before the index. */
  enabled?: boolean | undefined;
  /** A language with more listed documents than this stays with PostgreSQL (memory bound; default 250,000). */
  maxDocuments?: number | undefined;
  /** Told when a load or catch-up fails (the query is then answered by PostgreSQL). */
  onError?: ((err: unknown, message: string) => void) | undefined;
  /**
   * How long after a catch-up the index (and the listing index's prices beside it) answers from memory when
   * no catalogue write has been seen or heard of since (ms; default 100; 0: catch up before every answer).
   */
  freshForMs?: number | undefined;
  /**
   * Hit tiles kept in memory while the indexes answer from memory (decisions 0182, 0192); on by default. False:
   * every autocomplete reads its tiles (one statement).
   */
  tilesFromMemory?: boolean | undefined;
}

/** Most query words whose reading by PostgreSQL's text search is kept, per language. */
const MAX_WORD_READINGS = 20_000;
/** Most hit tiles' rows kept (by language, currency and pid; a row with its colours, a few KB at most). */
const MAX_TILE_ROWS = 5_000;

/** One language's prefix index and its catch-up reads (see `SearchService.currentIndex`). */
interface Keeper {
  index: Promise<PrefixIndex | null> | null;
  /** The load has finished (an index, or null: too large for the bound). */
  ready: boolean;
  catchUp: Promise<PrefixIndex | null> | null;
  nextCatchUp: Promise<PrefixIndex | null> | null;
  /** When the index may answer without a catch-up read; its `reads` count them. */
  gate: CatchUpGate;
  /** Query word → its prefixes as the language's configuration and as typed read them (null: not a plain conjunction). */
  words: Map<string, { stemmed: string[] | null; typed: string[] | null }>;
}

/** Full-text search of the catalogue, in the database (see migration 0006 for the documents). */
export class SearchService {
  private readonly keepers = new Map<string, Keeper>();
  /** Text queries answered by the prefix index, and by PostgreSQL's full text (index off, loading, failing, or a query it does not read). */
  readonly answered = { index: 0, database: 0 };
  /**
   * Hit tiles' rows as read (`hitTileRows`), by language, currency and pid, used while the indexes answer from
   * memory; emptied whenever a catch-up of either index finds a change (`generation`). See `hitTiles`.
   */
  private readonly tileRows = new Map<string, HitTileRow>();
  private tileGeneration = '';
  /** Hit tiles' rows served from `tileRows`, and read from the database. */
  readonly tileReads = { memory: 0, database: 0 };

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
      throw new AppError(
        'ERR_SEARCH_API_1000',
        `The query needs at least ${this.options.minChars} character(s) after trimming.`,
      );
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
    if (found.total === 0 && (!filtered || !(await this.anyTextMatch(scope, plan)))) {
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
    if (spelling && spelling !== plan.text)
      suggestions.push({ query: spelling, url: searchUrl(spelling), category: null });
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
      mode === 'text' ? this.indexed(scope, plan) : null,
      autocompleting && mode === 'text' && scope.currency && this.options.prefixIndex?.enabled !== false
        ? this.catalog.soldIn(scope.currency).catch(() => null)
        : null,
    ]);
    if (mode === 'text')
      this.answered[indexed && (!autocompleting || soldIn || !scope.currency) ? 'index' : 'database']++;
    if (autocompleting) {
      if (indexed && (soldIn || !scope.currency)) {
        const [index, q] = indexed;
        return {
          ...index.autocomplete(q, o.pageSize, offset, AUTOCOMPLETE_COUNT_LIMIT, soldIn ?? (() => true)),
          facets: [],
        };
      }
      return { ...(await autocomplete(this.db, scope, plan, mode, o.pageSize, offset)), facets: [] };
    }
    // The matches and their relevance read once (from the index, or the database), for the facets and the page.
    const listed = await this.catalog.listMatches(
      indexed ? { matchSet: indexed[0].matchSet(indexed[1]) } : { matches: matchingRows(scope, plan, mode) },
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
  private async anyTextMatch(scope: SearchScope, plan: MatchPlan): Promise<boolean> {
    const indexed = await this.indexed(scope, plan);
    if (!indexed) return anyMatch(this.db, scope, plan, 'text');
    const sold = scope.currency ? await this.catalog.soldIn(scope.currency) : () => true;
    return indexed[0].anyMatch(indexed[1], sold);
  }

  /**
   * The language's prefix index brought up to date, with the query as it evaluates it; null when PostgreSQL
   * answers instead: the index is off, still loading (the first use starts the load), over its size bound,
   * failing, or the query's words are not plain prefixes to the text search.
   */
  async indexed(scope: SearchScope, plan: MatchPlan): Promise<[PrefixIndex, IndexQuery] | null> {
    const o = this.options.prefixIndex;
    if (o?.enabled === false) return null;
    const keeper = this.keeper(scope.language);
    if (!keeper.ready) {
      if (!keeper.index) this.currentIndex(scope.language).catch(() => undefined);
      return null;
    }
    try {
      const [index, q] = await Promise.all([
        this.currentIndex(scope.language),
        this.indexQuery(keeper, scope.language, plan),
      ]);
      return index && q ? [index, q] : null;
    } catch (err) {
      o?.onError?.(err, `search prefix index (${scope.language}): catch-up failed, answered by PostgreSQL`);
      return null;
    }
  }

  private keeper(language: string): Keeper {
    let k = this.keepers.get(language);
    if (!k) {
      k = {
        index: null,
        ready: false,
        catchUp: null,
        nextCatchUp: null,
        gate: new CatchUpGate(this.db, this.options.prefixIndex?.freshForMs),
        words: new Map(),
      };
      this.keepers.set(language, k);
    }
    return k;
  }

  /** The query as the index evaluates it, its words read by PostgreSQL's text search once per language (kept). */
  private async indexQuery(keeper: Keeper, language: string, plan: MatchPlan): Promise<IndexQuery | null> {
    const words = queryWords(plan);
    const unknown = words.filter((w) => !keeper.words.has(w));
    if (unknown.length > 0) {
      const read = await readWords(this.db, language, unknown);
      for (const [w, r] of read) {
        if (keeper.words.size >= MAX_WORD_READINGS) keeper.words.delete(keeper.words.keys().next().value as string);
        keeper.words.set(w, r);
      }
    }
    const stemmed: string[] = [];
    const typed: string[] = [];
    for (const w of words) {
      const r = keeper.words.get(w);
      if (!r?.stemmed || !r.typed) return null;
      stemmed.push(...r.stemmed);
      typed.push(...r.typed);
    }
    if (stemmed.length > MAX_QUERY_TERMS || typed.length > MAX_QUERY_TERMS) return null;
    const unsegmented = UNSEGMENTED_LANGUAGES.has(language);
    return {
      text: plan.text,
      words: plan.prefixQuery !== '' && !(unsegmented && plan.onlyUnsegmented),
      stemmed,
      typed,
      substrings: unsegmented ? plan.substrings : [],
      grams: unsegmented ? plan.grams : [],
    };
  }

  /**
   * The prefix index of a language as of a database snapshot taken after this call (the listing index's
   * scheme, `CatalogService.currentIndex`): loaded on first use, then brought up to date by one read of what
   * changed since its snapshot; reads do not overlap, and a caller arriving while one runs waits for the next.
   * An index that caught up less than `freshForMs` ago, with no catalogue write seen or heard of since,
   * answers as it stands (`CatchUpGate`).
   */
  currentIndex(language: string): Promise<PrefixIndex | null> {
    const k = this.keeper(language);
    if (k.ready && k.index && k.gate.fresh()) return k.index;
    if (!k.index) {
      const mark = k.gate.begin();
      const loading = this.loadIndex(language);
      k.index = loading;
      loading.then(
        () => {
          if (k.index === loading) {
            k.ready = true;
            k.gate.done(mark, true);
          }
        },
        (err: unknown) => {
          this.options.prefixIndex?.onError?.(
            err,
            `search prefix index (${language}): load failed (the next search tries again)`,
          );
          if (k.index === loading) k.index = null;
        },
      );
      return loading;
    }
    if (!k.catchUp) {
      const run = this.catchUpOnce(k, language).finally(() => {
        k.catchUp = null;
      });
      k.catchUp = run;
      return run;
    }
    if (!k.nextCatchUp) {
      k.nextCatchUp = k.catchUp
        .catch(() => undefined)
        .then(() => {
          k.nextCatchUp = null;
          return this.currentIndex(language);
        });
    }
    return k.nextCatchUp;
  }

  private async loadIndex(language: string): Promise<PrefixIndex | null> {
    const max = this.options.prefixIndex?.maxDocuments ?? DEFAULT_MAX_DOCUMENTS;
    if ((await countSearchDocuments(this.db, this.brand, language)) > max) return null;
    const { snapshot, rows } = await loadSearchDocuments(this.db, this.brand, language);
    return new PrefixIndex(this.brand, language, snapshot, rows);
  }

  private async catchUpOnce(k: Keeper, language: string): Promise<PrefixIndex | null> {
    const index = await (k.index as Promise<PrefixIndex | null>);
    if (!index) return null;
    const mark = k.gate.begin();
    const changes = await searchDocumentsSince(this.db, language, index.snapshot);
    if (changes.stale) {
      // Removals it never read were pruned (an index idle for an hour): load afresh.
      const fresh = await this.loadIndex(language);
      k.index = Promise.resolve(fresh);
      k.gate.done(mark, true);
      return fresh;
    }
    index.apply(changes.snapshot, changes.rows, changes.removed);
    k.gate.done(mark, changes.rows.length > 0 || changes.removed.length > 0);
    return index;
  }

  /** What the loaded prefix indexes hold: documents, distinct lexemes and approximate bytes, per language. */
  async prefixIndexStats(): Promise<{ language: string; documents: number; lexemes: number; bytes: number }[]> {
    const out: { language: string; documents: number; lexemes: number; bytes: number }[] = [];
    for (const [language, k] of this.keepers) {
      const index = k.ready ? await k.index?.catch(() => null) : null;
      if (index) out.push({ language, documents: index.count, lexemes: index.vocabularySize, bytes: index.bytes() });
    }
    return out;
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
      for (
        let cur: Schemas['CategoryNavItem'] | undefined = c;
        cur;
        cur = cur.parentId ? byId.get(cur.parentId) : undefined
      )
        chain.unshift(cur.name);
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

  /** Catch-up reads (and loads) of the prefix indexes and of the listing index so far. */
  catchUpReads(): { prefix: number; listing: number } {
    let prefix = 0;
    for (const k of this.keepers.values()) prefix += k.gate.reads;
    return { prefix, listing: this.catalog.catchUps.reads };
  }

  /**
   * Hit tiles of some pids, in that order. From memory while the market language's prefix index and the
   * listing index both answer from memory (`CatchUpGate.fresh`): every write that changes a tile (a product,
   * its translation, price or stock, another colour of its style) changes a listing fact or a search document,
   * which the next catch-up finds, and the kept rows are then forgotten. Otherwise, and for the pids not kept,
   * one statement.
   */
  async hitTiles(market: Market, pids: string[]): Promise<Schemas['HitTile'][]> {
    const scope = this.scope(market);
    const k = this.keepers.get(scope.language);
    if (
      this.options.prefixIndex?.tilesFromMemory === false ||
      !k?.ready ||
      !k.gate.fresh() ||
      !this.catalog.catchUps.fresh()
    ) {
      this.tileReads.database += pids.length;
      return this.tilesOf(market, await hitTileRows(this.db, scope, pids));
    }
    const generation = this.tileGenerationNow();
    if (generation !== this.tileGeneration) {
      this.tileRows.clear();
      this.tileGeneration = generation;
    }
    const key = (pid: string) => `${scope.language}|${scope.currency ?? ''}|${pid}`;
    const missing = pids.filter((pid) => !this.tileRows.has(key(pid)));
    this.tileReads.memory += pids.length - missing.length;
    this.tileReads.database += missing.length;
    if (missing.length > 0) {
      const read = await hitTileRows(this.db, scope, missing);
      // Rows read across a catch-up that found changes may be older than the index: used once, not kept.
      const keep = this.tileGenerationNow() === generation;
      for (const row of read) {
        if (!keep) break;
        if (this.tileRows.size >= MAX_TILE_ROWS) this.tileRows.delete(this.tileRows.keys().next().value as string);
        this.tileRows.set(key(row.pid), row);
      }
      if (!keep) {
        const byPid = new Map(read.map((r) => [r.pid, r]));
        const rows = pids.flatMap((pid) => {
          const row = this.tileRows.get(key(pid)) ?? byPid.get(pid);
          return row ? [row] : [];
        });
        return this.tilesOf(market, rows);
      }
    }
    return this.tilesOf(
      market,
      pids.flatMap((pid) => {
        const row = this.tileRows.get(key(pid));
        return row ? [row] : [];
      }),
    );
  }

  /** Changes found by the catch-ups of every index the tiles depend on, so far. */
  private tileGenerationNow(): string {
    let prefix = 0;
    for (const k of this.keepers.values()) prefix += k.gate.changes;
    return `${prefix}|${this.catalog.catchUps.changes}`;
  }

  private tilesOf(market: Market, rows: HitTileRow[]): Schemas['HitTile'][] {
    const nav = this.catalog.navigation(market);
    const byId = new Map(nav.map((c) => [c.id, c]));
    return rows.map((row) => this.hitTile(row, market, row.colours, byId));
  }

  private hitTile(
    row: HitRow,
    market: Market,
    colours: ColourRow[],
    byId: Map<string, Schemas['CategoryNavItem']>,
  ): Schemas['HitTile'] {
    const chain: Schemas['CategoryNavItem'][] = [];
    for (let cur = byId.get(row.category_id); cur; cur = cur.parentId ? byId.get(cur.parentId) : undefined)
      chain.unshift(cur);
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
      ...(chain.length === 3
        ? { categoryIds: { macro: chain[0]!.id, micro: chain[1]!.id, superMicro: chain[2]!.id } }
        : {}),
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
