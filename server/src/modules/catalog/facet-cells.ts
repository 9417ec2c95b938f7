/**
 * The facet cells of a house: products alike in every fact the facets of a selection-free pass read (category,
 * colour family, material, stock state, size mask), each with a small id. A search without a filter counts its
 * matches per cell, then each cell's facts once (`ListingIndex.queryMatches`): 46,081 products of the
 * 50,000-product catalogue fall into 3,341 cells. Cells are only ever added (a product whose facts change gets
 * the id of its new combination); one no product holds any more is never counted.
 */
export class FacetCells {
  private readonly ids = new Map<string, number>();
  readonly cat: number[] = [];
  readonly col: number[] = [];
  readonly mat: number[] = [];
  readonly inStock: boolean[] = [];
  readonly sizeLo: number[] = [];
  readonly sizeHi: number[] = [];

  get count(): number {
    return this.cat.length;
  }

  id(cat: number, col: number, mat: number, inStock: boolean, sizeLo: number, sizeHi: number): number {
    const key = `${cat}|${col}|${mat}|${inStock ? 1 : 0}|${sizeLo}|${sizeHi}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.cat.length;
      this.ids.set(key, id);
      this.cat.push(cat);
      this.col.push(col);
      this.mat.push(mat);
      this.inStock.push(inStock);
      this.sizeLo.push(sizeLo);
      this.sizeHi.push(sizeHi);
    }
    return id;
  }
}
