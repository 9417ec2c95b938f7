import type { SortKey } from './repository.ts';
import type { ListingContext, ResolvedFilters } from './listing-scope.ts';
import type { FacetCounts } from './listing-sql.ts';
import { MatchSlots, type Matches } from './match-slots.ts';
import { ListingColumns } from './listing-columns.ts';
import { Tally, isOpen, type Selection } from './listing-tally.ts';
import { firstByKey, firstInOrder } from './first-in-order.ts';

/**
 * The listable products of one house, in memory, as columns (a slot per product): the facet counts and the
 * page of a category listing, or of a search's matches, are computed here, exactly as the SQL over
 * `listing_facts` would (`facetCounts`, `listFilteredTiles` and `matchFacetsAndPage` in the repository, the
 * references the tests compare it with),
 * in one pass over the scope's cells (or products) instead of an aggregation in the database. The rows come
 * from the database and are brought up to date before every use (`CatalogService.currentIndex`): this is an
 * index of the table, not a copy of answers.
 */
export class ListingIndex extends ListingColumns {
  /** A filter selection resolved against the index's codes, for one request. */
  private select(ctx: Pick<ListingContext, 'currency' | 'sizeBits'>, filters: ResolvedFilters): Selection {
    let sizeLo = 0;
    let sizeHi = 0;
    for (const s of filters.sizes ?? []) {
      const bit = ctx.sizeBits.get(s);
      if (bit === undefined) continue;
      if (bit < 32) sizeLo |= 1 << bit;
      else sizeHi |= 1 << (bit - 32);
    }
    const price = this.priceColumn(ctx.currency);
    const range = filters.price && price ? filters.price : null;
    return {
      colors: filters.colors?.length ? this.colors.flags(filters.colors) : null,
      leaves: filters.leafIds?.length ? this.categories.flags(filters.leafIds) : null,
      materials: filters.materials?.length ? this.materials.flags(filters.materials) : null,
      bySize: Boolean(filters.sizes?.length),
      sizeLo,
      sizeHi,
      inStockOnly: filters.inStock === true,
      price,
      pricePos: price && ctx.currency ? (this.currencyPos.get(ctx.currency) as number) - 1 : -1,
      range: range !== null,
      lo: range?.min ?? 0,
      hi: range?.max ?? 0,
    };
  }

  /** Whether the product in slot `i` passes every filter of the selection (it is known to be in scope and sold). */
  private passes(sel: Selection, i: number): boolean {
    if (sel.colors !== null && sel.colors[this.col[i] as number] !== 1) return false;
    if (sel.leaves !== null && sel.leaves[this.cat[i] as number] !== 1) return false;
    if (sel.materials !== null && sel.materials[this.mat[i] as number] !== 1) return false;
    if (sel.bySize) {
      const lo = sel.inStockOnly ? (this.stockLo[i] as number) : (this.sizeLo[i] as number);
      const hi = sel.inStockOnly ? (this.stockHi[i] as number) : (this.sizeHi[i] as number);
      if ((lo & sel.sizeLo) === 0 && (hi & sel.sizeHi) === 0) return false;
    }
    if (sel.inStockOnly && this.inStock[i] !== 1) return false;
    if (sel.range) {
      const p = (sel.price as Float64Array)[i] as number;
      if (!(p >= sel.lo && p <= sel.hi)) return false;
    }
    return true;
  }

  private scratch = { passing: new Int32Array(0), relevance: new Float64Array(0) };
  /** `queryMatches`'s working arrays, grown to hold `n` entries. */
  private scratchFor(n: number): { passing: Int32Array; relevance: Float64Array } {
    if (this.scratch.passing.length < n) {
      const size = Math.max(n, this.scratch.passing.length * 2);
      this.scratch = { passing: new Int32Array(size), relevance: new Float64Array(size) };
    }
    return this.scratch;
  }

  /** `queryMatches`'s marks: a bit per slot, set for the slots that passed (all clear between searches). */
  private marks = new Int32Array(0);
  private marked = false;
  private marksFor(): Int32Array {
    const words = (this.capacity + 31) >>> 5;
    if (this.marks.length < words) this.marks = new Int32Array(words);
    this.marked = true;
    return this.marks;
  }

  /** A search's matches as this index's slots (`queryMatches`'s working arrays and the tables to other indexes). */
  private readonly matchSlots = new MatchSlots();

  /**
   * The first `offset + limit` slots of a search's page in the default order: the leads (matches with a
   * relevance) by relevance then rank, then the marked slots in rank order, walked until the page is full —
   * about `(offset + limit) × products ÷ matches` steps where rank and words are unrelated, at most every
   * product once, where ranking every match compares each (11,724 for "sac cuir", most of them tied on
   * relevance and told apart by a rank read through their slot).
   */
  private walkPage(
    page: { limit: number; offset: number },
    leads: readonly number[],
    leadRelevance: readonly number[],
  ): number[] {
    const want = page.offset + page.limit;
    const { rank, marks } = this;
    const out = firstInOrder(
      leads.length,
      want,
      (a, b) =>
        (leadRelevance[b] as number) - (leadRelevance[a] as number) ||
        (rank[leads[a] as number] as number) - (rank[leads[b] as number] as number) ||
        a - b,
    ).map((x) => leads[x] as number);
    if (out.length < want) {
      for (const i of this.order('rank', null)) {
        if ((((marks[i >>> 5] as number) >>> (i & 31)) & 1) === 0) continue;
        out.push(i);
        if (out.length === want) break;
      }
    }
    return out;
  }

  private cellScratch = { hits: new Int32Array(0), touched: new Int32Array(0) };
  /**
   * The open pass's counts by facet cell (all zero between searches: the pass sets back those it touched) and
   * the cells it touched, for `n` cells.
   */
  private cellScratchFor(n: number): { hits: Int32Array; touched: Int32Array } {
    if (this.cellScratch.hits.length < n) {
      const size = Math.max(n, this.cellScratch.hits.length * 2);
      this.cellScratch = { hits: new Int32Array(size), touched: new Int32Array(size) };
    }
    return this.cellScratch;
  }

  /** An empty tally of the selection over this index's codes. */
  private tally(sel: Selection): Tally {
    return new Tally(sel, this.colors.codes, this.categories.codes, this.materials.codes);
  }

  /** Counts the product in slot `i` (its price `p`, NaN without a currency). */
  private tallySlot(t: Tally, sel: Selection, i: number, p: number): void {
    t.add(
      this.cat[i] as number,
      this.col[i] as number,
      this.mat[i] as number,
      this.inStock[i] === 1,
      this.sizeLo[i] as number,
      this.sizeHi[i] as number,
      this.stockLo[i] as number,
      this.stockHi[i] as number,
      1,
      p,
      p,
      !sel.range || (p >= sel.lo && p <= sel.hi),
    );
  }

  /**
   * The facet counts of a category scope under a filter selection, and the pids of one page of it.
   * Same semantics as the SQL: a scope holds the listed products of its categories (every category
   * without `categoryIds`) priced in the market currency when it has one; each facet value counts the
   * products matching every other key's selection.
   */
  query(
    ctx: Pick<ListingContext, 'currency' | 'sizeBits'>,
    categoryIds: readonly string[] | undefined,
    filters: ResolvedFilters,
    page?: { sort: SortKey; limit: number; offset: number },
  ): { counts: FacetCounts; pids: string[] } {
    const nCat = this.categories.codes.length;
    const scope = categoryIds ? this.categories.flags(categoryIds) : new Uint8Array(nCat).fill(1);
    const sel = this.select(ctx, filters);
    const t = this.tally(sel);
    const { price, pricePos: pos } = sel;
    for (let code = 0; code < nCat; code++) {
      if (scope[code] === 0) continue;
      if (!sel.range) {
        // No price range: the category's cells, each weighing its products sold in the currency.
        for (const cell of this.cellsOf(code)) {
          const w = pos >= 0 ? (cell.counts[pos] as number) : price ? 0 : cell.n;
          if (w === 0) continue;
          const pMin = pos >= 0 ? (cell.min[pos] as number) : Number.POSITIVE_INFINITY;
          const pMax = pos >= 0 ? (cell.max[pos] as number) : Number.NEGATIVE_INFINITY;
          t.add(
            code,
            cell.col,
            cell.mat,
            cell.inStock,
            cell.sizeLo,
            cell.sizeHi,
            cell.stockLo,
            cell.stockHi,
            w,
            pMin,
            pMax,
            true,
          );
        }
        continue;
      }
      const slots = this.members[code] ?? [];
      for (let j = 0; j < slots.length; j++) {
        const i = slots[j] as number;
        const p = (price as Float64Array)[i] as number;
        if (p === p) this.tallySlot(t, sel, i, p);
      }
    }
    const counts = t.counts(ctx);
    if (!page || page.limit <= 0 || page.offset >= counts.total) return { counts, pids: [] };

    // The page: the sort's order walked until `offset + limit` products pass every filter.
    const pids: string[] = [];
    let skip = page.offset;
    const { live, cat } = this;
    for (const i of this.order(page.sort, ctx.currency)) {
      if (live[i] === 0 || scope[cat[i] as number] === 0) continue;
      if (price && (price[i] as number) !== (price[i] as number)) continue;
      if (!this.passes(sel, i)) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      pids.push(this.pids[i] as string);
      if (pids.length === page.limit) break;
    }
    return { counts, pids };
  }

  /**
   * The same for the products a search matched (`matchFacetsAndPage` in the repository is the SQL it
   * replaces): the listed products among `matches` priced in the market currency, the page in the sort's
   * order with relevance (higher first) for the default one, merchandising rank breaking ties.
   */
  queryMatches(
    ctx: Pick<ListingContext, 'currency' | 'sizeBits'>,
    matches: Matches,
    filters: ResolvedFilters,
    page?: { sort: SortKey; limit: number; offset: number },
  ): { counts: FacetCounts; pids: string[] } {
    const { slotByNum, live, layoutVersion: version, size } = this;
    const { n, anyRelevance } = this.matchSlots.read(matches, { slotByNum, live, version, size });
    try {
      return this.queryMatchSlots(ctx, n, anyRelevance, filters, page);
    } finally {
      // Both scratches are clear between searches, whatever happened in this one.
      if (anyRelevance) this.matchSlots.done(n);
      if (this.marked) {
        this.marks.fill(0);
        this.marked = false;
      }
    }
  }

  /** `queryMatches` over the `n` slots `matchSlots` read, with their relevance there when `anyRelevance`. */
  private queryMatchSlots(
    ctx: Pick<ListingContext, 'currency' | 'sizeBits'>,
    n: number,
    anyRelevance: boolean,
    filters: ResolvedFilters,
    page?: { sort: SortKey; limit: number; offset: number },
  ): { counts: FacetCounts; pids: string[] } {
    const sel = this.select(ctx, filters);
    const t = this.tally(sel);
    const { price } = sel;
    const { slots, relevance: relevanceOf } = this.matchSlots;
    // At most one entry per match: the index's own typed arrays of at least that length, used again by every
    // search (this method runs to its end without yielding, and nothing of them leaves it), rather than two new
    // ones per search (140 KB for 11,724 matches) or arrays grown entry by entry.
    // A large match set's page in the default order is found by walking the rank order over marked slots
    // (`walkPage`); a small one's, or one in another order, by ranking its entries (`firstByKey`): a price or a
    // date follows the category, where a search's words often point (a walk over the prices for "bottes"
    // passed every cheaper bag first, and cost more than the ranking).
    const want = page ? page.offset + page.limit : 0;
    const walk = page?.sort === 'recommended' && want > 0 && want * this.count < n * n;
    const { passing, relevance } = this.scratchFor(page && !walk ? n : 0);
    const marks = walk ? this.marksFor() : this.marks;
    // Matches with a relevance lead the default order: they are kept aside; the others are marked.
    const leads: number[] = [];
    const leadRelevance: number[] = [];
    const mark = (i: number) => {
      const r = anyRelevance ? (relevanceOf[i] as number) : 0;
      if (r > 0) {
        leads.push(i);
        leadRelevance.push(r);
      } else marks[i >>> 5] = (marks[i >>> 5] as number) | (1 << (i & 31));
    };
    let passed = 0;
    if (isOpen(sel)) {
      // Nothing selected (a search's first page): every match passes and counts everywhere. The matches are
      // counted by facet cell (one read of the slot's cell instead of six facts and a loop over its sizes), then
      // each cell's facts once: the 11,724 matches of "sac cuir" in the 50,000-product catalogue fall into at
      // most 3,341 cells.
      const { cellOf } = this;
      const cells = this.facetCells;
      // One entry more than the cells: `touched` is written at its end before a first match moves it on.
      const { hits, touched } = this.cellScratchFor(cells.count + 1);
      let nTouched = 0;
      let pMin = Number.POSITIVE_INFINITY;
      let pMax = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < n; k++) {
        const i = slots[k] as number;
        if (price) {
          const p = price[i] as number;
          if (p !== p) continue;
          if (p < pMin) pMin = p;
          if (p > pMax) pMax = p;
        }
        const c = cellOf[i] as number;
        const h = hits[c] as number;
        // A cell's first match adds it to `touched`, without a branch (a third of the matches are a cell's first).
        touched[nTouched] = c;
        nTouched += (h - 1) >>> 31;
        hits[c] = h + 1;
        if (page) {
          if (walk) mark(i);
          else {
            passing[passed] = i;
            relevance[passed] = anyRelevance ? (relevanceOf[i] as number) : 0;
          }
          passed++;
        }
      }
      for (let j = 0; j < nTouched; j++) {
        const c = touched[j] as number;
        t.addOpen(
          cells.cat[c] as number,
          cells.col[c] as number,
          cells.mat[c] as number,
          cells.inStock[c] as boolean,
          cells.sizeLo[c] as number,
          cells.sizeHi[c] as number,
          hits[c] as number,
        );
        hits[c] = 0;
      }
      t.bounds(pMin, pMax);
    } else {
      for (let k = 0; k < n; k++) {
        const i = slots[k] as number;
        const p = price ? (price[i] as number) : Number.NaN;
        if (price && p !== p) continue;
        this.tallySlot(t, sel, i, p);
        if (page && this.passes(sel, i)) {
          if (walk) mark(i);
          else {
            passing[passed] = i;
            relevance[passed] = anyRelevance ? (relevanceOf[i] as number) : 0;
          }
          passed++;
        }
      }
    }
    const counts = t.counts(ctx);
    if (!page || page.limit <= 0 || page.offset >= passed) return { counts, pids: [] };
    if (walk) {
      const slots = this.walkPage(page, leads, leadRelevance);
      return { counts, pids: slots.slice(page.offset).map((i) => this.pids[i] as string) };
    }

    // Positions in `passing` by the sort's key, then rank: each position's key written over its relevance (read
    // once here), the ranks read through `passing`, compared in place without a comparator's calls.
    const { rank, created } = this;
    const byPrice = price !== null && (page.sort === 'price_asc' || page.sort === 'price_desc');
    const sign = page.sort === 'price_desc' ? -1 : 1;
    const key = relevance;
    for (let k = 0; k < passed; k++) {
      const i = passing[k] as number;
      if (byPrice) key[k] = sign * ((price as Float64Array)[i] as number);
      else if (page.sort === 'newest') key[k] = -(created[i] as number);
      else if (page.sort === 'recommended') key[k] = -(relevance[k] as number);
      else key[k] = 0;
    }
    const top = firstByKey(passed, page.offset + page.limit, key, passing, rank);
    return { counts, pids: top.slice(page.offset).map((k) => this.pids[passing[k] as number] as string) };
  }
}
