/**
 * A small in-process cache for public, session-independent answers (page data, listings, rendered
 * pages): entries live `ttlMs`, the oldest are dropped beyond `maxEntries`. Concurrent misses for one
 * key share a single computation. With ttlMs = 0 nothing is cached.
 * Each instance caches on its own; what empties a cache (a bust, a content publication) reaches every
 * instance through the invalidation bus (`invalidation-bus.ts`), so the TTL only bounds changes nobody announced.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();
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
    this.entries.set(key, { value, expires: now + this.ttlMs });
    // A failure is not remembered.
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
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
