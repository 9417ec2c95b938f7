/** How much a full array grows. */
export const GROW = 1.5;

/** Strings as dense ids, with the ids in the strings' order (UTF-16 code units) for prefix ranges. */
export class Vocabulary {
  private readonly ids = new Map<string, number>();
  readonly words: string[] = [];
  /** Ids sorted by word; kept sorted as words arrive (a binary search and a shift), or sorted once after a bulk of them. */
  private sorted = new Int32Array(64);
  /** Words are arriving in bulk (a load, a large catch-up): `sorted` is rebuilt by `endBulk`. */
  private bulk = false;

  beginBulk(): void {
    this.bulk = true;
  }

  endBulk(): void {
    if (!this.bulk) return;
    this.bulk = false;
    const words = this.words;
    const ids = Int32Array.from(words.keys());
    ids.sort((a, b) => {
      const x = words[a] as string;
      const y = words[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    this.sorted = new Int32Array(Math.ceil(ids.length * GROW) + 64);
    this.sorted.set(ids);
  }

  get size(): number {
    return this.words.length;
  }

  id(word: string): number {
    let i = this.ids.get(word);
    if (i !== undefined) return i;
    i = this.words.length;
    this.ids.set(word, i);
    this.words.push(word);
    if (this.bulk) return i;
    if (this.sorted.length < this.words.length) {
      const grown = new Int32Array(Math.ceil(this.sorted.length * GROW) + 64);
      grown.set(this.sorted);
      this.sorted = grown;
    }
    const at = this.lowerBound(word, i);
    this.sorted.copyWithin(at + 1, at, i);
    this.sorted[at] = i;
    return i;
  }

  find(word: string): number | undefined {
    return this.ids.get(word);
  }

  /** First position (of the first `n` sorted) whose word is not below `word`. */
  private lowerBound(word: string, n = this.words.length): number {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.words[this.sorted[mid] as number] as string) < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Calls `f` with the id of every word starting with `prefix`. */
  eachWithPrefix(prefix: string, f: (id: number) => void): void {
    const n = this.words.length;
    for (let at = this.lowerBound(prefix); at < n; at++) {
      const id = this.sorted[at] as number;
      if (!(this.words[id] as string).startsWith(prefix)) return;
      f(id);
    }
  }

  /** Approximate bytes held: the strings (2 bytes a code unit plus a header), the map and the sorted ids. */
  bytes(): number {
    let b = this.sorted.byteLength;
    for (const w of this.words) b += 2 * w.length + 16 + 40;
    return b;
  }
}

/** Lists of small integers per slot in one growing pool; replaced lists are garbage until a compaction. */
export class Lists {
  start = new Int32Array(0);
  count = new Int32Array(0);
  pool = new Int32Array(1024);
  used = 0;
  garbage = 0;

  grow(capacity: number): void {
    const widen = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    this.start = widen(this.start);
    this.count = widen(this.count);
  }

  set(slot: number, ids: readonly number[], liveSlots: number): void {
    this.garbage += this.count[slot] as number;
    if (this.used + ids.length > this.pool.length) {
      if (this.garbage * 2 > this.used) this.compact(slot, liveSlots);
      if (this.used + ids.length > this.pool.length) {
        const grown = new Int32Array(Math.max(Math.ceil(this.pool.length * GROW), this.used + ids.length));
        grown.set(this.pool.subarray(0, this.used));
        this.pool = grown;
      }
    }
    this.start[slot] = this.used;
    this.count[slot] = ids.length;
    for (const id of ids) this.pool[this.used++] = id;
  }

  clear(slot: number): void {
    this.garbage += this.count[slot] as number;
    this.count[slot] = 0;
  }

  /** Copies the live lists (all slots below `liveSlots` but `skip`) into a fresh pool. */
  private compact(skip: number, liveSlots: number): void {
    const pool = new Int32Array(Math.max(1024, this.used - this.garbage + 1024));
    let used = 0;
    for (let s = 0; s < liveSlots; s++) {
      if (s === skip) continue;
      const n = this.count[s] as number;
      const from = this.start[s] as number;
      pool.set(this.pool.subarray(from, from + n), used);
      this.start[s] = used;
      used += n;
    }
    this.pool = pool;
    this.used = used;
    this.garbage = 0;
  }

  bytes(): number {
    return this.start.byteLength + this.count.byteLength + this.pool.byteLength;
  }
}
