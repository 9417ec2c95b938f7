// Cache invalidations between instances over PostgreSQL LISTEN/NOTIFY, when there is no Redis
// (`shared/invalidation-bus.ts`). One connection of its own listens (outside the pool: a pooled connection is
// lent to others and would drop the subscription); messages are sent with `pg_notify` through the pool.
import pg from 'pg';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { LocalTransport, RedisTransport, type BusTransport } from '../shared/invalidation-bus.ts';
import type { Config } from '../shared/config.ts';
import type { DatabaseHandle, DB } from './database.ts';

interface TransportLogger {
  warn(obj: object, msg: string): void;
}

/** A NOTIFY payload holds at most 8000 bytes; a larger message goes out without its keys (the whole caches). */
export const NOTIFY_PAYLOAD_LIMIT = 7_900;

export interface PostgresTransportOptions {
  /** The connection string of the database (DATABASE_URL). */
  url: string;
  /** The pool that sends (`pg_notify`). */
  db: DB;
  brand: string;
  logger?: TransportLogger;
  /** Opening the listening connection. */
  connectMs?: number;
  /** How often the listening connection is checked (a silent partition is otherwise noticed late). */
  heartbeatMs?: number;
}

/**
 * LISTEN on `storefront_invalidation_<brand>` over one dedicated connection. A lost connection (an error, its
 * end, a heartbeat without answer) reports a gap, and is opened again with backoff (0.25 s doubling to 5 s);
 * once it listens again, a second gap empties what was cached meanwhile.
 */
export class PostgresTransport implements BusTransport {
  readonly name = 'postgres';
  readonly channel: string;
  private client: pg.Client | undefined;
  private closing = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private deliver: (payload: string) => void = () => undefined;
  private gap: (reason: string) => void = () => undefined;

  constructor(private readonly options: PostgresTransportOptions) {
    this.channel = `storefront_invalidation_${options.brand}`;
  }

  async start(deliver: (payload: string) => void, gap: (reason: string) => void): Promise<void> {
    this.deliver = deliver;
    this.gap = gap;
    try {
      await this.listen();
    } catch (err) {
      // The app goes on; until this instance listens it cannot hear the others, and it empties its caches once it does.
      this.options.logger?.warn(
        { reason: (err as Error).message },
        'cache invalidation: cannot LISTEN yet; trying again',
      );
      this.reconnect(0.25, true);
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: this.options.connectMs ?? 5_000,
    });
    let lost = false;
    const onLost = (reason: string) => {
      if (lost || this.closing) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      if (this.heartbeat) clearInterval(this.heartbeat);
      void client.end().catch(() => undefined);
      this.gap(reason);
      this.reconnect(0.25, false);
    };
    client.on('error', (err) => onLost(`listening connection lost: ${err.message}`));
    client.on('end', () => onLost('listening connection ended'));
    client.on('notification', (n) => {
      if (n.channel === this.channel && n.payload !== undefined) this.deliver(n.payload);
    });
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
    } catch (err) {
      lost = true;
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closing) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    const every = this.options.heartbeatMs ?? 15_000;
    this.heartbeat = setInterval(() => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>(
        (_r, reject) =>
          (timer = setTimeout(() => reject(new Error('no answer to the heartbeat')), Math.min(5_000, every))),
      );
      Promise.race([client.query('select 1'), late])
        .catch((err: unknown) => onLost(`listening connection silent: ${(err as Error).message}`))
        .finally(() => clearTimeout(timer));
    }, every);
    this.heartbeat.unref();
  }

  private reconnect(delaySeconds: number, first: boolean): void {
    if (this.closing || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.listen().then(
        () => {
          if (!this.closing) this.gap(first ? 'listening (late start)' : 'listening again after a lost connection');
        },
        () => this.reconnect(Math.min(5, delaySeconds * 2), first),
      );
    }, delaySeconds * 1000);
    this.retry.unref();
  }

  async publish(payload: string): Promise<void> {
    let text = payload;
    if (Buffer.byteLength(text) > NOTIFY_PAYLOAD_LIMIT) {
      // Too long for NOTIFY (many keys): the other instances empty the named caches whole, which is never wrong.
      const { keys: _k, locales: _l, ...whole } = JSON.parse(text) as Record<string, unknown>;
      text = JSON.stringify(whole);
    }
    await sql`select pg_notify(${this.channel}, ${text})`.execute(this.options.db);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    // Bounded: in a partition the server never acknowledges the end, and a shutdown must not wait for it.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.end().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, 1_000))),
    ]);
    clearTimeout(timer);
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }
}

/**
 * How the caches of the instances hear each other's invalidations: Redis pub/sub when REDIS_URL is set,
 * otherwise PostgreSQL LISTEN/NOTIFY; with the embedded PGlite database (one process) in process only.
 */
export function invalidationTransport(
  config: Pick<Config, 'redisUrl' | 'brand'>,
  database: DatabaseHandle,
  logger: Logger,
): BusTransport {
  if (config.redisUrl) return new RedisTransport({ url: config.redisUrl, brand: config.brand, logger });
  if (database.kind === 'postgres' && database.url) {
    return new PostgresTransport({
      url: database.url,
      db: database.db,
      brand: config.brand,
      logger,
      ...(database.timeouts ? { connectMs: database.timeouts.connectMs } : {}),
    });
  }
  return new LocalTransport();
}
