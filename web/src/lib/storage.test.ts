import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, getStored, isStorageAvailable, removeStored, setStored } from './storage';
import { MemoryStorage } from './testing/memory-storage';

afterEach(() => vi.unstubAllGlobals());

describe('storage with expiry in days', () => {
  it('stores and reads JSON values in both areas', () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    expect(setStored('local', 'a', { x: 1 })).toBe(true);
    expect(getStored('local', 'a')).toEqual({ x: 1 });
    setStored('session', 'b', 'FR');
    expect(getStored('session', 'b')).toBe('FR');
    expect(getStored('local', 'b')).toBeUndefined();
    removeStored('session', 'b');
    expect(getStored('session', 'b')).toBeUndefined();
  });

  it('expires after whole days of 86,400,000 ms and removes the stale entry', () => {
    const local = new MemoryStorage();
    vi.stubGlobal('localStorage', local);
    const t0 = Date.UTC(2026, 0, 1);
    setStored('local', 'k', 'v', { expiresInDays: 2.9, now: t0 });
    expect(getStored('local', 'k', t0 + 2 * DAY_MS - 1)).toBe('v');
    expect(getStored('local', 'k', t0 + 2 * DAY_MS)).toBeUndefined();
    expect(local.getItem('k')).toBeNull();
  });

  it('is safe when storage is missing, throwing or full, and on foreign values', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(isStorageAvailable('local')).toBe(false);
    expect(setStored('local', 'k', 1)).toBe(false);
    expect(getStored('local', 'k')).toBeUndefined();
    expect(() => removeStored('local', 'k')).not.toThrow();

    const broken = new MemoryStorage();
    broken.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    vi.stubGlobal('localStorage', broken);
    expect(isStorageAvailable('local')).toBe(false);
    expect(setStored('local', 'k', 1)).toBe(false);

    const foreign = new MemoryStorage();
    foreign.map.set('k', 'not json');
    foreign.map.set('j', '42');
    vi.stubGlobal('localStorage', foreign);
    expect(getStored('local', 'k')).toBeUndefined();
    expect(getStored('local', 'j')).toBeUndefined();
  });
});
