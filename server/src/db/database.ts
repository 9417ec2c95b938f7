import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import type { Database } from './schema.ts';
import { registerWriteWatch, watchedDialect, WriteWatch } from './write-watch.ts';
import { databaseUnavailable, isConnectionLost, isDatabaseUnavailable, withinTime } from './availability.ts';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  /** The embedded client, when kind is pglite (tests snapshot it). */
  pglite?: PGlite;
  kind: 'pglite' | 'postgres';
  /** The connection string (PostgreSQL): the cache invalidations listen on a connection of their own. */
  url?: string;
  /** Limits of the PostgreSQL connections, when set. */
  timeouts?: DatabaseTimeouts;
  /**
   * Liveness of the database connection, for /readyz: one `select 1` at a time (callers share it), and
   * ERR_API_1003 after `timeoutMs` without an answer.
   */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Runs long work (migrations, seeding) free of the statement timeouts that guard requests: on
   * PostgreSQL over a pool of its own, closed afterwards, and one process at a time across every instance
   * (an advisory lock: two instances starting on an empty database would both seed it); on PGlite over the
   * one connection.
   */
  maintenance<T>(work: (db: DB) => Promise<T>): Promise<T>;
  /** Connections of the PostgreSQL pool (none for the embedded database), for the metrics. */
  poolFigures?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory://` for an in-memory database. */
  pgliteDir?: string;
  /** Load a PGlite data-dir snapshot (tar) instead of running initdb: fast test start-up. */
  pgliteSnapshot?: Blob | File;
  poolSize?: number;
  /**
   * Told of an error on an idle pooled connection (a PostgreSQL restart, a failover, a terminated backend).
   * The pool drops that connection and opens a new one when next asked; without a listener, Node would
   * end the process on the pool's unhandled 'error' event.
   */
  onConnectionError?: (err: Error) => void;
  /** Limits of the PostgreSQL connections (ms; 0 = none). Unset: none but the operating system's. */
  timeouts?: DatabaseTimeouts;
}

export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one of the pool. */
  connectMs: number;
  /**
   * A statement, on the server (`statement_timeout`: it cancels the statement). The client gives up
   * `CLIENT_MARGIN_MS` later on its own (a partition: the server's answer never comes) and closes that connection.
   */
  statementMs: number;
  /** A transaction left idle: the server rolls it back and frees its locks (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
}

/** How much longer than the server's statement timeout the client waits for an answer before it gives the connection up. */
export const CLIENT_MARGIN_MS = 1_000;
/**
 * TCP keepalive of idle connections: after this long without traffic the system probes the peer, so a
 * connection to a server that vanished silently (a partition, a dead host) is eventually noticed and dropped.
 */
const KEEPALIVE_DELAY_MS = 10_000;
/** Longest wait for the pool to close (at shutdown). */
const CLOSE_LIMIT_MS = 5_000;
/** The advisory lock key of migrations and seeding (any constant shared by every instance). */
export const MAINTENANCE_LOCK = 7_310_522_026;

/** `pg` pool settings for `timeouts`: connect limit, server-side limits (0 = not sent), the client's read limit, keepalive. */
function poolSettings(timeouts: DatabaseTimeouts | undefined, statements: boolean): pg.PoolConfig {
  const settings: pg.PoolConfig = { keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS };
  if (!timeouts) return settings;
  settings.connectionTimeoutMillis = timeouts.connectMs;
  if (timeouts.idleInTransactionMs > 0) settings.idle_in_transaction_session_timeout = timeouts.idleInTransactionMs;
  if (statements && timeouts.statementMs > 0) {
    settings.statement_timeout = timeouts.statementMs;
    settings.query_timeout = timeouts.statementMs + CLIENT_MARGIN_MS;
  }
  return settings;
}

/**
 * The pool as Kysely sees it. A failure of the database to answer (no connection within the connect
 * timeout, a lost connection, a statement past its timeout) becomes ERR_API_1003, which every route answers
 * as 503 with `Retry-After`; a connection that failed so is closed at once, never lent again (a statement
 * the client gave up on may still be pending on it). The transaction fails with it; what the server never
 * committed is not written.
 */
function guardedPool(pool: pg.Pool): PostgresPool {
  const guards = new WeakMap<pg.PoolClient, { client: PostgresPoolClient; broken: Error | undefined }>();
  return {
    connect: async () => {
      const client = await pool.connect().catch((err: unknown) => {
        // A refused password or a missing database stays itself: it is not waited out.
        throw isDatabaseUnavailable(err) ? databaseUnavailable(err) : err;
      });
      let guard = guards.get(client);
      if (!guard) {
        const state: { client: PostgresPoolClient; broken: Error | undefined } = {
          client: undefined as never,
          broken: undefined,
        };
        state.client = {
          query: ((text: string, parameters: readonly unknown[]) =>
            client.query(text, parameters as unknown[]).catch((err: unknown) => {
              if (isConnectionLost(err)) {
                // Closed now, not at release: the transaction's rollback then fails at once instead of
                // waiting out a second timeout behind the statement that never got its answer.
                state.broken = err as Error;
                void client.end().catch(() => undefined);
              }
              throw isDatabaseUnavailable(err) ? databaseUnavailable(err) : err;
            })) as unknown as PostgresPoolClient['query'],
          release: () => {
            const broken = state.broken;
            state.broken = undefined;
            client.release(broken);
          },
        };
        guard = state;
        guards.set(client, guard);
      }
      return guard.client;
    },
    end: () => pool.end(),
  };
}

function openPool(
  url: string,
  max: number,
  timeouts: DatabaseTimeouts | undefined,
  statements: boolean,
  onConnectionError?: (err: Error) => void,
): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, ...poolSettings(timeouts, statements) });
  // Idle connections report through the pool (which then drops them); a connection checked out between
  // two statements of a transaction reports on the client itself, which has no listener of its own: the
  // statement that follows fails, and the transaction with it.
  pool.on('error', (err) => onConnectionError?.(err));
  pool.on('connect', (client) => client.on('error', (err) => onConnectionError?.(err)));
  return pool;
}

/** `ping`'s shape: one probe in flight at a time, shared by its callers, each waiting at most its own limit. */
function pinger(db: DB): (timeoutMs?: number) => Promise<void> {
  let inFlight: Promise<void> | undefined;
  return (timeoutMs) => {
    inFlight ??= sql`select 1`
      .execute(db)
      .then(() => undefined)
      .finally(() => {
        inFlight = undefined;
      });
    return timeoutMs ? withinTime(inFlight, timeoutMs, 'database ping') : inFlight;
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // int8 (counts, sums) as JS numbers: our counts stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
    const url = options.databaseUrl;
    const max = options.poolSize ?? 10;
    const pool = openPool(url, max, options.timeouts, true, options.onConnectionError);
    // Catalogue writes of this process, and (once an index listens) the database's notifications of everyone's.
    const watch = new WriteWatch(url);
    const db = new Kysely<Database>({
      dialect: watchedDialect(new PostgresDialect({ pool: guardedPool(pool) }), watch),
    });
    registerWriteWatch(db, watch);
    return {
      db,
      kind: 'postgres',
      ping: pinger(db),
      url,
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      maintenance: async (work) => {
        // The lock is held by a connection of its own (session level): a process that dies lets it go with its connection.
        const lock = new pg.Client({
          connectionString: url,
          ...(options.timeouts ? { connectionTimeoutMillis: options.timeouts.connectMs } : {}),
        });
        lock.on('error', (err) => options.onConnectionError?.(err));
        try {
          await lock.connect();
        } catch (err) {
          throw isDatabaseUnavailable(err) ? databaseUnavailable(err) : err;
        }
        try {
          await lock.query('select pg_advisory_lock($1)', [MAINTENANCE_LOCK]);
          const own = new Kysely<Database>({
            dialect: watchedDialect(
              new PostgresDialect({
                pool: guardedPool(openPool(url, max, options.timeouts, false, options.onConnectionError)),
              }),
              watch,
            ),
          });
          try {
            return await work(own);
          } finally {
            await own.destroy();
          }
        } finally {
          await lock.end().catch(() => undefined);
        }
      },
      poolFigures: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      // Bounded: the pool ends once its lent connections come back, and a statement without a limit
      // (DATABASE_STATEMENT_TIMEOUT_MS=0) stuck behind a partition would never come back.
      close: () =>
        withinTime(
          Promise.all([watch.close(), db.destroy()]).then(() => undefined),
          CLOSE_LIMIT_MS,
          'closing the database',
        ).catch(() => undefined),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    dataDir: dir,
    extensions: { pg_trgm },
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
    parsers: {
      20: (v: string) => Number.parseInt(v, 10),
      1700: (v: string) => Number.parseFloat(v),
    },
  });
  // The embedded database has one writer, this process: every catalogue write is seen by the watch.
  const watch = new WriteWatch();
  const db = new Kysely<Database>({ dialect: watchedDialect(new PGliteDialect(client), watch) });
  registerWriteWatch(db, watch);
  return {
    db,
    pglite: client,
    kind: 'pglite',
    ping: pinger(db),
    maintenance: (work) => work(db),
    close: () => db.destroy(),
  };
}
