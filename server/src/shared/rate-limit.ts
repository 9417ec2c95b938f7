import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { AppError } from './errors.ts';

export interface Limit {
  /** Name of the counter, e.g. `authn-fail-email`. */
  bucket: string;
  /** Hits allowed in a window. */
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database, so that every server process shares them and a restart forgets
 * nothing. Keys (an e-mail address, an IP address) are stored as SHA-256 digests, never in clear.
 * Over the limit: 429 ERR_API_1028 with Retry-After (the end of the window).
 */
export class RateLimiter {
  constructor(
    private readonly db: DB,
    private readonly clock: () => number = Date.now,
  ) {}

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
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ bucket: limit.bucket, key_hash: RateLimiter.digest(key), window_start: start, hits: 1 })
      .onConflict((oc) => oc.columns(['bucket', 'key_hash', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow();
    if (row.hits > limit.max) throw tooMany(retryAfter);
  }

  /** Refuses when the window is full, without counting (for limits counted only on failure). */
  async check(limit: Limit, key: string): Promise<void> {
    const { start, retryAfter } = this.window(limit);
    const row = await this.db
      .selectFrom('rate_limit_hits')
      .select('hits')
      .where('bucket', '=', limit.bucket)
      .where('key_hash', '=', RateLimiter.digest(key))
      .where('window_start', '=', start)
      .executeTakeFirst();
    if (row && row.hits >= limit.max) throw tooMany(retryAfter);
  }

  /** Counts without refusing (a failure recorded after the answer is known). */
  async record(limit: Limit, key: string): Promise<void> {
    await this.hit(limit, key).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
    });
  }

  /**
   * Records a single-use key (a token id) until `until`: true the first time, false for any replay
   * (whatever window it falls in).
   */
  async once(bucket: string, key: string, until: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ bucket, key_hash: RateLimiter.digest(key), window_start: until, hits: 1 })
      .onConflict((oc) => oc.columns(['bucket', 'key_hash', 'window_start']).doNothing())
      .returning('hits')
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Forgets the key's current window (e.g. failed sign-ins after a success). */
  async reset(limit: Limit, key: string): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_hits')
      .where('bucket', '=', limit.bucket)
      .where('key_hash', '=', RateLimiter.digest(key))
      .execute();
  }

  /** Drops windows older than a day. */
  async prune(): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('window_start', '<', new Date(this.clock() - 86_400_000 * 2)).execute();
  }
}

function tooMany(retryAfter: number): AppError {
  const error = new AppError('ERR_API_1028');
  error.retryAfterSeconds = retryAfter;
  return error;
}
