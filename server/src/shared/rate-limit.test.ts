import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { AppError } from './errors.ts';
import { DatabaseCounters, RateLimiter, RedisCounters, type CounterStore } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const redisUrl = process.env.TEST_REDIS_URL;
const stores: [string, () => CounterStore][] = [
  ['database', () => new DatabaseCounters(t.database.db)],
  ...(redisUrl
    ? ([['redis', () => new RedisCounters(redisUrl, `rl-test-${process.pid}-${Date.now()}`)]] as [
        string,
        () => CounterStore,
      ][])
    : []),
];
if (!redisUrl) it.skip('Redis counters (set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379/15)', () => {});

describe.each(stores)('rate limits in the %s', (_name, make) => {
  let store: CounterStore;
  // Half a minute into a window, a day ahead of the real clock: Redis expires a key at an absolute time
  // (PEXPIREAT), so the windows of the test must never lie in the past of the machine running it.
  let now = Math.floor(Date.now() / 60_000) * 60_000 + 86_400_000 + 30_000;
  beforeAll(() => {
    store = make();
  });
  afterAll(() => store.close());
  const limiter = () => new RateLimiter(store, () => now);
  const limit = { bucket: `test-${Math.random().toString(36).slice(2)}`, max: 3, windowSeconds: 60 };

  it('refuses the hit after the maximum with 429 and the seconds left in the window', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.hit(limit, 'a@example.fr');
    const err = await l.hit(limit, 'a@example.fr').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('ERR_API_1028');
    expect((err as AppError).retryAfterSeconds).toBe(30);
    // Another key has its own count.
    await l.hit(limit, 'b@example.fr');
  });

  it('starts a new count in the next window, and forgets a key on reset', async () => {
    now += 60_000;
    const l = limiter();
    await l.hit(limit, 'a@example.fr');
    await l.check(limit, 'a@example.fr');
    await l.record(limit, 'a@example.fr');
    await l.record(limit, 'a@example.fr');
    await expect(l.check(limit, 'a@example.fr')).rejects.toMatchObject({ code: 'ERR_API_1028' });
    await l.reset(limit, 'a@example.fr');
    await l.check(limit, 'a@example.fr');
  });

  it('reserves at most the maximum of simultaneous attempts, and gives a place back once', async () => {
    now += 60_000;
    const l = limiter();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => l.reserve(limit, 'burst@example.fr')));
    const taken = results
      .filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<RateLimiter['reserve']>>> => r.status === 'fulfilled')
      .map((r) => r.value);
    expect(taken).toHaveLength(3);
    expect(taken.filter((r) => r.full)).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      Array(17).fill('ERR_API_1028'),
    );
    // Refused attempts counted too: the window is over its maximum until places are given back below it.
    await l.reset(limit, 'burst@example.fr');
    const a = await l.reserve(limit, 'burst@example.fr');
    const b = await l.reserve(limit, 'burst@example.fr');
    await a.release();
    await a.release();
    expect((await l.reserve(limit, 'burst@example.fr')).hits).toBe(2);
    await l.reserve(limit, 'burst@example.fr');
    await expect(l.reserve(limit, 'burst@example.fr')).rejects.toMatchObject({ code: 'ERR_API_1028' });
    // A count cleared meanwhile stays cleared: a late give-back never goes below zero.
    await l.reset(limit, 'burst@example.fr');
    await b.release();
    expect((await l.reserve(limit, 'burst@example.fr')).hits).toBe(1);
  });

  it('accepts a single-use key once, whatever the window', async () => {
    const l = limiter();
    const until = new Date(now + 300_000);
    expect(await l.once(limit.bucket, 'jti-1', until)).toBe(true);
    now += 120_000;
    expect(await l.once(limit.bucket, 'jti-1', until)).toBe(false);
    expect(await l.once(limit.bucket, 'jti-2', until)).toBe(true);
  });
});

it('keeps only digests of the keys in the database', async () => {
  const l = new RateLimiter(t.database.db);
  await l.hit({ bucket: 'digest-test', max: 5, windowSeconds: 60 }, 'secret.address@example.fr');
  const rows = await t.database.db
    .selectFrom('rate_limit_hits')
    .select('key_hash')
    .where('bucket', '=', 'digest-test')
    .execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]!.key_hash).not.toContain('example');
  expect(rows[0]!.key_hash).toBe(RateLimiter.digest('secret.address@example.fr'));
});
