// What the search's use cases share: the database, the house and the catalogue, the options, each language's
// prefix index keeper, the kept hit tiles' rows and the counters.
import type { DB } from '../../db/database.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Brand } from '../../../../reference/brands.ts';
import type { Market } from '../markets/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { PrefixIndex } from './prefix-index.ts';
import { CatchUpGate } from '../../db/write-watch.ts';
import { KeptRows, MadeFromRows } from '../../shared/kept-rows.ts';
import type { HitTileRow, SearchScope } from './repository.ts';

export interface SearchOptions {
  /** Characters a query needs after trimming (spec §5: 1 everywhere). */
  minChars: number;
  /** Optional part of the index name between region and sort (spec §7). */
  indexSuffix?: string | undefined;
  /** The in-process prefix index (`prefix-index.ts`); on by default. */
  prefixIndex?: PrefixIndexOptions | undefined;
  /** The markets a search's market comes from: a reload ends the answers kept while the catalogue stands. */
  markets?: { readonly version: number } | undefined;
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

/** A category a search may suggest (`SearchKit.suggestable`). */
export interface SuggestableCategory {
  item: Schemas['CategoryNavItem'];
  /** Its name lower-cased, and that name's words. */
  name: string;
  words: string[];
  /** Its name and its ancestors', the top one first, as the suggestion's query. */
  path: string;
}

/** One language's prefix index and its catch-up reads (see `currentIndex` of `prefix-indexes.ts`). */
export interface Keeper {
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

/** The sources, the per-language prefix indexes and the kept tiles every use case of the search starts from. */
export class SearchKit {
  readonly keepers = new Map<string, Keeper>();
  /** Text queries answered by the prefix index, and by PostgreSQL's full text (index off, loading, failing, or a query it does not read). */
  readonly answered = { index: 0, database: 0 };
  /**
   * Hit tiles' rows as read (`hitTileRows`), by language, currency and pid (at most 5,000, a row with its colours a
   * few KB at most), used while the indexes answer from memory; emptied whenever a catch-up of either index finds a
   * change. See `hitTiles`; its `reads` count the rows served from memory and read from the database.
   */
  readonly keptTiles = new KeptRows<HitTileRow>(5_000);
  /** The hit tiles made from kept rows, with their JSON (`tilesOf` in hit-tiles.ts). */
  readonly madeTiles = new MadeFromRows<HitTileRow, Schemas['HitTile']>();

  /** Each language's categories a query may suggest, read once per category tree (`suggestable`). */
  private readonly suggestables = new Map<string, { tree: number; categories: SuggestableCategory[] }>();

  constructor(
    readonly db: DB,
    readonly brand: Brand,
    readonly catalog: CatalogService,
    readonly options: SearchOptions,
  ) {}

  /**
   * The categories below the top level in the market's language, in the order suggestions list them (level, then
   * position), each with its name lower-cased and cut into words and its path: made once per language and
   * category tree, not on every search.
   */
  suggestable(market: Market): readonly SuggestableCategory[] {
    const tree = this.catalog.treeVersion;
    const kept = this.suggestables.get(market.language);
    if (kept?.tree === tree) return kept.categories;
    const path = (c: Schemas['CategoryNavItem']) =>
      this.catalog
        .categoryChain(c.id, market)
        .map((a) => a.name)
        .join(' ');
    const categories = this.catalog
      .navigation(market)
      .filter((c) => c.level >= 2)
      .sort((a, b) => a.level - b.level || a.position - b.position)
      .map((item) => {
        const name = item.name.toLowerCase();
        return { item, name, words: name.split(/[^\p{L}\p{N}]+/u), path: path(item) };
      });
    this.suggestables.set(market.language, { tree, categories });
    return categories;
  }

  scope(market: Market): SearchScope {
    return { brand: this.brand, language: market.language, currency: market.currency };
  }

  keeper(language: string): Keeper {
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
}
