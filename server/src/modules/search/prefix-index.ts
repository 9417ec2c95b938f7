import { firstInOrder, type Matches } from '../catalog/index.ts';
import { SearchDocuments, tierOf, type Postings } from './search-documents.ts';

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
/** Names starting with the query above which autocomplete walks the rank order for them instead of ranking them all. */
const LARGE_NAME_RANGE = 512;

/** Calls `visit` with the index of each set bit of `bits`, lowest first, until it answers true; answers whether it did. */
function eachSetBit(bits: Uint32Array, visit: (bit: number) => boolean): boolean {
  for (let w = 0; w < bits.length; w++) {
    for (let b = bits[w] as number; b !== 0;) {
      const low = b & -b;
      b = (b ^ low) >>> 0;
      if (visit(w * 32 + 31 - Math.clz32(low))) return true;
    }
  }
  return false;
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
export class PrefixIndex extends SearchDocuments {
  /** The slots holding a lexeme that starts with `prefix`, as a bitset, written into `out` (all clear). */
  private termBits(p: Postings, prefix: string, out: Uint32Array): Uint32Array {
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
      if (acc === null) {
        acc = this.termBits(p, prefix, new Uint32Array(p.words));
        continue;
      }
      // The next prefixes' bits in a scratch set used again by every query (the first's are the answer).
      if (this.scratchBits.length !== p.words) this.scratchBits = new Uint32Array(p.words);
      const b = this.termBits(p, prefix, this.scratchBits.fill(0));
      for (let i = 0; i < acc.length; i++) acc[i] = ((acc[i] as number) & (b[i] as number)) >>> 0;
    }
    return acc;
  }

  private scratchBits = new Uint32Array(0);

  /**
   * Runs `f` with a predicate telling whether a slot matches the query's words or substrings (not its name:
   * the callers flag names themselves) and whether any slot may: the words as a bitset of the slots (every
   * prefix's lexemes' postings, intersected, for the stemmed and the typed reading, then united), the
   * substrings checked document by document. `words` is that bitset when the predicate is nothing else (no
   * substrings to check: null when no word matches), undefined otherwise.
   */
  private withMatcher<T>(
    q: IndexQuery,
    f: (other: (slot: number) => boolean, any: boolean, words: Uint32Array | null | undefined) => T,
  ): T {
    if (q.stemmed.length > MAX_QUERY_TERMS || q.typed.length > MAX_QUERY_TERMS)
      throw new Error('prefix index: too many terms');
    let words: Uint32Array | null = null;
    if (q.words) {
      const p = this.postings();
      const a = this.allTerms(p, q.stemmed);
      // Words the language reads as typed (most of them) give the same slots twice: once is enough.
      const same = q.typed.length === q.stemmed.length && q.typed.every((w, i) => w === q.stemmed[i]);
      const b = same ? null : this.allTerms(p, q.typed);
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
    return f(other, anyWord || bySubstring, bySubstring ? undefined : bitsOf);
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
    const tiers = this.nameTiers(q.text);
    const named = tiers.slots;
    const { nums, rank } = this;
    // The name tiers: every named product is a match. Exact names first, then by rank.
    let n = 0;
    let page: number[];
    if (named.length <= LARGE_NAME_RANGE) {
      const candidates: number[] = [];
      for (const s of named) if (sold(nums[s] as number)) candidates.push(s);
      n = candidates.length;
      const tier = (s: number) => (tierOf(tiers, s) === 3 ? 0 : 1);
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
      for (const s of named.subarray(0, tiers.exactTo - tiers.from)) if (sold(nums[s] as number)) exact.push(s);
      exact.sort((a, b) => (rank[a] as number) - (rank[b] as number));
      for (const s of named) {
        if (sold(nums[s] as number) && ++n > cap) break;
      }
      page = exact.slice(0, k);
      if (page.length < k) {
        for (const s of this.rankOrder()) {
          if (tierOf(tiers, s) !== 1 || !sold(nums[s] as number)) continue;
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
          if (tierOf(tiers, s) !== 0 || !other(s) || !sold(nums[s] as number)) continue;
          n++;
          if (page.length + others.length < k) others.push(s);
          else if (n > cap) break;
        }
      });
    }
    const pids = [...page, ...others].slice(offset, k).map((s) => this.pids[s] as string);
    return { pids, total: Math.min(n, cap), exact: n <= cap };
  }

  /**
   * Every match with its relevance (exact name 3, name starting with the query 1, else 0): `matchingRows`. When
   * the words decide alone, the matches are the named slots and the words' bits, answered as they are — a bitset
   * of this index's slots and the named slots with their relevance, which the listing index reads through its
   * table of this index's slots (`MatchSlots`), with no list of product numbers made per search; when substrings
   * must be checked (Japanese, Korean, Chinese), document by document, as product numbers.
   */
  matches(q: IndexQuery): Matches {
    const tiers = this.nameTiers(q.text);
    const named = tiers.slots;
    return this.withMatcher(q, (other, any, words): Matches => {
      if (words !== undefined) {
        const blocks = Math.ceil(this.size / 32);
        const bits = new Uint32Array(blocks);
        const leads = new Int32Array(named.length);
        const leadRelevance = new Uint8Array(named.length);
        for (let j = 0; j < named.length; j++) {
          const s = named[j] as number;
          bits[s >>> 5] = ((bits[s >>> 5] as number) | (1 << (s & 31))) >>> 0;
          leads[j] = s;
          leadRelevance[j] = tierOf(tiers, s);
        }
        if (words) for (let w = 0; w < blocks; w++) bits[w] = ((bits[w] as number) | (words[w] ?? 0)) >>> 0;
        return { layout: this, version: this.layoutVersion, bits, leads, leadRelevance };
      }
      const nums: number[] = [];
      const relevance: number[] = [];
      for (let s = 0; s < this.size; s++) {
        if (this.live[s] === 0) continue;
        const f = tierOf(tiers, s);
        if (f === 0 && (!any || !other(s))) continue;
        nums.push(this.nums[s] as number);
        relevance.push(f);
      }
      return { nums: Int32Array.from(nums), relevance };
    });
  }

  /** Whether anything sold in the market matches (`anyMatch`). */
  anyMatch(q: IndexQuery, sold: Sold): boolean {
    for (const s of this.nameTiers(q.text).slots) if (sold(this.nums[s] as number)) return true;
    return this.withMatcher(q, (other, any, words) => {
      if (!any) return false;
      if (words) {
        // Only the words' bits can match: those, rather than every slot.
        return eachSetBit(words, (s) => s < this.size && this.live[s] === 1 && sold(this.nums[s] as number));
      }
      for (let s = 0; s < this.size; s++)
        if (this.live[s] === 1 && other(s) && sold(this.nums[s] as number)) return true;
      return false;
    });
  }
}
