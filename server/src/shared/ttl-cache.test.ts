import { describe, expect, it, vi } from 'vitest';
import { cacheFigures, TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('computes once per key while fresh, again after expiry', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1000);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1]);
    expect(await cache.get('b', compute)).toBe(2);
    vi.advanceTimersByTime(1001);
    expect(await cache.get('a', compute)).toBe(3);
    vi.useRealTimers();
  });

  it('does not remember failures and stays bounded', async () => {
    const cache = new TtlCache<string>(60_000, 2);
    await expect(cache.get('x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    let recomputed = false;
    await cache.get('x', async () => {
      recomputed = true;
      return 'again';
    });
    expect(recomputed).toBe(true);
  });

  it('caches nothing with a zero TTL', async () => {
    const cache = new TtlCache<number>(0);
    let calls = 0;
    await cache.get('a', async () => ++calls);
    await cache.get('a', async () => ++calls);
    expect(calls).toBe(2);
  });

  it('counts hits and misses, and sums the named caches that are on', async () => {
    const name = `figures-${Math.random()}`;
    const a = new TtlCache<number>(60_000, 10, name);
    const b = new TtlCache<number>(60_000, 10, name);
    const off = new TtlCache<number>(0, 10, name);
    await a.get('k', async () => 1);
    await a.get('k', async () => 2);
    await Promise.all([b.get('x', async () => 3), b.get('x', async () => 4)]);
    await off.get('k', async () => 5);
    expect([a.hits, a.misses, b.hits, b.misses]).toEqual([1, 1, 1, 1]);
    expect(cacheFigures().find((f) => f.name === name)).toEqual({ name, hits: 2, misses: 2, entries: 2 });
    expect(cacheFigures().some((f) => f.name === undefined)).toBe(false);
  });
});
