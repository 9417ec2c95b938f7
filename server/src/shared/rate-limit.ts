import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { DB } from '../db/database.ts';
import { AppError } from './errors.ts';

export interface Limit {
  /** Name of the counter, e.g. `authn-fail-email`. */
  bucket: string;
  /** Hits allowed in a window. */
  max: number;
  windowSeconds: number;
}

/** Where counters live: the database (default) or Redis (`REDIS_URL`). Keys arrive already hashed. */
export interface CounterStore {
  /** Adds one to a window's counter and answers the new count. */
  increment(bucket: string, key: string, windowStart: Date, windowSeconds: number): Promise<number>;
  read(bucket: string, key: string, windowStart: Date): Promise<number>;
  /** Takes one back from a window's counter (never below zero; nothing when the count was cleared). */
  decrement(bucket: string, key: string, windowStart: Date): Promise<void>;
  clear(bucket: string, key: string): Promise<void>;
  /** Stores a single-use key until `until`; true the first time only. */
  claim(bucket: string, key: string, until: Date): Promise<boolean>;
  prune(before: Date): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseCounters implements CounterStore {
  constructor(private readonly db: DB) {}

  async increment(bucket: string, key: string, windowStart: Date): Promise<number> {
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ bucket, key_hash: key, window_start: windowStart, hits: 1 })
      .onConflict((oc) =>
        oc.columns(['bucket', 'key_hash', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return row.hits;
  }
  async read(bucket: string, key: string, windowStart: Date): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limit_hits')
      .select('hits')
      .where('bucket', '=', bucket)
      .where('key_hash', '=', key)
      .where('window_start', '=', windowStart)
      .executeTakeFirst();
    return row?.hits ?? 0;
  }
  async decrement(bucket: string, key: string, windowStart: Date): Promise<void> {
    await this.db
      .updateTable('rate_limit_hits')
      .set({ hits: sql`hits - 1` })
      .where('bucket', '=', bucket)
      .where('key_hash', '=', key)
      .where('window_start', '=', windowStart)
      .where('hits', '>', 0)
      .execute();
  }
  async clear(bucket: string, key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).where('key_hash', '=', key).execute();
  }
  async claim(bucket: string, key: string, until: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ bucket, key_hash: key, window_start: until, hits: 1 })
      .onConflict((oc) => oc.columns(['bucket', 'key_hash', 'window_start']).doNothing())
      .returning('hits')
      .executeTakeFirst();
    return Boolean(row);
  }
  async prune(before: Date): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('window_start', '<', before).execute();
  }
  async close(): Promise<void> {}
}

/**
 * Counters in Redis: one hash per bucket and key (a field per window, `HINCRBY` + `PEXPIREAT`), `SET NX PX`
 * for single-use keys; Redis forgets them itself.
 */
export class RedisCounters implements CounterStore {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'rl',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
  }
  private name(bucket: string, key: string): string {
    return `${this.prefix}:${bucket}:${key}`;
  }
  async increment(bucket: string, key: string, windowStart: Date, windowSeconds: number): Promise<number> {
    const name = this.name(bucket, key);
    const results = await this.redis
      .multi()
      .hincrby(name, String(windowStart.getTime()), 1)
      .pexpireat(name, windowStart.getTime() + windowSeconds * 1000 + 1000)
      .exec();
    return Number(results?.[0]?.[1] ?? 0);
  }
  async read(bucket: string, key: string, windowStart: Date): Promise<number> {
    return Number((await this.redis.hget(this.name(bucket, key), String(windowStart.getTime()))) ?? 0);
  }
  async decrement(bucket: string, key: string, windowStart: Date): Promise<void> {
    // Only a field that still exists and is positive: a count cleared meanwhile stays cleared.
    await this.redis.eval(
      "local n = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0') if n > 0 then redis.call('HINCRBY', KEYS[1], ARGV[1], -1) end return n",
      1,
      this.name(bucket, key),
      String(windowStart.getTime()),
    );
  }
  async clear(bucket: string, key: string): Promise<void> {
    await this.redis.del(this.name(bucket, key));
  }
  async claim(bucket: string, key: string, until: Date): Promise<boolean> {
    const ttl = Math.max(1000, until.getTime() - Date.now() + 60_000);
    return (await this.redis.set(`${this.name(bucket, key)}:once`, '1', 'PX', ttl, 'NX')) === 'OK';
  }
  async prune(): Promise<void> {}
  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

/**
 * Fixed-window rate limits shared by every server process (in the database, or Redis when `REDIS_URL`
 * is set). Keys (an e-mail address, an IP address) are stored as SHA-256 digests, never in clear.
 * Over the limit: 429 ERR_API_1028 with Retry-After (the end of the window).
 */
export class RateLimiter {
  private readonly store: CounterStore;
  constructor(
    store: CounterStore | DB,
    private readonly clock: () => number = Date.now,
  ) {
    this.store = 'increment' in store ? store : new DatabaseCounters(store);
  }

  private window(limit: Limit): { start: Date; retryAfter: number } {
    const ms = limit.windowSeconds * 1000;
    const now = this.clock();
    const start = Math.floor(now / ms) * ms;
    return { start: new Date(start), retryAfter: (start + ms - now) / 1000 };
  }

  static digest(key: string): string {
    return createHash('sha256').update(key).digest('base64url');
  }

  /** Counts a hit and refuses it when the window already holds `max` hits. */
  async hit(limit: Limit, key: string): Promise<void> {
    const { start, retryAfter } = this.window(limit);
    const hits = await this.store.increment(limit.bucket, RateLimiter.digest(key), start, limit.windowSeconds);
    if (hits > limit.max) throw tooMany(retryAfter);
  }

  /**
   * Takes one attempt of a limit counted on failure, before the attempt is evaluated: one atomic increment
   * (an upsert, or `HINCRBY` in Redis) that refuses when the window already held `max`. Concurrent attempts
   * therefore never evaluate more than `max` in a window, whatever their number. An attempt that must not
   * count (it succeeded, or could not be evaluated) gives its place back with `release()`; the rules that
   * forget every failure after a success call `reset()` instead.
   */
  async reserve(limit: Limit, key: string): Promise<Reservation> {
    const { start, retryAfter } = this.window(limit);
    const digest = RateLimiter.digest(key);
    const hits = await this.store.increment(limit.bucket, digest, start, limit.windowSeconds);
    if (hits > limit.max) throw tooMany(retryAfter);
    let released = false;
    return {
      hits,
      full: hits >= limit.max,
      release: async () => {
        if (released) return;
        released = true;
        await this.store.decrement(limit.bucket, digest, start);
      },
    };
  }

  /**
   * Refuses when the window is full, without counting. Never follow it with `record()` for the same attempt:
   * concurrent attempts all pass the check before any is recorded (use `reserve()`).
   */
  async check(limit: Limit, key: string): Promise<void> {
    const { start, retryAfter } = this.window(limit);
    if ((await this.store.read(limit.bucket, RateLimiter.digest(key), start)) >= limit.max) throw tooMany(retryAfter);
  }

  /**
   * Counts without refusing. Not for a limit on failures checked before the attempt (`check()` then `record()`
   * lets a burst through): take the attempt's place with `reserve()` instead.
   */
  async record(limit: Limit, key: string): Promise<void> {
    const { start } = this.window(limit);
    await this.store.increment(limit.bucket, RateLimiter.digest(key), start, limit.windowSeconds);
  }

  /** Forgets the key's counts (e.g. failed sign-ins after a success). */
  async reset(limit: Limit, key: string): Promise<void> {
    await this.store.clear(limit.bucket, RateLimiter.digest(key));
  }

  /**
   * Records a single-use key (a token id) until `until`: true the first time, false for any replay
   * (whatever window it falls in).
   */
  once(bucket: string, key: string, until: Date): Promise<boolean> {
    return this.store.claim(bucket, RateLimiter.digest(key), until);
  }

  /** Drops windows older than two days (the database store; Redis expires its keys itself). */
  prune(): Promise<void> {
    return this.store.prune(new Date(this.clock() - 2 * 86_400_000));
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** An attempt counted by `RateLimiter.reserve()`. */
export interface Reservation {
  /** The window's count with this attempt. */
  hits: number;
  /** This attempt took the last place of the window. */
  full: boolean;
  /** Gives the place back (once; later calls do nothing). */
  release(): Promise<void>;
}

function tooMany(retryAfter: number): AppError {
  const error = new AppError('ERR_API_1028');
  error.retryAfterSeconds = retryAfter;
  return error;
}
