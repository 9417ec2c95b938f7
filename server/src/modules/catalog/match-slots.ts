import type { MatchSet } from './match-set.ts';

/** Which product each slot of an index holds: what the search prefix index shows the listing index. */
export interface SlotLayout {
  /** Changes whenever a slot is given to another product or freed. */
  readonly layoutVersion: number;
  /** The slots in use so far: every slot below is numbered or free. */
  readonly slotCount: number;
  /** The product number in `slot`, −1 when it is free. */
  numAt(slot: number): number;
}

/**
 * A search's matches as slots of the index that found them (the search prefix index): a bitset, and the matches
 * with a relevance — names starting with the query; every other match has none.
 */
export interface SlotMatches {
  layout: SlotLayout;
  /** The layout's version when the bits were read: they name its slots as they were then. */
  version: number;
  bits: Uint32Array;
  leads: Int32Array;
  leadRelevance: Uint8Array;
}

/** A search's matches as the listing index takes them: product numbers (PostgreSQL's rows) or another index's slots. */
export type Matches = MatchSet | SlotMatches;

/** What of the listing index `MatchSlots` reads: each product number's slot, the live slots, their layout's version. */
export interface ListingSlots {
  slotByNum: Int32Array;
  live: Uint8Array;
  version: number;
  size: number;
}

/**
 * A search's matches as listing-index slots, in arrays used again by every search: `slots` holds them in the
 * order found, `relevance` each listing slot's relevance in this search (0 between searches). Another index's
 * slots are read through a table from its slots to the listing's, made when either index gives a slot to another
 * product (a product added, removed or renumbered) and kept otherwise: one sequential read per match, where a
 * product number per match cost a list made by the search and two reads into arrays as large as the catalogue.
 */
export class MatchSlots {
  slots = new Int32Array(0);
  relevance = new Float64Array(0);
  private readonly tables = new WeakMap<SlotLayout, { source: number; own: number; table: Int32Array }>();

  /**
   * Reads the live, listed matches into `slots`: how many, and whether any has a relevance (then `done` must
   * follow the search, to set `relevance` back).
   */
  read(m: Matches, own: ListingSlots): { n: number; anyRelevance: boolean } {
    const room = Math.max(own.size, 'nums' in m ? m.nums.length : 0);
    if (this.slots.length < room) {
      const size = Math.max(room, this.slots.length * 2);
      this.slots = new Int32Array(size);
      this.relevance = new Float64Array(size);
    }
    const { slots, relevance } = this;
    let n = 0;
    let anyRelevance = false;
    if ('nums' in m) {
      const { slotByNum, live } = own;
      for (let k = 0; k < m.nums.length; k++) {
        const num = m.nums[k] as number;
        const i = num < slotByNum.length ? (slotByNum[num] as number) : -1;
        if (i < 0 || live[i] === 0) continue;
        slots[n++] = i;
        const r = m.relevance[k] as number;
        if (r !== 0) {
          relevance[i] = r;
          anyRelevance = true;
        }
      }
      return { n, anyRelevance };
    }
    if (m.version !== m.layout.layoutVersion)
      throw new Error('match slots: the matches name the slots of an earlier layout');
    const table = this.table(m.layout, own);
    const words = Math.min(m.bits.length, table.length >>> 5);
    // The bits as signed 32-bit words: every step stays a small integer (an unsigned word above 2³¹ is a double).
    const bits = new Int32Array(m.bits.buffer, m.bits.byteOffset, words);
    for (let w = 0; w < words; w++) {
      for (let b = bits[w] as number, low = 0; b !== 0; b ^= low) {
        low = b & -b;
        const i = table[w * 32 + 31 - Math.clz32(low)] as number;
        if (i >= 0) slots[n++] = i;
      }
    }
    for (let j = 0; j < m.leads.length; j++) {
      const s = m.leads[j] as number;
      const i = s < table.length ? (table[s] as number) : -1;
      if (i < 0 || m.leadRelevance[j] === 0) continue;
      relevance[i] = m.leadRelevance[j] as number;
      anyRelevance = true;
    }
    return { n, anyRelevance };
  }

  /** Sets back the relevance the last `read` (of `n` slots) gave. */
  done(n: number): void {
    for (let k = 0; k < n; k++) this.relevance[this.slots[k] as number] = 0;
  }

  /** The listing slot of each of the layout's slots (−1: free, or not listed), made again when either layout changed. */
  private table(layout: SlotLayout, own: ListingSlots): Int32Array {
    const kept = this.tables.get(layout);
    if (kept && kept.source === layout.layoutVersion && kept.own === own.version) return kept.table;
    const { slotByNum, live } = own;
    // Whole words of slots: the last word's bits past the layout's slots read −1, not past the end.
    const table = new Int32Array(((layout.slotCount + 31) >>> 5) * 32).fill(-1);
    for (let s = 0; s < layout.slotCount; s++) {
      const num = layout.numAt(s);
      const i = num >= 0 && num < slotByNum.length ? (slotByNum[num] as number) : -1;
      table[s] = i >= 0 && live[i] === 1 ? i : -1;
    }
    this.tables.set(layout, { source: layout.layoutVersion, own: own.version, table });
    return table;
  }
}
