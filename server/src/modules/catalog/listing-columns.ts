import type { SortKey } from './repository.ts';
import { FacetCells } from './facet-cells.ts';

/**
 * One `listing_facts` row as the listing index reads it: the row of a listable product, or (`listed`
 * false, or another house) the news that the index must forget it.
 */
export interface FactRow {
  pid: string;
  /** The product's dense number (`products.num`): how a search's matches name it. */
  num: number;
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
 * The listable products of one house as columns (a slot per product), kept up to date from `listing_facts`
 * rows: the slots, their codes and prices, each category's members and cells, and the sort orders. The
 * queries over them are `ListingIndex`'s.
 */
export class ListingColumns {
  /** The database snapshot the rows are as of (`pg_current_snapshot()` text). */
  snapshot: string;
  protected size = 0;
  protected capacity = 0;
  protected readonly slotOf = new Map<string, number>();
  protected readonly free: number[] = [];
  protected pids: (string | null)[] = [];
  /** Each slot's product number, and each product number's slot (−1: none). */
  protected nums = new Int32Array(0);
  protected slotByNum = new Int32Array(0);
  protected live = new Uint8Array(0);
  /** Changes whenever a slot is given to another product number or freed (`MatchSlots` keeps tables by it). */
  protected layoutVersion = 0;
  protected cat = new Uint16Array(0);
  protected col = new Uint16Array(0);
  protected mat = new Uint16Array(0);
  protected inStock = new Uint8Array(0);
  protected rank = new Float64Array(0);
  protected created = new Float64Array(0);
  protected sizeLo = new Uint32Array(0);
  protected sizeHi = new Uint32Array(0);
  protected stockLo = new Uint32Array(0);
  protected stockHi = new Uint32Array(0);
  /** Each slot's facet cell (`facetCells`). */
  protected cellOf = new Int32Array(0);
  protected readonly facetCells = new FacetCells();
  /** Prices by currency position − 1, NaN where the product is not sold in that currency. */
  protected prices: Float64Array[] = [];
  protected readonly currencyPos = new Map<string, number>();
  protected readonly categories = new Codes();
  protected readonly colors = new Codes();
  protected readonly materials = new Codes();
  /** The slots of each category (by category code): a scope's pass visits only its own products. */
  protected members: number[][] = [];
  /**
   * The products of each category grouped by everything a facet reads but the price (colour, material,
   * stock state, both size masks), with per-currency counts and price bounds: a pass without a price range
   * visits a fifth as many entries. Built on first use, dropped when one of the category's products changes.
   */
  protected cells: (Cell[] | undefined)[] = [];
  /** Slots in each sort order (built on first use, dropped when a row enters or an order key changes). */
  protected readonly orders = new Map<string, Int32Array>();

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
    const widen = <T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(
      a: T,
      make: (n: number) => T,
    ): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.live = widen(this.live, (n) => new Uint8Array(n));
    this.nums = widen(this.nums, (n) => new Int32Array(n));
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
    this.cellOf = widen(this.cellOf, (n) => new Int32Array(n));
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
    } else if (this.rank[slot] !== row.rank) {
      this.orders.clear();
    } else {
      // Only the orders a changed key sorts by: a sale's change of stock keeps the rank and price orders
      // (the rank order walks a search's page; rebuilding one is a sort of every slot).
      if (this.created[slot] !== row.created) this.orders.delete('newest');
      if (this.inStock[slot] !== (row.in_stock ? 1 : 0)) this.orders.delete('recommended');
      if (this.prices.some((p, i) => !samePrice(p[slot as number] as number, row.prices[i])))
        for (const key of [...this.orders.keys()]) if (key.startsWith('price_')) this.orders.delete(key);
    }
    if (!fresh && this.nums[slot] !== row.num) this.slotByNum[this.nums[slot] as number] = -1;
    this.number(slot, row.num);
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
    this.cellOf[slot] = this.facetCells.id(
      category,
      this.col[slot] as number,
      this.mat[slot] as number,
      row.in_stock,
      this.sizeLo[slot] as number,
      this.sizeHi[slot] as number,
    );
    if (row.prices.length > this.prices.length)
      throw new Error(`listing index: a price array of ${row.prices.length} currencies, ${this.prices.length} known`);
    for (let i = 0; i < this.prices.length; i++) (this.prices[i] as Float64Array)[slot] = row.prices[i] ?? Number.NaN;
  }

  private drop(pid: string): void {
    const slot = this.slotOf.get(pid);
    if (slot === undefined) return;
    this.slotOf.delete(pid);
    this.slotByNum[this.nums[slot] as number] = -1;
    this.layoutVersion++;
    this.cells[this.cat[slot] as number] = undefined;
    this.leave(slot);
    this.pids[slot] = null;
    this.live[slot] = 0;
    this.free.push(slot);
  }

  /** Gives slot `slot` the product number `num`. */
  private number(slot: number, num: number): void {
    if (!Number.isInteger(num) || num < 0)
      throw new Error(`listing index: product number ${num} of ${this.pids[slot]}`);
    if (num >= this.slotByNum.length) {
      const grown = new Int32Array(Math.max(num + 1, Math.ceil(this.slotByNum.length * GROW), 64)).fill(-1);
      grown.set(this.slotByNum);
      this.slotByNum = grown;
    }
    if (this.nums[slot] !== num || this.slotByNum[num] !== slot) this.layoutVersion++;
    this.nums[slot] = num;
    this.slotByNum[num] = slot;
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

  protected cellsOf(code: number): Cell[] {
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

  protected priceColumn(currency: string | null): Float64Array | null {
    if (!currency) return null;
    const pos = this.currencyPos.get(currency);
    // A currency no product is priced in yet: nothing is sold there.
    return pos === undefined
      ? new Float64Array(this.capacity).fill(Number.NaN)
      : ((this.prices[pos - 1] as Float64Array | undefined) ?? null);
  }

  /**
   * Whether the product numbered `num` is listed here and, with a currency, sold in it (priced): the check a
   * search's autocomplete makes, for the search prefix index.
   */
  soldIn(currency: string | null): (num: number) => boolean {
    const { slotByNum } = this;
    const live = this.live;
    const price = this.priceColumn(currency);
    return (num) => {
      const i = num < slotByNum.length ? (slotByNum[num] as number) : -1;
      if (i < 0 || live[i] === 0) return false;
      return price === null || (price[i] as number) === (price[i] as number);
    };
  }

  /**
   * Slots in the order of a sort (ties: merchandising rank), live or not. The default order
   * (`recommended`) puts the products in stock online first: a sold-out piece never sits above one the
   * shopper can buy (`listFilteredTiles` orders the same way); `rank` is the merchandising rank alone.
   */
  protected order(sort: SortKey | 'rank', currency: string | null): Int32Array {
    const price = sort === 'price_asc' || sort === 'price_desc' ? this.priceColumn(currency) : null;
    const key = price
      ? `${sort}:${currency}`
      : sort === 'newest'
        ? 'newest'
        : sort === 'recommended'
          ? 'recommended'
          : 'rank';
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
    } else if (key === 'recommended') {
      const inStock = this.inStock;
      out.sort((a, b) => (inStock[b] as number) - (inStock[a] as number) || byRank(a, b));
    } else out.sort(byRank);
    this.orders.set(key, out);
    return out;
  }
}

function samePrice(a: number, b: number | null | undefined): boolean {
  return b === null || b === undefined ? a !== a : a === b;
}
