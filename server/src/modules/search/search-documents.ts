import { GROW, Lists, Vocabulary } from './vocabulary.ts';

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

/** The slots of each lexeme (see `SearchDocuments.postings`). */
export interface Postings {
  /** 32-bit words of a bitset over the slots. */
  words: number;
  /** By lexeme id: its bitset, or null when its slots are listed in `slots` from `offsets[id]` to `offsets[id + 1]`. */
  bits: (Uint32Array | null)[];
  offsets: Int32Array;
  slots: Int32Array;
}

/** The slots whose name starts with a query's text, by their place in the name order (`nameTiers`). */
export interface NameTiers {
  /** Those slots, in name order: the names equal to the text first. */
  slots: Int32Array;
  from: number;
  exactTo: number;
  to: number;
  /** Each slot's place in the name order. */
  pos: Int32Array;
}

/**
 * A slot's name tier for a query: 3 its name equals the text, 1 starts with it, 0 neither — the relevance
 * `matchingRows` computes in SQL (equal 2, plus starting with it 1).
 */
export function tierOf(t: NameTiers, slot: number): number {
  const p = t.pos[slot] as number;
  return p < t.from || p >= t.to ? 0 : p < t.exactTo ? 3 : 1;
}

/**
 * The listed search documents of one house in one language, as columns (a slot per document): lexemes and
 * grams as ids into sorted vocabularies, lower-cased names and searchable texts, merchandising rank and product
 * number, with the rank and name orders and the lexemes' postings built on first use. Kept up to date from
 * `search_documents` rows; the queries over them are `PrefixIndex`'s.
 */
export class SearchDocuments {
  /** The database snapshot the rows are as of (`pg_current_snapshot()` text). */
  snapshot: string;
  protected size = 0;
  protected capacity = 0;
  protected readonly slotOf = new Map<string, number>();
  protected readonly free: number[] = [];
  protected pids: (string | null)[] = [];
  protected names: string[] = [];
  protected texts: (string | null)[] = [];
  protected nums = new Int32Array(0);
  protected rank = new Float64Array(0);
  protected live = new Uint8Array(0);
  protected readonly lexemes = new Lists();
  protected readonly gramLists = new Lists();
  protected readonly vocabulary = new Vocabulary();
  protected readonly gramIds = new Vocabulary();
  /** Live slots in rank order, and by name: built on first use, dropped when a document enters, leaves or changes them. */
  protected byRank: Int32Array | null = null;
  protected byName: Int32Array | null = null;
  protected posted: Postings | null = null;
  /** Each live slot's place in the name order (-1 for a free slot): built with it (`nameOrder`). */
  protected namePos = new Int32Array(0);
  /** Changes whenever a slot is given to another product or freed: the listing index reads matches by slot. */
  layoutVersion = 0;

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

  /** The slots in use so far (`SlotLayout`): every slot below is a document's or free. */
  get slotCount(): number {
    return this.size;
  }

  /** The product number in `slot`, −1 when it is free (`SlotLayout`). */
  numAt(slot: number): number {
    return this.live[slot] === 1 ? (this.nums[slot] as number) : -1;
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
    this.namePos = new Int32Array(cap);
    this.byName = null;
    this.lexemes.grow(cap);
    this.gramLists.grow(cap);
    this.capacity = cap;
  }

  private put(row: DocRow): void {
    let slot = this.slotOf.get(row.pid);
    const fresh = slot === undefined;
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
    if (fresh || this.nums[slot] !== row.num) this.layoutVersion++;
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
    this.layoutVersion++;
    this.lexemes.clear(slot);
    this.posted = null;
    this.gramLists.clear(slot);
    this.free.push(slot);
    this.byRank = null;
    this.byName = null;
  }

  protected rankOrder(): Int32Array {
    if (this.byRank) return this.byRank;
    const out = this.liveSlots();
    const rank = this.rank;
    out.sort((a, b) => (rank[a] as number) - (rank[b] as number));
    this.byRank = out;
    return out;
  }

  protected nameOrder(): Int32Array {
    if (this.byName) return this.byName;
    const out = this.liveSlots();
    const names = this.names;
    out.sort((a, b) => {
      const x = names[a] as string;
      const y = names[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    this.namePos.fill(-1);
    for (let i = 0; i < out.length; i++) this.namePos[out[i] as number] = i;
    this.byName = out;
    return out;
  }

  protected liveSlots(): Int32Array {
    const out = new Int32Array(this.slotOf.size);
    let n = 0;
    for (let i = 0; i < this.size; i++) if (this.live[i] === 1) out[n++] = i;
    return out;
  }

  /**
   * The names starting with `text`, as places in the name order: [from, to), the names equal to it first, in
   * [from, exactTo). A slot's tier (`tierOf`) is then read from its place, with nothing written per query.
   */
  protected nameTiers(text: string): NameTiers {
    const [from, to] = this.nameRange(text);
    const order = this.nameOrder();
    const names = this.names;
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (names[order[mid] as number] === text) lo = mid + 1;
      else hi = mid;
    }
    return { slots: order.subarray(from, to), from, exactTo: lo, to, pos: this.namePos };
  }

  /** The positions in the name order of the names starting with `text`: [from, to). */
  protected nameRange(text: string): [number, number] {
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
  protected postings(): Postings {
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
