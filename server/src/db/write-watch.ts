// What the in-memory catalogue indexes (the listing index, the search prefix indexes) need to know to answer
// from memory without asking the database first: whether the catalogue may have changed since they last
// caught up. `epoch` moves when it may have:
// - a write this process makes to a catalogue table settles (an autocommit statement answered, or the
//   transaction that held it committed), seen by a Kysely dialect wrapped around the driver (`watchedDialect`);
// - on PostgreSQL, a notification on `CATALOGUE_CHANNEL`, which triggers on `listing_facts` and
//   `search_documents` send for every write, whoever makes it (another instance, a script, plain SQL).
// - the product photos' index read a change (`PhotoIndex`: an import, by another process, of what tiles show).
// `heard` says whether every write is seen: with the embedded database there is no other writer; on
// PostgreSQL only while the listening connection listens. docs/catalogue-queries.md#freshness.
// The editorial content has an epoch of its own (`contentEpoch`), moved the same ways: a write of this process to
// a content table settling, or a notification on `CONTENT_CHANNEL` (migration 0032's triggers); the layout's rows
// are kept by it (decision 0201).
import pg from 'pg';
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import type { CacheHold } from '../shared/ttl-cache.ts';

/** The channel the catalogue's change triggers notify (migration 0029). */
const CATALOGUE_CHANNEL = 'storefront_catalogue_changed';
/** The channel the content's change triggers notify (migration 0032). */
const CONTENT_CHANNEL = 'storefront_content_changed';

/** A statement that writes (or may: a `select … for update`, a CTE with a data-modifying part, DDL). */
const WRITE = /\b(insert|update|delete|merge|truncate|copy|alter|drop|create)\b/i;
/** A transaction opened or ended by a plain statement rather than through Kysely's transaction API. */
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|end|rollback|abort)\b/i;
/** Tables whose rows feed `listing_facts` or `search_documents` (their triggers), and those two. */
const CATALOGUE = /\b(products|product_\w+|categor\w*|listing_\w+|search_\w+)\b/i;

/** The editorial content's tables: pages, components, versions, publications, generic content, the calendars. */
const CONTENT = /\b(content_\w+|events|event_\w+)\b/i;

/** What a write may change: the catalogue, the content, or both (a bit each). */
const CATALOGUE_BIT = 1;
const CONTENT_BIT = 2;

/**
 * What a statement may change: `CATALOGUE_BIT` when what the catalogue indexes hold, `CONTENT_BIT` when the
 * editorial content; 0 for a read. Conservative: a false yes costs one catch-up read.
 */
function writes(text: string): number {
  if (!WRITE.test(text)) return 0;
  return (CATALOGUE.test(text) ? CATALOGUE_BIT : 0) | (CONTENT.test(text) ? CONTENT_BIT : 0);
}

/** What a watch's generation follows: the catalogue's writes or the content's. */
export type WatchedData = 'catalogue' | 'content';

export class WriteWatch {
  /** Moves whenever the catalogue may have changed (see the file's header). */
  epoch = 0;
  /** Moves whenever the editorial content may have changed (see the file's header). */
  contentEpoch = 0;
  /** Whether writes of other connections are heard (always with the embedded database). */
  heard: boolean;
  private listener: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly url?: string | undefined) {
    this.heard = url === undefined;
  }

  /** A catalogue write settled (or may have, or a notification said so). */
  changed(): void {
    this.epoch++;
  }

  /** A content write settled (or may have, or a notification said so). */
  contentChanged(): void {
    this.contentEpoch++;
  }

  /** Writes that settled: `what` is a set of `CATALOGUE_BIT` and `CONTENT_BIT`. */
  settled(what: number): void {
    if (what & CATALOGUE_BIT) this.changed();
    if (what & CONTENT_BIT) this.contentChanged();
  }

  /** Whatever any writer may have written (the listening connection lost, or just listening). */
  private everythingChanged(): void {
    this.changed();
    this.contentChanged();
  }

  /** The epoch `data` follows. */
  epochOf(data: WatchedData): number {
    return data === 'catalogue' ? this.epoch : this.contentEpoch;
  }

  /**
   * A hold that hits while the catalogue has not changed since this call: the epoch has not moved and every
   * writer is still heard. Undefined when writers are not all heard now (on PostgreSQL, while the listening
   * connection does not listen): another instance's write would not end it.
   */
  holdWhileUnchanged(): CacheHold | undefined {
    if (!this.heard) return undefined;
    const epoch = this.epoch;
    return { retains: true, hit: () => this.heard && this.epoch === epoch };
  }

  /**
   * On PostgreSQL, starts listening for the catalogue's notifications (once; the first index to use the
   * watch asks). Until it listens, and whenever its connection is lost, `heard` is false.
   */
  listen(): void {
    if (this.url === undefined || this.listening || this.closed) return;
    this.listening = true;
    void this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      this.heard = false;
      this.everythingChanged();
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      if (!this.closed) {
        this.retry = setTimeout(() => void this.connect(), 1_000);
        this.retry.unref();
      }
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (n) => {
      if (n.channel === CATALOGUE_CHANNEL) this.changed();
      else if (n.channel === CONTENT_CHANNEL) this.contentChanged();
    });
    try {
      await client.connect();
      await client.query(`listen ${CATALOGUE_CHANNEL}; listen ${CONTENT_CHANNEL}`);
    } catch {
      onLost();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    // Whatever was written before it listened is not known: the next use catches up.
    this.everythingChanged();
    this.heard = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.heard = false;
    if (this.retry) clearTimeout(this.retry);
    const client = this.listener;
    this.listener = undefined;
    if (client) await Promise.race([client.end().catch(() => undefined), new Promise((r) => setTimeout(r, 1_000))]);
  }
}

const watches = new WeakMap<object, WriteWatch>();

/** The watch of a database handle's Kysely instance (undefined for one opened elsewhere: no coalescing). */
export function writeWatchOf(db: Kysely<never> | object): WriteWatch | undefined {
  return watches.get(db);
}

export function registerWriteWatch(db: object, watch: WriteWatch): void {
  watches.set(db, watch);
}

/** `dialect` with its driver watched: catalogue (content) writes that settle move `watch.epoch` (`contentEpoch`). */
export function watchedDialect(dialect: Dialect, watch: WriteWatch): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WatchedDriver(dialect.createDriver(), watch),
  };
}

/** Per connection lent: whether it is in a transaction, and what that transaction wrote (`writes`' bits). */
interface Lent {
  inner: DatabaseConnection;
  transaction: boolean;
  wrote: number;
}

class WatchedDriver implements Driver {
  private readonly lent = new WeakMap<DatabaseConnection, Lent>();

  constructor(
    private readonly inner: Driver,
    private readonly watch: WriteWatch,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    const state: Lent = { inner, transaction: false, wrote: 0 };
    const watch = this.watch;
    const connection: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        if (BEGIN.test(query.sql)) {
          const r = await inner.executeQuery<R>(query);
          state.transaction = true;
          return r;
        }
        if (END.test(query.sql)) {
          try {
            return await inner.executeQuery<R>(query);
          } finally {
            watch.settled(state.wrote);
            state.transaction = false;
            state.wrote = 0;
          }
        }
        const what = writes(query.sql);
        if (!what) return inner.executeQuery<R>(query);
        try {
          return await inner.executeQuery<R>(query);
        } finally {
          if (state.transaction) state.wrote |= what;
          else watch.settled(what);
        }
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => {
        const what = writes(query.sql);
        if (what) {
          if (state.transaction) state.wrote |= what;
          else watch.settled(what);
        }
        return inner.streamQuery<R>(query, chunkSize);
      },
    };
    this.lent.set(connection, state);
    return connection;
  }

  private state(connection: DatabaseConnection): Lent {
    return this.lent.get(connection) as Lent;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const s = this.state(connection);
    await this.inner.beginTransaction(s.inner, settings);
    s.transaction = true;
    s.wrote = 0;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const s = this.state(connection);
    try {
      await this.inner.commitTransaction(s.inner);
    } finally {
      this.settle(s);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const s = this.state(connection);
    try {
      await this.inner.rollbackTransaction(s.inner);
    } finally {
      this.settle(s);
    }
  }

  private settle(s: Lent): void {
    this.watch.settled(s.wrote);
    s.transaction = false;
    s.wrote = 0;
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.savepoints('savepoint').call(this.inner, this.state(connection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.savepoints('rollbackToSavepoint').call(this.inner, this.state(connection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.savepoints('releaseSavepoint').call(this.inner, this.state(connection).inner, name, compile);
  }

  /** The wrapped driver's savepoint method (a dialect without savepoints fails as it would unwrapped). */
  private savepoints(method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') {
    const f = this.inner[method];
    if (!f) throw new Error(`The database driver does not support ${method}.`);
    return f;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const s = this.state(connection);
    this.lent.delete(connection);
    await this.inner.releaseConnection(s.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * What rows of the catalogue read from the database and kept in memory (a product as its page shows it,
 * decision 0200) are as of: a string that moves whenever the catalogue may have changed — a catalogue write of
 * this process settles, or any writer's is heard of (the triggers of migration 0029 notify every statement that
 * writes products, their sizes' stock, prices or texts, even one that changes no listing fact). Undefined, so
 * that nothing is kept, while other writers are not all heard, for a database opened without a watch, or while
 * `enabled()` is false.
 */
export function keptRowsGeneration(
  db: object,
  enabled: () => boolean,
  data: WatchedData = 'catalogue',
): () => string | undefined {
  const watch = writeWatchOf(db);
  return () => {
    if (!watch || !enabled()) return undefined;
    watch.listen();
    return watch.heard ? String(watch.epochOf(data)) : undefined;
  };
}

/** How long after a catch-up an index answers from memory, by default (ms; 0: catch up before every answer). */
const DEFAULT_FRESH_FOR_MS = 100;

/** What a catch-up knows of: when it started (its snapshot is taken after) and the watch's epoch then. */
interface CatchUpMark {
  at: number;
  epoch: number;
}

/**
 * Whether an in-memory index of the catalogue may answer as it stands, without first reading what changed:
 * it caught up less than `freshForMs` ago, nothing this process wrote to the catalogue has settled since,
 * and every other writer is heard (`WriteWatch.heard`) and has notified nothing since. Otherwise the index
 * catches up first, as it always did. A database opened without a watch always catches up.
 */
export class CatchUpGate {
  /** Catch-up reads (and loads) started, for the tests and the benchmarks. */
  reads = 0;
  /** Catch-ups that found something changed (or loaded afresh): what was derived from the index is outdated. */
  changes = 0;
  private last: CatchUpMark | null = null;
  private readonly watch: WriteWatch | undefined;

  constructor(
    db: object,
    public freshForMs = DEFAULT_FRESH_FOR_MS,
  ) {
    this.watch = writeWatchOf(db);
  }

  /** The index as last caught up may answer now. */
  fresh(): boolean {
    const w = this.watch;
    if (!w || this.freshForMs <= 0 || !this.last) return false;
    w.listen();
    return w.heard && this.last.epoch === w.epoch && performance.now() - this.last.at < this.freshForMs;
  }

  /** A catch-up read (or a load) starts. */
  begin(): CatchUpMark {
    this.reads++;
    this.watch?.listen();
    return { at: performance.now(), epoch: this.watch?.epoch ?? -1 };
  }

  /** That read succeeded and was applied (`changed`: it changed the index): the index is as of it. */
  done(mark: CatchUpMark, changed: boolean): void {
    if (changed) this.changes++;
    if (!this.last || mark.at >= this.last.at) this.last = mark;
  }

  /** The next use catches up first (a cache bust, a reload). */
  stale(): void {
    this.last = null;
  }
}
