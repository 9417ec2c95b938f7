import type { FacetCounts, ListingContext, ResolvedFilters, SortKey } from './repository.ts';

/**
 * One `listing_facts` row as the listing index reads it: the row of a listable product, or (`listed`
 * false, or another house) the news that the index must forget it.
 */
export interface FactRow {
  pid: string;
  brand: string;
  listed: boolean;
  category_id: string;
  macro_color: string;
  material: string;
  rank: number;
  /** Microseconds since the epoch: orders exactly like the timestamp. */
  created: number;
  in_stock: boolean;
  /** The size masks (bits 0–62) as their low and high 32 bits. */
  size_lo: number;
  size_hi: number;
  stock_lo: number;
  stock_hi: number;
  /** Effective price per currency, by `listing_currencies.pos` − 1; null where not sold. */
  prices: (number | null)[];
}

/** Codes of one column (categories, colour families, materials) as small integers. */
class Codes {
  readonly ids = new Map<string, number>();
  readonly codes: string[] = [];
  id(code: string): number {
    let i = this.ids.get(code);
    if (i === undefined) {
      i = this.codes.length;
      this.ids.set(code, i);
      this.codes.push(code);
    }
    return i;
  }
  /** A flag per code: set for the given codes (unknown ones have no id, so match nothing). */
  flags(selected: readonly string[]): Uint8Array {
    const out = new Uint8Array(this.codes.length);
    for (const c of selected) {
      const i = this.ids.get(c);
      if (i !== undefined) out[i] = 1;
    }
    return out;
  }
}

/** Products of one category alike in every fact a facet reads but the price. */
interface Cell {
  col: number;
  mat: number;
  inStock: boolean;
  sizeLo: number;
  sizeHi: number;
  stockLo: number;
  stockHi: number;
  /** Products in the cell; by currency position − 1, those sold there and their price bounds. */
  n: number;
  counts: Int32Array;
  min: Float64Array;
  max: Float64Array;
}

const GROW = 1.5;

/**
 * The listable products of one house, in memory, as columns (a slot per product): the category listing's
 * facet counts and its page are computed here, exactly as the SQL over `listing_facts` would
 * (`facetCounts` and `listFilteredTiles` in the repository, the reference the tests compare it with),
 * in one pass over the scope's cells (or products) instead of an aggregation in the database. The rows come
 * from the database and are brought up to date before every use (`CatalogService.currentIndex`): this is an
 * index of the table, not a copy of answers.
 */
export class ListingIndex {
  /** The database snapshot the rows are as of (`pg_current_snapshot()` text). */
  snapshot: string;
  private size = 0;
  private capacity = 0;
  private readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private pids: (string | null)[] = [];
  private live = new Uint8Array(0);
  private cat = new Uint16Array(0);
  private col = new Uint16Array(0);
  private mat = new Uint16Array(0);
  private inStock = new Uint8Array(0);
  private rank = new Float64Array(0);
  private created = new Float64Array(0);
  private sizeLo = new Uint32Array(0);
  private sizeHi = new Uint32Array(0);
  private stockLo = new Uint32Array(0);
  private stockHi = new Uint32Array(0);
  /** Prices by currency position − 1, NaN where the product is not sold in that currency. */
  private prices: Float64Array[] = [];
  private readonly currencyPos = new Map<string, number>();
  private readonly categories = new Codes();
  private readonly colors = new Codes();
  private readonly materials = new Codes();
  /** The slots of each category (by category code): a scope's pass visits only its own products. */
  private members: number[][] = [];
  /**
   * The products of each category grouped by everything a facet reads but the price (colour, material,
   * stock state, both size masks), with per-currency counts and price bounds: a pass without a price range
   * visits a fifth as many entries. Built on first use, dropped when one of the category's products changes.
   */
  private cells: (Cell[] | undefined)[] = [];
  /** Slots in each sort order (built on first use, dropped when a row enters or an order key changes). */
  private readonly orders = new Map<string, Int32Array>();

  constructor(
    readonly brand: string,
    snapshot: string,
    rows: readonly FactRow[],
    currencies: ReadonlyMap<string, number>,
  ) {
    this.snapshot = snapshot;
    this.setCurrencies(currencies);
    this.grow(rows.length);
    for (const row of rows) this.put(row);
  }

  /** Number of products indexed. */
  get count(): number {
    return this.slotOf.size;
  }

  /** Currency codes and their positions in `FactRow.prices` (they are only ever added). */
  setCurrencies(currencies: ReadonlyMap<string, number>): void {
    for (const [code, pos] of currencies) this.currencyPos.set(code, pos);
    const width = Math.max(0, ...this.currencyPos.values());
    if (this.prices.length < width) this.cells = [];
    while (this.prices.length < width) this.prices.push(new Float64Array(this.capacity).fill(Number.NaN));
  }

  /** The changes the database reported since `snapshot`, which the index is then as of. */
  apply(snapshot: string, rows: readonly FactRow[], removed: readonly string[]): void {
    for (const pid of removed) this.drop(pid);
    for (const row of rows) {
      if (row.listed && row.brand === this.brand) this.put(row);
      else this.drop(row.pid);
    }
    this.snapshot = snapshot;
  }

  private grow(min: number): void {
    if (min <= this.capacity) return;
    const cap = Math.max(min, Math.ceil(this.capacity * GROW), 64);
    const widen = <T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.live = widen(this.live, (n) => new Uint8Array(n));
    this.cat = widen(this.cat, (n) => new Uint16Array(n));
    this.col = widen(this.col, (n) => new Uint16Array(n));
    this.mat = widen(this.mat, (n) => new Uint16Array(n));
    this.inStock = widen(this.inStock, (n) => new Uint8Array(n));
    this.rank = widen(this.rank, (n) => new Float64Array(n));
    this.created = widen(this.created, (n) => new Float64Array(n));
    this.sizeLo = widen(this.sizeLo, (n) => new Uint32Array(n));
    this.sizeHi = widen(this.sizeHi, (n) => new Uint32Array(n));
    this.stockLo = widen(this.stockLo, (n) => new Uint32Array(n));
    this.stockHi = widen(this.stockHi, (n) => new Uint32Array(n));
    this.prices = this.prices.map((p) => widen(p, (n) => new Float64Array(n).fill(Number.NaN)));
    this.capacity = cap;
  }

  private put(row: FactRow): void {
    let slot = this.slotOf.get(row.pid);
    const fresh = slot === undefined;
    if (slot === undefined) {
      slot = this.free.pop() ?? this.size++;
      this.grow(slot + 1);
      this.slotOf.set(row.pid, slot);
      this.pids[slot] = row.pid;
      this.live[slot] = 1;
      this.orders.clear();
    } else if (this.rank[slot] !== row.rank || this.created[slot] !== row.created || this.prices.some((p, i) => !samePrice(p[slot as number] as number, row.prices[i]))) {
      this.orders.clear();
    }
    const category = this.categories.id(row.category_id);
    if (!fresh) this.cells[this.cat[slot] as number] = undefined;
    this.cells[category] = undefined;
    if (fresh || this.cat[slot] !== category) {
      if (!fresh) this.leave(slot);
      (this.members[category] ??= []).push(slot);
    }
    this.cat[slot] = category;
    this.col[slot] = this.colors.id(row.macro_color);
    this.mat[slot] = this.materials.id(row.material);
    this.inStock[slot] = row.in_stock ? 1 : 0;
    this.rank[slot] = row.rank;
    this.created[slot] = row.created;
    this.sizeLo[slot] = row.size_lo;
    this.sizeHi[slot] = row.size_hi;
    this.stockLo[slot] = row.stock_lo;
    this.stockHi[slot] = row.stock_hi;
    if (row.prices.length > this.prices.length) throw new Error(`listing index: a price array of ${row.prices.length} currencies, ${this.prices.length} known`);
    for (let i = 0; i < this.prices.length; i++) (this.prices[i] as Float64Array)[slot] = row.prices[i] ?? Number.NaN;
  }

  private drop(pid: string): void {
    const slot = this.slotOf.get(pid);
    if (slot === undefined) return;
    this.slotOf.delete(pid);
    this.cells[this.cat[slot] as number] = undefined;
    this.leave(slot);
    this.pids[slot] = null;
    this.live[slot] = 0;
    this.free.push(slot);
  }

  /** Takes a slot out of its category's members (rare: a product deleted, delisted or moved). */
  private leave(slot: number): void {
    const list = this.members[this.cat[slot] as number];
    const at = list?.indexOf(slot) ?? -1;
    if (list && at >= 0) {
      list[at] = list[list.length - 1] as number;
      list.pop();
    }
  }

  private cellsOf(code: number): Cell[] {
    let out = this.cells[code];
    if (out) return out;
    const byKey = new Map<string, Cell>();
    const width = this.prices.length;
    for (const i of this.members[code] ?? []) {
      const key = `${this.col[i]}|${this.mat[i]}|${this.inStock[i]}|${this.sizeLo[i]}|${this.sizeHi[i]}|${this.stockLo[i]}|${this.stockHi[i]}`;
      let cell = byKey.get(key);
      if (!cell) {
        cell = {
          col: this.col[i] as number,
          mat: this.mat[i] as number,
          inStock: this.inStock[i] === 1,
          sizeLo: this.sizeLo[i] as number,
          sizeHi: this.sizeHi[i] as number,
          stockLo: this.stockLo[i] as number,
          stockHi: this.stockHi[i] as number,
          n: 0,
          counts: new Int32Array(width),
          min: new Float64Array(width).fill(Number.POSITIVE_INFINITY),
          max: new Float64Array(width).fill(Number.NEGATIVE_INFINITY),
        };
        byKey.set(key, cell);
      }
      cell.n++;
      for (let c = 0; c < width; c++) {
        const p = (this.prices[c] as Float64Array)[i] as number;
        if (p !== p) continue;
        cell.counts[c] = (cell.counts[c] as number) + 1;
        if (p < (cell.min[c] as number)) cell.min[c] = p;
        if (p > (cell.max[c] as number)) cell.max[c] = p;
      }
    }
    out = [...byKey.values()];
    this.cells[code] = out;
    return out;
  }

  private priceColumn(currency: string | null): Float64Array | null {
    if (!currency) return null;
    const pos = this.currencyPos.get(currency);
    // A currency no product is priced in yet: nothing is sold there.
    return pos === undefined ? new Float64Array(this.capacity).fill(Number.NaN) : ((this.prices[pos - 1] as Float64Array | undefined) ?? null);
  }

  /** Slots in the order of a sort (ties: merchandising rank), live or not. */
  private order(sort: SortKey, currency: string | null): Int32Array {
    const price = sort === 'price_asc' || sort === 'price_desc' ? this.priceColumn(currency) : null;
    const key = price ? `${sort}:${currency}` : sort === 'newest' ? 'newest' : 'rank';
    let out = this.orders.get(key);
    if (out) return out;
    out = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) out[i] = i;
    const rank = this.rank;
    const byRank = (a: number, b: number) => (rank[a] as number) - (rank[b] as number);
    if (price) {
      const sign = sort === 'price_asc' ? 1 : -1;
      // Not-sold (NaN) slots are never in a priced scope: they go last, out of the way.
      const p = (i: number) => {
        const v = price[i] as number;
        return v === v ? sign * v : Number.POSITIVE_INFINITY;
      };
      out.sort((a, b) => p(a) - p(b) || byRank(a, b));
    } else if (key === 'newest') {
      const created = this.created;
      out.sort((a, b) => (created[b] as number) - (created[a] as number) || byRank(a, b));
    } else out.sort(byRank);
    this.orders.set(key, out);
    return out;
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
    const colorSel = filters.colors?.length ? this.colors.flags(filters.colors) : null;
    const leafSel = filters.leafIds?.length ? this.categories.flags(filters.leafIds) : null;
    const matSel = filters.materials?.length ? this.materials.flags(filters.materials) : null;
    let selLo = 0;
    let selHi = 0;
    const bySize = filters.sizes?.length ? filters.sizes : null;
    for (const s of bySize ?? []) {
      const bit = ctx.sizeBits.get(s);
      if (bit === undefined) continue;
      if (bit < 32) selLo |= 1 << bit;
      else selHi |= 1 << (bit - 32);
    }
    const inStockOnly = filters.inStock === true;
    const price = this.priceColumn(ctx.currency);
    const range = filters.price && price ? filters.price : null;
    const lo = range?.min ?? 0;
    const hi = range?.max ?? 0;

    const nColor = new Int32Array(this.colors.codes.length).fill(-1);
    const nMaterial = new Int32Array(this.materials.codes.length).fill(-1);
    const nLeaf = new Int32Array(nCat).fill(-1);
    const nSize = new Int32Array(63);
    let presentLo = 0;
    let presentHi = 0;
    let total = 0;
    let inStockCount = 0;
    let priceMin = Number.POSITIVE_INFINITY;
    let priceMax = Number.NEGATIVE_INFINITY;
    const { live, cat, col, mat, inStock, sizeLo, sizeHi, stockLo, stockHi } = this;
    // `-1` marks a value no product of the scope has: it is not offered (the SQL groups only what exists).
    const seen = (a: Int32Array, i: number) => {
      if ((a[i] as number) < 0) a[i] = 0;
    };
    const add = (a: Int32Array, i: number, w: number) => {
      a[i] = (a[i] as number) + w;
    };
    /** `w` products of one category with the same facts (one product, or a cell), `rOk` their price in range. */
    const tally = (c: number, color: number, material: number, stocked: boolean, sl: number, sh: number, tl: number, th: number, w: number, pMin: number, pMax: number, rOk: boolean) => {
      const cOk = colorSel === null || colorSel[color] === 1;
      const kOk = leafSel === null || leafSel[c] === 1;
      const mOk = matSel === null || matSel[material] === 1;
      const sLo = inStockOnly ? tl : sl;
      const sHi = inStockOnly ? th : sh;
      const zOk = bySize === null || (sLo & selLo) !== 0 || (sHi & selHi) !== 0;
      const zsOk = inStockOnly ? zOk : bySize === null || (tl & selLo) !== 0 || (th & selHi) !== 0;
      const iOk = !inStockOnly || stocked;
      seen(nColor, color);
      seen(nMaterial, material);
      seen(nLeaf, c);
      if (kOk && mOk && zOk && iOk && rOk) add(nColor, color, w);
      if (cOk && kOk && zOk && iOk && rOk) add(nMaterial, material, w);
      if (cOk && mOk && zOk && iOk && rOk) add(nLeaf, c, w);
      // Sizes: which the scope has (one OR each), counted bit by bit only where they count.
      presentLo |= sLo;
      presentHi |= sHi;
      if (cOk && kOk && mOk && iOk && rOk) {
        for (let bits = sLo; bits !== 0; bits &= bits - 1) add(nSize, 31 - Math.clz32(bits & -bits), w);
        for (let bits = sHi; bits !== 0; bits &= bits - 1) add(nSize, 63 - Math.clz32(bits & -bits), w);
      }
      if (cOk && kOk && mOk && zsOk && rOk && stocked) inStockCount += w;
      if (cOk && kOk && mOk && zOk && iOk) {
        if (rOk) total += w;
        if (pMin < priceMin) priceMin = pMin;
        if (pMax > priceMax) priceMax = pMax;
      }
    };

    const pos = price && ctx.currency ? (this.currencyPos.get(ctx.currency) as number) - 1 : -1;
    for (let code = 0; code < nCat; code++) {
      if (scope[code] === 0) continue;
      if (range === null) {
        // No price range: the category's cells, each weighing its products sold in the currency.
        for (const cell of this.cellsOf(code)) {
          const w = pos >= 0 ? (cell.counts[pos] as number) : price ? 0 : cell.n;
          if (w === 0) continue;
          const pMin = pos >= 0 ? (cell.min[pos] as number) : Number.POSITIVE_INFINITY;
          const pMax = pos >= 0 ? (cell.max[pos] as number) : Number.NEGATIVE_INFINITY;
          tally(code, cell.col, cell.mat, cell.inStock, cell.sizeLo, cell.sizeHi, cell.stockLo, cell.stockHi, w, pMin, pMax, true);
        }
        continue;
      }
      const slots = this.members[code] ?? [];
      for (let j = 0; j < slots.length; j++) {
        const i = slots[j] as number;
        const p = (price as Float64Array)[i] as number;
        if (p !== p) continue;
        tally(code, col[i] as number, mat[i] as number, inStock[i] === 1, sizeLo[i] as number, sizeHi[i] as number, stockLo[i] as number, stockHi[i] as number, 1, p, p, p >= lo && p <= hi);
      }
    }

    const toMap = (counts: Int32Array, codes: readonly string[]) => {
      const m = new Map<string, number>();
      for (let i = 0; i < counts.length; i++) if ((counts[i] as number) >= 0) m.set(codes[i] as string, counts[i] as number);
      return m;
    };
    const sizes = new Map<string, number>();
    for (const [code, bit] of ctx.sizeBits) {
      const present = bit < 32 ? (presentLo >>> bit) & 1 : (presentHi >>> (bit - 32)) & 1;
      if (present) sizes.set(code, nSize[bit] as number);
    }
    const counts: FacetCounts = {
      colors: toMap(nColor, this.colors.codes),
      leaves: toMap(nLeaf, this.categories.codes),
      materials: toMap(nMaterial, this.materials.codes),
      sizes,
      inStock: inStockCount,
      total,
      priceMin: priceMin === Number.POSITIVE_INFINITY ? null : priceMin,
      priceMax: priceMax === Number.NEGATIVE_INFINITY ? null : priceMax,
    };
    if (!page || page.limit <= 0 || page.offset >= total) return { counts, pids: [] };

    // The page: the sort's order walked until `offset + limit` products pass every filter.
    const pids: string[] = [];
    let skip = page.offset;
    for (const i of this.order(page.sort, ctx.currency)) {
      if (live[i] === 0 || scope[cat[i] as number] === 0) continue;
      const p = price ? (price[i] as number) : Number.NaN;
      if (price && p !== p) continue;
      if (colorSel !== null && colorSel[col[i] as number] !== 1) continue;
      if (leafSel !== null && leafSel[cat[i] as number] !== 1) continue;
      if (matSel !== null && matSel[mat[i] as number] !== 1) continue;
      if (bySize !== null) {
        const sLo = inStockOnly ? (stockLo[i] as number) : (sizeLo[i] as number);
        const sHi = inStockOnly ? (stockHi[i] as number) : (sizeHi[i] as number);
        if ((sLo & selLo) === 0 && (sHi & selHi) === 0) continue;
      }
      if (inStockOnly && inStock[i] !== 1) continue;
      if (range !== null && !(p >= lo && p <= hi)) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      pids.push(this.pids[i] as string);
      if (pids.length === page.limit) break;
    }
    return { counts, pids };
  }
}

function samePrice(a: number, b: number | null | undefined): boolean {
  return b === null || b === undefined ? a !== a : a === b;
}
