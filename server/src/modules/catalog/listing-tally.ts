import type { ListingContext } from './listing-scope.ts';
import type { FacetCounts } from './listing-sql.ts';

/** A filter selection resolved against the index's codes (see `ListingIndex.select`). */
export interface Selection {
  /** A flag per code of the selected colour families, leaf categories and materials; null: not filtered. */
  colors: Uint8Array | null;
  leaves: Uint8Array | null;
  materials: Uint8Array | null;
  bySize: boolean;
  /** The selected sizes as a mask (low and high 32 bits). */
  sizeLo: number;
  sizeHi: number;
  inStockOnly: boolean;
  /** The market currency's price column (NaN where not sold), null without a currency; its position − 1. */
  price: Float64Array | null;
  pricePos: number;
  /** A price range applies (a currency and a `price` filter), from `lo` to `hi`. */
  range: boolean;
  lo: number;
  hi: number;
}

/** Whether the selection selects nothing (every product passes it). */
export function isOpen(sel: Selection): boolean {
  return (
    sel.colors === null &&
    sel.leaves === null &&
    sel.materials === null &&
    !sel.bySize &&
    !sel.inStockOnly &&
    !sel.range
  );
}

/**
 * Disjunctive facet counts in one pass: each facet value counts the products matching every other key's
 * selection, the total and price bounds those matching all but the price range (bounds) and all (total).
 */
export class Tally {
  /** `-1` marks a value no product of the scope has: it is not offered (the SQL groups only what exists). */
  private readonly nColor: Int32Array;
  private readonly nMaterial: Int32Array;
  private readonly nLeaf: Int32Array;
  private readonly nSize = new Int32Array(63);
  private presentLo = 0;
  private presentHi = 0;
  private total = 0;
  private inStockCount = 0;
  private priceMin = Number.POSITIVE_INFINITY;
  private priceMax = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly sel: Selection,
    private readonly colors: readonly string[],
    private readonly categories: readonly string[],
    private readonly materials: readonly string[],
  ) {
    this.nColor = new Int32Array(colors.length).fill(-1);
    this.nMaterial = new Int32Array(materials.length).fill(-1);
    this.nLeaf = new Int32Array(categories.length).fill(-1);
  }

  /** `w` products of category `c` with the same facts (one product, or a cell), `rOk` their price in range. */
  add(
    c: number,
    color: number,
    material: number,
    stocked: boolean,
    sl: number,
    sh: number,
    tl: number,
    th: number,
    w: number,
    pMin: number,
    pMax: number,
    rOk: boolean,
  ): void {
    const sel = this.sel;
    const cOk = sel.colors === null || sel.colors[color] === 1;
    const kOk = sel.leaves === null || sel.leaves[c] === 1;
    const mOk = sel.materials === null || sel.materials[material] === 1;
    const sLo = sel.inStockOnly ? tl : sl;
    const sHi = sel.inStockOnly ? th : sh;
    const zOk = !sel.bySize || (sLo & sel.sizeLo) !== 0 || (sHi & sel.sizeHi) !== 0;
    const zsOk = sel.inStockOnly ? zOk : !sel.bySize || (tl & sel.sizeLo) !== 0 || (th & sel.sizeHi) !== 0;
    const iOk = !sel.inStockOnly || stocked;
    const { nColor, nMaterial, nLeaf, nSize } = this;
    if ((nColor[color] as number) < 0) nColor[color] = 0;
    if ((nMaterial[material] as number) < 0) nMaterial[material] = 0;
    if ((nLeaf[c] as number) < 0) nLeaf[c] = 0;
    if (kOk && mOk && zOk && iOk && rOk) nColor[color] = (nColor[color] as number) + w;
    if (cOk && kOk && zOk && iOk && rOk) nMaterial[material] = (nMaterial[material] as number) + w;
    if (cOk && mOk && zOk && iOk && rOk) nLeaf[c] = (nLeaf[c] as number) + w;
    // Sizes: which the scope has (one OR each), counted bit by bit only where they count.
    this.presentLo |= sLo;
    this.presentHi |= sHi;
    if (cOk && kOk && mOk && iOk && rOk) {
      for (let bits = sLo; bits !== 0; bits &= bits - 1) {
        const b = 31 - Math.clz32(bits & -bits);
        nSize[b] = (nSize[b] as number) + w;
      }
      for (let bits = sHi; bits !== 0; bits &= bits - 1) {
        const b = 63 - Math.clz32(bits & -bits);
        nSize[b] = (nSize[b] as number) + w;
      }
    }
    if (cOk && kOk && mOk && zsOk && rOk && stocked) this.inStockCount += w;
    if (cOk && kOk && mOk && zOk && iOk) {
      if (rOk) this.total += w;
      if (pMin < this.priceMin) this.priceMin = pMin;
      if (pMax > this.priceMax) this.priceMax = pMax;
    }
  }

  /**
   * `w` products alike in every fact a facet reads when nothing is selected (`open`): `add` with every check
   * passing, for a search's matches counted by facet cell. The prices are `bounds`'.
   */
  addOpen(c: number, color: number, material: number, stocked: boolean, sl: number, sh: number, w: number): void {
    const { nColor, nMaterial, nLeaf, nSize } = this;
    nColor[color] = (nColor[color] as number) < 0 ? w : (nColor[color] as number) + w;
    nMaterial[material] = (nMaterial[material] as number) < 0 ? w : (nMaterial[material] as number) + w;
    nLeaf[c] = (nLeaf[c] as number) < 0 ? w : (nLeaf[c] as number) + w;
    this.presentLo |= sl;
    this.presentHi |= sh;
    for (let bits = sl; bits !== 0; bits &= bits - 1) {
      const b = 31 - Math.clz32(bits & -bits);
      nSize[b] = (nSize[b] as number) + w;
    }
    for (let bits = sh; bits !== 0; bits &= bits - 1) {
      const b = 63 - Math.clz32(bits & -bits);
      nSize[b] = (nSize[b] as number) + w;
    }
    if (stocked) this.inStockCount += w;
    this.total += w;
  }

  /** Price bounds of products counted by `addOpen` (without a currency: the infinities, no bound). */
  bounds(pMin: number, pMax: number): void {
    if (pMin < this.priceMin) this.priceMin = pMin;
    if (pMax > this.priceMax) this.priceMax = pMax;
  }

  counts(ctx: Pick<ListingContext, 'sizeBits'>): FacetCounts {
    const toMap = (counts: Int32Array, codes: readonly string[]) => {
      const m = new Map<string, number>();
      for (let i = 0; i < counts.length; i++)
        if ((counts[i] as number) >= 0) m.set(codes[i] as string, counts[i] as number);
      return m;
    };
    const sizes = new Map<string, number>();
    for (const [code, bit] of ctx.sizeBits) {
      const present = bit < 32 ? (this.presentLo >>> bit) & 1 : (this.presentHi >>> (bit - 32)) & 1;
      if (present) sizes.set(code, this.nSize[bit] as number);
    }
    return {
      colors: toMap(this.nColor, this.colors),
      leaves: toMap(this.nLeaf, this.categories),
      materials: toMap(this.nMaterial, this.materials),
      sizes,
      inStock: this.inStockCount,
      total: this.total,
      priceMin: this.priceMin === Number.POSITIVE_INFINITY ? null : this.priceMin,
      priceMax: this.priceMax === Number.NEGATIVE_INFINITY ? null : this.priceMax,
    };
  }
}
