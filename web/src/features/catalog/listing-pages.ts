// Pages loaded one after another (infinite scroll, "load more") stay on screen together while the listing
// is the same one (same path, query, filters and sort); any other listing starts again from its page.

export interface PagesOnScreen<T extends { id: string }> {
  /** Identity of the listing (path, query, filters, sort). */
  key: string;
  first: number;
  last: number;
  products: T[];
}

/** The pages on screen once `page` of listing `key` has arrived with `products`. */
export function accumulatePages<T extends { id: string }>(
  current: PagesOnScreen<T> | null,
  key: string,
  page: number,
  products: T[],
): PagesOnScreen<T> {
  if (!current || current.key !== key) return { key, first: page, last: page, products };
  if (page === current.last + 1) {
    const ids = new Set(current.products.map((p) => p.id));
    return { ...current, last: page, products: [...current.products, ...products.filter((p) => !ids.has(p.id))] };
  }
  if (page === current.first - 1) {
    const ids = new Set(products.map((p) => p.id));
    return { ...current, first: page, products: [...products, ...current.products.filter((p) => !ids.has(p.id))] };
  }
  // A page already on screen (e.g. the URL going back one step) changes nothing.
  if (page >= current.first && page <= current.last) return current;
  return { key, first: page, last: page, products };
}
