import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANCHOR_MAX_RETRIES, hashTarget, scrollToHash, type AnchorScrollEnv } from './anchor-scroll';

function stubEnv(appearAfterMs: number | null, top = 900) {
  const start = Date.now();
  const scrollTo = vi.fn();
  const lookups: string[] = [];
  const env: AnchorScrollEnv = {
    getElementById: (id) => {
      lookups.push(id);
      return appearAfterMs !== null && Date.now() - start >= appearAfterMs
        ? { getBoundingClientRect: () => ({ top }) }
        : null;
    },
    scrollTo,
    scrollY: () => 100,
    headerHeight: () => 80,
    infoBannerHeight: () => 40,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  return { env, scrollTo, lookups };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('anchor scrolling (spec §2)', () => {
  it('scrolls at once when the element exists, minus header and info banner', () => {
    const { env, scrollTo } = stubEnv(0);
    const done = vi.fn();
    scrollToHash('#details', env, done);
    expect(scrollTo).toHaveBeenCalledWith({ top: 900 + 100 - 80 - 40, behavior: 'auto' });
    expect(done).toHaveBeenCalledWith(true);
  });

  it('retries every 100 ms until the element appears', () => {
    const { env, scrollTo, lookups } = stubEnv(350);
    scrollToHash('#late', env);
    vi.advanceTimersByTime(300);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(lookups).toHaveLength(4); // t = 0, 100, 200, 300
    vi.advanceTimersByTime(100);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('gives up after 100 retries', () => {
    const { env, scrollTo, lookups } = stubEnv(null);
    const done = vi.fn();
    scrollToHash('#never', env, done);
    vi.advanceTimersByTime(100 * 200);
    expect(lookups).toHaveLength(1 + ANCHOR_MAX_RETRIES);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(done).toHaveBeenCalledWith(false);
  });

  it('can be cancelled and ignores empty hashes; decodes ids', () => {
    const { env, lookups } = stubEnv(null);
    const cancel = scrollToHash('#x', env);
    vi.advanceTimersByTime(250);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(lookups).toHaveLength(3);
    expect(hashTarget('#')).toBeNull();
    expect(hashTarget('#caf%C3%A9')).toBe('café');
    const { env: env2, lookups: l2 } = stubEnv(null);
    scrollToHash('', env2);
    expect(l2).toHaveLength(0);
  });

  it('never scrolls above the top', () => {
    const { env, scrollTo } = stubEnv(0, -500);
    scrollToHash('#top', env);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
  });
});
