/**
 * A small in-process cache for public, session-independent answers (page data, listings, rendered
 * pages): entries live `ttlMs`, the oldest are dropped beyond `maxEntries`. Concurrent misses for one
 * key share a single computation. With ttlMs = 0 nothing is cached.
 * Each instance caches on its own; what empties a cache (a bust, a content publication) reaches every
 * instance through the invalidation bus (`invalidation-bus.ts`), so the TTL only bounds changes nobody announced.
 */
/**
 * A hold on one cache entry, by the value it gave: `hit()` answers whether that entry is still the cache's fresh
 * entry for its key (not expired, not busted, not dropped beyond `maxEntries`, not replaced), counting a hit when
 * it is — the request it answers is one the cache would have answered. It never keeps the entry alive.
 */
export interface CacheHold {
  hit(): boolean;
  /**
   * The answer held is no cache's value (a search's results, valid while the catalogue stands): what keeps it
   * beside the hold (the ready answers) keeps its bytes too, within a bound of its own. A hold on a cache entry
   * leaves this unset: the bytes go with the entry.
   */
  readonly retains?: boolean;
}

type Entry<V> = { key: string; value: Promise<V>; expires: number };

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** The entry that gave each object value (held weakly: an entry dropped takes its value with it). */
  private readonly givenBy = new WeakMap<object, Entry<V>>();
  /** Answers from a fresh entry (or a computation already running for the key). */
  hits = 0;
  /** Answers that had to be computed. */
  misses = 0;
  /**
   * @param name - a named cache is counted in `GET /internal/metrics` (`storefront_cache_requests_total`).
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    readonly name?: string,
  ) {
    if (name) watch(this as TtlCache<unknown>);
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  async get(key: string, compute: () => Promise<V>): Promise<V> {
    if (!this.enabled) return compute();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      this.hits++;
      return hit.value;
    }
    this.misses++;
    if (hit) this.entries.delete(key);
    const value = compute();
    const entry: Entry<V> = { key, value, expires: now + this.ttlMs };
    this.entries.set(key, entry);
    value.then(
      (v) => {
        if (typeof v === 'object' && v !== null) this.givenBy.set(v, entry);
      },
      // A failure is not remembered.
      () => this.entries.delete(key),
    );
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  /**
   * A hold on the fresh entry that gave `value` (an object this cache answered), or undefined when no fresh entry
   * gave it (the cache is off, the value was computed elsewhere, the entry is gone). What is kept beside the cache
   * (the ready answers, shared/ready-answers.ts) lives as long as the entry, by the cache's own rules.
   */
  holdOn(value: unknown): CacheHold | undefined {
    if (!this.enabled || typeof value !== 'object' || value === null) return undefined;
    const found = this.givenBy.get(value);
    if (!found || !this.isFresh(found)) return undefined;
    const entry = new WeakRef(found);
    return {
      hit: () => {
        const e = entry.deref();
        if (!e || !this.isFresh(e)) return false;
        this.hits++;
        return true;
      },
    };
  }

  private isFresh(entry: Entry<V>): boolean {
    return this.entries.get(entry.key) === entry && entry.expires > Date.now();
  }

  clear(): void {
    this.entries.clear();
  }

  /** Number of entries held (fresh or not yet dropped). */
  get size(): number {
    return this.entries.size;
  }

  /** Removes the entries whose key matches; answers how many were removed (cache busting). */
  deleteWhere(matches: (key: string) => boolean): number {
    let removed = 0;
    for (const key of [...this.entries.keys()]) {
      if (matches(key)) {
        this.entries.delete(key);
        removed++;
      }
    }
    return removed;
  }
}

export interface CacheFigures {
  name: string;
  hits: number;
  misses: number;
  entries: number;
}

// The named caches alive in this process, held weakly: a cache that is no longer used (a closed app in
// the tests) disappears from the figures.
const named = new Set<WeakRef<TtlCache<unknown>>>();
const forget = new FinalizationRegistry<WeakRef<TtlCache<unknown>>>((ref) => named.delete(ref));
function watch(cache: TtlCache<unknown>): void {
  const ref = new WeakRef(cache);
  named.add(ref);
  forget.register(cache, ref);
}

/** Hits, misses and entries of the named caches that are on (TTL above 0), summed by name. */
export function cacheFigures(): CacheFigures[] {
  const byName = new Map<string, CacheFigures>();
  for (const ref of named) {
    const c = ref.deref();
    if (!c?.name || !c.enabled) continue;
    const f = byName.get(c.name) ?? { name: c.name, hits: 0, misses: 0, entries: 0 };
    f.hits += c.hits;
    f.misses += c.misses;
    f.entries += c.size;
    byName.set(c.name, f);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
