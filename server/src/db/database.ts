import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  /** The embedded client, when kind is pglite (tests snapshot it). */
  pglite?: PGlite;
  kind: 'pglite' | 'postgres';
  /** Liveness of the database connection, for /readyz. */
  ping(): Promise<void>;
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
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // int8 (counts, sums) as JS numbers: our counts stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // Idle connections report through the pool (which then drops them); a connection checked out between
    // two statements of a transaction reports on the client itself, which has no listener of its own: the
    // statement that follows fails, and the transaction with it.
    pool.on('error', (err) => options.onConnectionError?.(err));
    pool.on('connect', (client) => client.on('error', (err) => options.onConnectionError?.(err)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await sql`select 1`.execute(db)),
      poolFigures: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
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
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    pglite: client,
    kind: 'pglite',
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  };
}
