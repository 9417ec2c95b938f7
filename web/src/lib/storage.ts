// localStorage / sessionStorage values with an optional expiry in whole days (spec §4, §9:
// one day = 86,400,000 ms). Every call is safe when storage is unavailable (server rendering,
// private mode, quota exceeded, disabled cookies): reads give undefined, writes are dropped.

export const DAY_MS = 86_400_000;

export type StorageKind = 'local' | 'session';

interface Stored<T> {
  v: T;
  /** Expiry as epoch ms; absent = never. */
  e?: number;
}

export interface StorageOptions {
  /** Whole days until the value expires (fractions are truncated; 0 or absent = no expiry). */
  expiresInDays?: number;
  /** Clock for tests. */
  now?: number;
}

function area(kind: StorageKind): Storage | undefined {
  try {
    const s = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return s ?? undefined;
  } catch {
    return undefined; // SecurityError when storage is blocked
  }
}

/** True when the storage area can be written and read back. */
export function isStorageAvailable(kind: StorageKind): boolean {
  const s = area(kind);
  if (!s) return false;
  try {
    const probe = '__sf_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

export function setStored<T>(kind: StorageKind, key: string, value: T, options: StorageOptions = {}): boolean {
  const s = area(kind);
  if (!s) return false;
  const days = Math.trunc(options.expiresInDays ?? 0);
  const record: Stored<T> = { v: value };
  if (days > 0) record.e = (options.now ?? Date.now()) + days * DAY_MS;
  try {
    s.setItem(key, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

/** The stored value, or undefined when absent, expired (then removed) or unreadable. */
export function getStored<T>(kind: StorageKind, key: string, now: number = Date.now()): T | undefined {
  const s = area(kind);
  if (!s) return undefined;
  let raw: string | null;
  try {
    raw = s.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    const record = JSON.parse(raw) as Stored<T> | null;
    if (!record || typeof record !== 'object' || !('v' in record)) return undefined;
    if (typeof record.e === 'number' && record.e <= now) {
      removeStored(kind, key);
      return undefined;
    }
    return record.v;
  } catch {
    return undefined;
  }
}

export function removeStored(kind: StorageKind, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // storage unavailable
  }
}
