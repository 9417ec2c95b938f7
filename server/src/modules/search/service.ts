// The search's door: one service over its use cases — search-results.ts (a results page or autocomplete, with
// its suggestions), hit-tiles.ts (the hits' tiles), prefix-indexes.ts (each language's prefix index kept up to
// date), trending-searches.ts (the drawer before anything is typed) — which share search-kit.ts.
import type { DB } from '../../db/database.ts';
import type { Schemas } from '../../shared/http.ts';
import type { CacheHold } from '../../shared/ttl-cache.ts';
import type { Brand } from '../../../../reference/brands.ts';
import type { Market } from '../markets/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { IndexQuery, PrefixIndex } from './prefix-index.ts';
import type { MatchPlan, SearchScope } from './repository.ts';
import { SearchKit, type SearchOptions } from './search-kit.ts';
import { checkedQuery, holdWhileUnchanged, search, type SearchInput } from './search-results.ts';
import { catchUpReads, currentIndex, indexed, prefixIndexStats } from './prefix-indexes.ts';
import { hitTiles } from './hit-tiles.ts';
import { trending, upsertTrendingSearches } from './trending-searches.ts';

export type { SearchInput } from './search-results.ts';

/** Full-text search of the catalogue, in the database (see migration 0006 for the documents). */
export class SearchService {
  private readonly kit: SearchKit;

  constructor(db: DB, brand: Brand, catalog: CatalogService, options: SearchOptions) {
    this.kit = new SearchKit(db, brand, catalog, options);
  }

  /** Text queries answered by the prefix index, and by PostgreSQL's full text (index off, loading, failing, or a query it does not read). */
  get answered(): { index: number; database: number } {
    return this.kit.answered;
  }

  /** Hit tiles' rows served from memory, and read from the database. */
  get tileReads(): { memory: number; database: number } {
    return this.kit.keptTiles.reads;
  }

  /** Trending queries are merchandised reference data: upserted at start, like the store list. */
  init(): Promise<void> {
    return upsertTrendingSearches(this.kit);
  }

  /** The trimmed query, or ERR_SEARCH_API_1000 when it is shorter than the configured minimum. */
  checkedQuery(q: unknown): string {
    return checkedQuery(this.kit, q);
  }

  search(input: SearchInput): Promise<Schemas['SearchResult']> {
    return search(this.kit, input);
  }

  /** A hold, taken before a search, that hits while its answer stands (`holdWhileUnchanged` of `search-results.ts`). */
  holdWhileUnchanged(market: Market): CacheHold | undefined {
    return holdWhileUnchanged(this.kit, market);
  }

  /** The language's prefix index brought up to date, with the query as it evaluates it; null when PostgreSQL answers. */
  indexed(scope: SearchScope, plan: MatchPlan): Promise<[PrefixIndex, IndexQuery] | null> {
    return indexed(this.kit, scope, plan);
  }

  /** The prefix index of a language as of a database snapshot taken after this call (`prefix-indexes.ts`). */
  currentIndex(language: string): Promise<PrefixIndex | null> {
    return currentIndex(this.kit, language);
  }

  /** What the loaded prefix indexes hold: documents, distinct lexemes and approximate bytes, per language. */
  prefixIndexStats(): Promise<{ language: string; documents: number; lexemes: number; bytes: number }[]> {
    return prefixIndexStats(this.kit);
  }

  /** Catch-up reads (and loads) of the prefix indexes and of the listing index so far. */
  catchUpReads(): { prefix: number; listing: number } {
    return catchUpReads(this.kit);
  }

  /** Hit tiles of some pids, in that order (`hit-tiles.ts`). */
  hitTiles(market: Market, pids: string[]): Promise<Schemas['HitTile'][]> {
    return hitTiles(this.kit, market, pids);
  }

  /** What the drawer shows before anything is typed: the market language's trending queries and the newest pieces in stock. */
  trending(market: Market): Promise<Schemas['TrendingSearches']> {
    return trending(this.kit, market);
  }
}
