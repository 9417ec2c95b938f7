import { firstInOrder, type MatchSet } from '../catalog/index.ts';

/** One `search_documents` row as the prefix index reads it; `listed` false or another house: forget it. */
export interface DocRow {
  pid: string;
  num: number;
  brand: string;
  listed: boolean;
  rank: number;
  name_lc: string;
  /** Only for the languages matched by substring (`UNSEGMENTED_LANGUAGES`); null elsewhere. */
  text_lc: string | null;
  /** The document's lexemes (`tsvector_to_array(doc)`). */
  lexemes: string[];
  /** Its character grams (Japanese, Korean, Chinese; empty elsewhere). */
  grams: string[];
}

/**
 * A query as the index evaluates it: what `textMatch` in the repository asks of a document, with the words
 * already read by PostgreSQL's text search (`to_tsquery`), so the stemming and stop words are the database's.
 */
export interface IndexQuery {
  /** Lower-cased query (`MatchPlan.text`): names equal to it, then starting with it, come first. */
  text: string;
  /** Whether the words take part (`prefixQuery` non-empty, and not only CJK words in a CJK language). */
  words: boolean;
  /** Prefixes of which every one must start a lexeme of the document: the language's reading; [] matches nothing. */
  stemmed: string[];
  /** The same as typed (`simple`); [] matches nothing. */
  typed: string[];
  /** Substrings that must all occur in `text_lc`, with the grams the document must hold; [] when not used. */
  substrings: string[];
  grams: string[];
}

/** Whether the product numbered `num` is sold in the market (the listing index's answer). */
export type Sold = (num: number) => boolean;

/** Most prefixes a query may hold per reading (a bit each in a 32-bit mask: 16 read, 16 typed). */
export const MAX_QUERY_TERMS = 16;

const GROW = 1.5;
/** Names starting with the query above which autocomplete walks the rank order for them instead of ranking them all. */
const LARGE_NAME_RANGE = 512;

/** The slots of each lexeme (see `PrefixIndex.postings`). */
interface Postings {
  /** 32-bit words of a bitset over the slots. */
  words: number;
  /** By lexeme id: its bitset, or null when its slots are listed in `slots` from `offsets[id]` to `offsets[id + 1]`. */
  bits: (Uint32Array | null)[];
  offsets: Int32Array;
  slots: Int32Array;
}

/** Strings as dense ids, with the ids in the strings' order (UTF-16 code units) for prefix ranges. */
class Vocabulary {
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
class Lists {
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

/**
 * The listed search documents of one house in one language, in memory: each document's lexemes (and, for
 * Japanese, Korean and Chinese, its character grams and searchable text) as ids into a sorted vocabulary, its
 * lower-cased name, merchandising rank and product number. It answers what the SQL of `repository.ts` answers
 * over `search_documents` — autocomplete's page and count (`autocomplete`), a results page's match set with
 * relevance (`matchingRows`), whether anything matches (`anyMatch`) — by a walk in rank order that stops as
 * soon as the answer is known. A word prefix is a range of the sorted vocabulary: every lexeme in it gets the
 * word's bit in a mask, and a document matches when the masks of its lexemes cover every word. The rows come
 * from the database and are brought up to date before every use (`SearchService`): an index of the table, not
 * a copy of answers. Typos (trigram similarity) stay with PostgreSQL.
 */
export class PrefixIndex {
  /** The database snapshot the rows are as of (`pg_current_snapshot()` text). */
  snapshot: string;
  private size = 0;
  private capacity = 0;
  private readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private pids: (string | null)[] = [];
  private names: string[] = [];
  private texts: (string | null)[] = [];
  private nums = new Int32Array(0);
  private rank = new Float64Array(0);
  private live = new Uint8Array(0);
  private readonly lexemes = new Lists();
  private readonly gramLists = new Lists();
  private readonly vocabulary = new Vocabulary();
  private readonly gramIds = new Vocabulary();
  /** Live slots in rank order, and by name: built on first use, dropped when a document enters, leaves or changes them. */
  private byRank: Int32Array | null = null;
  private byName: Int32Array | null = null;
  private posted: Postings | null = null;
  /** Scratch flag per slot: its name starts with the query (1) or equals it (3). */
  private nameFlags = new Uint8Array(0);

  constructor(
    readonly brand: string,
    readonly language: string,
    snapshot: string,
    rows: readonly DocRow[],
  ) {
    this.snapshot = snapshot;
    this.grow(rows.length);
    this.bulk(() => {
      for (const row of rows) this.put(row);
    }, true);
  }

  /** Runs `f` with the vocabularies taking words in bulk (sorted once at the end) when `many`. */
  private bulk(f: () => void, many: boolean): void {
    if (!many) return f();
    this.vocabulary.beginBulk();
    this.gramIds.beginBulk();
    try {
      f();
    } finally {
      this.vocabulary.endBulk();
      this.gramIds.endBulk();
    }
  }

  /** Number of documents indexed. */
  get count(): number {
    return this.slotOf.size;
  }

  /** The changes the database reported since `snapshot`, which the index is then as of. */
  apply(snapshot: string, rows: readonly DocRow[], removed: readonly string[]): void {
    for (const pid of removed) this.drop(pid);
    // A few documents: each new word inserted in order; an import's thousands: one sort after.
    this.bulk(() => {
      for (const row of rows) {
        if (row.listed && row.brand === this.brand) this.put(row);
        else this.drop(row.pid);
      }
    }, rows.length > 256);
    this.snapshot = snapshot;
  }

  private grow(min: number): void {
    if (min <= this.capacity) return;
    const cap = Math.max(min, Math.ceil(this.capacity * GROW), 64);
    const nums = new Int32Array(cap);
    nums.set(this.nums);
    this.nums = nums;
    const rank = new Float64Array(cap);
    rank.set(this.rank);
    this.rank = rank;
    const live = new Uint8Array(cap);
    live.set(this.live);
    this.live = live;
    this.nameFlags = new Uint8Array(cap);
    this.lexemes.grow(cap);
    this.gramLists.grow(cap);
    this.capacity = cap;
  }

  private put(row: DocRow): void {
    let slot = this.slotOf.get(row.pid);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.size++;
      this.grow(slot + 1);
      this.slotOf.set(row.pid, slot);
      this.pids[slot] = row.pid;
      this.live[slot] = 1;
      this.byRank = null;
      this.byName = null;
    } else {
      if (this.rank[slot] !== row.rank) this.byRank = null;
      if (this.names[slot] !== row.name_lc) this.byName = null;
    }
    this.nums[slot] = row.num;
    this.rank[slot] = row.rank;
    this.names[slot] = row.name_lc;
    this.texts[slot] = row.text_lc;
    this.lexemes.set(
      slot,
      [...new Set(row.lexemes)].map((w) => this.vocabulary.id(w)),
      this.size,
    );
    this.posted = null;
    this.gramLists.set(
      slot,
      row.grams.map((g) => this.gramIds.id(g)),
      this.size,
    );
  }

  private drop(pid: string): void {
    const slot = this.slotOf.get(pid);
    if (slot === undefined) return;
    this.slotOf.delete(pid);
    this.pids[slot] = null;
    this.names[slot] = '';
    this.texts[slot] = null;
    this.live[slot] = 0;
    this.lexemes.clear(slot);
    this.posted = null;
    this.gramLists.clear(slot);
    this.free.push(slot);
    this.byRank = null;
    this.byName = null;
  }

  private rankOrder(): Int32Array {
    if (this.byRank) return this.byRank;
    const out = this.liveSlots();
    const rank = this.rank;
    out.sort((a, b) => (rank[a] as number) - (rank[b] as number));
    this.byRank = out;
    return out;
  }

  private nameOrder(): Int32Array {
    if (this.byName) return this.byName;
    const out = this.liveSlots();
    const names = this.names;
    out.sort((a, b) => {
      const x = names[a] as string;
      const y = names[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    this.byName = out;
    return out;
  }

  private liveSlots(): Int32Array {
    const out = new Int32Array(this.slotOf.size);
    let n = 0;
    for (let i = 0; i < this.size; i++) if (this.live[i] === 1) out[n++] = i;
    return out;
  }

  /** The positions in the name order of the names starting with `text`: [from, to). */
  private nameRange(text: string): [number, number] {
    const order = this.nameOrder();
    const names = this.names;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((names[order[mid] as number] as string) < text) lo = mid + 1;
      else hi = mid;
    }
    // Names starting with `text` follow it; the first that does not ends the range.
    const from = lo;
    hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((names[order[mid] as number] as string).startsWith(text)) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }

  /**
   * The documents of each lexeme (`postings`): a bitset over the slots for a lexeme more than one document in
   * 32 holds (cheaper then than a list), else the sorted list of its slots. Built on first use from the
   * documents' lexemes, dropped when a document enters, leaves or changes.
   */
  private postings(): Postings {
    if (this.posted) return this.posted;
    const nLex = this.vocabulary.size;
    const counts = new Int32Array(nLex);
    const { pool, start, count } = this.lexemes;
    for (let s = 0; s < this.size; s++) {
      if (this.live[s] === 0) continue;
      const from = start[s] as number;
      for (let i = from; i < from + (count[s] as number); i++) {
        const id = pool[i] as number;
        counts[id] = (counts[id] as number) + 1;
      }
    }
    const words = (this.size + 31) >>> 5;
    const dense = Math.max(1, this.size >>> 5);
    const bits: (Uint32Array | null)[] = new Array(nLex).fill(null);
    const offsets = new Int32Array(nLex + 1);
    for (let id = 0; id < nLex; id++) {
      const c = counts[id] as number;
      if (c > dense) bits[id] = new Uint32Array(words);
      offsets[id + 1] = (offsets[id] as number) + (c > dense ? 0 : c);
    }
    const slots = new Int32Array(offsets[nLex] as number);
    const fill = offsets.slice(0, nLex);
    for (let s = 0; s < this.size; s++) {
      if (this.live[s] === 0) continue;
      const from = start[s] as number;
      for (let i = from; i < from + (count[s] as number); i++) {
        const id = pool[i] as number;
        const b = bits[id];
        if (b) b[s >>> 5] = ((b[s >>> 5] as number) | (1 << (s & 31))) >>> 0;
        else {
          const at = fill[id] as number;
          slots[at] = s;
          fill[id] = at + 1;
        }
      }
    }
    this.posted = { words, bits, offsets, slots };
    return this.posted;
  }

  /** The slots holding a lexeme that starts with `prefix`, as a bitset. */
  private termBits(p: Postings, prefix: string): Uint32Array {
    const out = new Uint32Array(p.words);
    this.vocabulary.eachWithPrefix(prefix, (id) => {
      const b = p.bits[id];
      if (b) {
        for (let i = 0; i < out.length; i++) out[i] = ((out[i] as number) | (b[i] as number)) >>> 0;
        return;
      }
      for (let j = p.offsets[id] as number; j < (p.offsets[id + 1] as number); j++) {
        const s = p.slots[j] as number;
        out[s >>> 5] = ((out[s >>> 5] as number) | (1 << (s & 31))) >>> 0;
      }
    });
    return out;
  }

  /** The slots holding, for every prefix, a lexeme starting with it; null for no prefix (matches nothing). */
  private allTerms(p: Postings, prefixes: readonly string[]): Uint32Array | null {
    let acc: Uint32Array | null = null;
    for (const prefix of prefixes) {
      const b = this.termBits(p, prefix);
      if (acc === null) acc = b;
      else for (let i = 0; i < acc.length; i++) acc[i] = ((acc[i] as number) & (b[i] as number)) >>> 0;
    }
    return acc;
  }

  /**
   * Runs `f` with a predicate telling whether a slot matches the query's words or substrings (not its name:
   * the callers flag names themselves) and whether any slot may: the words as a bitset of the slots (every
   * prefix's lexemes' postings, intersected, for the stemmed and the typed reading, then united), the
   * substrings checked document by document.
   */
  private withMatcher<T>(q: IndexQuery, f: (other: (slot: number) => boolean, any: boolean) => T): T {
    if (q.stemmed.length > MAX_QUERY_TERMS || q.typed.length > MAX_QUERY_TERMS)
      throw new Error('prefix index: too many terms');
    let words: Uint32Array | null = null;
    if (q.words) {
      const p = this.postings();
      const a = this.allTerms(p, q.stemmed);
      const b = this.allTerms(p, q.typed);
      words = a ?? b;
      if (a && b) for (let i = 0; i < a.length; i++) a[i] = ((a[i] as number) | (b[i] as number)) >>> 0;
    }
    let anyWord = false;
    if (words) for (let i = 0; i < words.length && !anyWord; i++) anyWord = words[i] !== 0;
    // Grams the query needs: one no document has means the substrings match nothing.
    const gramIds: number[] = [];
    let bySubstring = q.substrings.length > 0;
    for (const g of q.grams) {
      const id = this.gramIds.find(g);
      if (id === undefined) bySubstring = false;
      else gramIds.push(id);
    }
    const gl = this.gramLists;
    const texts = this.texts;
    const bitsOf = anyWord ? words : null;
    const other = (slot: number): boolean => {
      if (bitsOf !== null && (((bitsOf[slot >>> 5] as number) >>> (slot & 31)) & 1) === 1) return true;
      if (bySubstring) {
        const from = gl.start[slot] as number;
        const to = from + (gl.count[slot] as number);
        for (const g of gramIds) {
          let has = false;
          for (let i = from; i < to; i++) {
            if (gl.pool[i] === g) {
              has = true;
              break;
            }
          }
          if (!has) return false;
        }
        const text = texts[slot] ?? '';
        for (const s of q.substrings) if (!text.includes(s)) return false;
        return true;
      }
      return false;
    };
    return f(other, anyWord || bySubstring);
  }

  /** Flags (`nameFlags`) the slots whose name starts with the text (1) or equals it (3); answers them. */
  private flagNames(text: string): Int32Array {
    const [from, to] = this.nameRange(text);
    const slots = this.nameOrder().subarray(from, to);
    for (const s of slots) this.nameFlags[s] = this.names[s] === text ? 3 : 1;
    return slots;
  }

  private unflag(slots: Int32Array): void {
    for (const s of slots) this.nameFlags[s] = 0;
  }

  /**
   * One page of autocomplete hits and their count up to `cap` (`autocomplete` in the repository): exact
   * names, then names starting with the query, then the other matches, each in merchandising order, among
   * the products sold in the market.
   */
  autocomplete(
    q: IndexQuery,
    limit: number,
    offset: number,
    cap: number,
    sold: Sold,
  ): { pids: string[]; total: number; exact: boolean } {
    const k = offset + limit;
    const named = this.flagNames(q.text);
    try {
      const { nums, rank } = this;
      // The name tiers: every named product is a match. Exact names first, then by rank.
      const flags = this.nameFlags;
      let n = 0;
      let page: number[];
      if (named.length <= LARGE_NAME_RANGE) {
        const candidates: number[] = [];
        for (const s of named) if (sold(nums[s] as number)) candidates.push(s);
        n = candidates.length;
        const tier = (s: number) => (flags[s] === 3 ? 0 : 1);
        page = firstInOrder(n, k, (a, b) => {
          const x = candidates[a] as number;
          const y = candidates[b] as number;
          return tier(x) - tier(y) || (rank[x] as number) - (rank[y] as number);
        }).map((i) => candidates[i] as number);
      } else {
        // A common prefix ("s": thousands of names): the exact names lead the range (equal names sort
        // first); the others come from a walk in rank order, which meets them often and stops after the
        // page; the count stops past the cap.
        const exact: number[] = [];
        for (const s of named) {
          if (flags[s] !== 3) break;
          if (sold(nums[s] as number)) exact.push(s);
        }
        exact.sort((a, b) => (rank[a] as number) - (rank[b] as number));
        for (const s of named) {
          if (sold(nums[s] as number) && ++n > cap) break;
        }
        page = exact.slice(0, k);
        if (page.length < k) {
          for (const s of this.rankOrder()) {
            if (flags[s] !== 1 || !sold(nums[s] as number)) continue;
            page.push(s);
            if (page.length === k) break;
          }
        }
      }
      // The others in rank order, until the page is full and the count passes the cap.
      const others: number[] = [];
      if (page.length < k || n <= cap) {
        this.withMatcher(q, (other, any) => {
          if (!any) return;
          for (const s of this.rankOrder()) {
            if (flags[s] !== 0 || !other(s) || !sold(nums[s] as number)) continue;
            n++;
            if (page.length + others.length < k) others.push(s);
            else if (n > cap) break;
          }
        });
      }
      const pids = [...page, ...others].slice(offset, k).map((s) => this.pids[s] as string);
      return { pids, total: Math.min(n, cap), exact: n <= cap };
    } finally {
      this.unflag(named);
    }
  }

  /** Every match with its relevance (exact name 2, name starting with the query 1, else 0): `matchingRows`. */
  matchSet(q: IndexQuery): MatchSet {
    const named = this.flagNames(q.text);
    try {
      const nums: number[] = [];
      const relevance: number[] = [];
      this.withMatcher(q, (other, any) => {
        const flags = this.nameFlags;
        for (let s = 0; s < this.size; s++) {
          if (this.live[s] === 0) continue;
          const f = flags[s] as number;
          if (f === 0 && (!any || !other(s))) continue;
          nums.push(this.nums[s] as number);
          relevance.push(f);
        }
      });
      return { nums: Int32Array.from(nums), relevance };
    } finally {
      this.unflag(named);
    }
  }

  /** Whether anything sold in the market matches (`anyMatch`). */
  anyMatch(q: IndexQuery, sold: Sold): boolean {
    const named = this.flagNames(q.text);
    try {
      for (const s of named) if (sold(this.nums[s] as number)) return true;
      return this.withMatcher(q, (other, any) => {
        if (!any) return false;
        for (let s = 0; s < this.size; s++)
          if (this.live[s] === 1 && other(s) && sold(this.nums[s] as number)) return true;
        return false;
      });
    } finally {
      this.unflag(named);
    }
  }

  /**
   * Approximate bytes the index holds: typed arrays, the lexeme and gram pools, the vocabularies, the names
   * and texts (2 bytes a UTF-16 code unit plus a header each), pids and the pid map.
   */
  bytes(): number {
    let strings = 0;
    for (let i = 0; i < this.size; i++) {
      strings +=
        2 * ((this.names[i]?.length ?? 0) + (this.texts[i]?.length ?? 0) + (this.pids[i]?.length ?? 0)) + 3 * 16;
    }
    const slots = this.capacity * (4 + 8 + 1 + 1) + (this.byRank?.byteLength ?? 0) + (this.byName?.byteLength ?? 0);
    return (
      strings +
      slots +
      this.slotOf.size * 40 +
      this.lexemes.bytes() +
      this.gramLists.bytes() +
      this.vocabulary.bytes() +
      this.gramIds.bytes() +
      this.postingBytes()
    );
  }

  private postingBytes(): number {
    const p = this.posted;
    if (!p) return 0;
    let b = p.offsets.byteLength + p.slots.byteLength + p.bits.length * 8;
    for (const x of p.bits) if (x) b += x.byteLength + 48;
    return b;
  }

  /** Distinct lexemes known (they stay until the index is loaded afresh). */
  get vocabularySize(): number {
    return this.vocabulary.size;
  }
}
