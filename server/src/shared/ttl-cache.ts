/**
 * A small in-process cache for public, session-independent answers (page data, listings, rendered
 * pages): entries live `ttlMs`, the oldest are dropped beyond `maxEntries`. Concurrent misses for one
 * key share a single computation. With ttlMs = 0 nothing is cached.
 * Each instance caches on its own; with several instances a CDN (the answers carry Cache-Control)
 * or a shared cache in front keeps them in step.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  async get(key: string, compute: () => Promise<V>): Promise<V> {
    if (!this.enabled) return compute();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
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
