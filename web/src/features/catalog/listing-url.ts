// The whole state of a listing lives in its URL (spec §3): `?filters=color:black|beige,size:38&sort=price_asc&page=2`,
// so a listing is shareable and the server renders exactly what the shopper sees.
import { parseListingFilters, serializeListingFilters, toggleFilter, type FilterSelection } from '../../lib/paths';
import type { Schemas } from '../../lib/api-client';

export const SORTS = ['recommended', 'price_asc', 'price_desc', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

/** The contract's grid views (generated types, never a copy). */
export type GridView = Schemas['GridView'];
export const GRID_VIEWS: readonly GridView[] = ['ViewBy3', 'ViewBy6'];

export interface ListingState {
  filters: FilterSelection;
  sort: Sort;
  page: number;
}

export function readListingState(search: string | URLSearchParams): ListingState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    filters: parseListingFilters(params.get('filters')),
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'recommended',
    page: Number.isInteger(page) && page >= 1 && page <= 10000 ? page : 1,
  };
}

/**
 * The query string (with `?`, or '' when empty) of a listing state. Defaults are left out (no
 * `sort=recommended`, no `page=1`) so one listing has one URL; other parameters of `keep` (e.g. `q`
 * on the search page) stay first.
 */
export function listingSearch(state: ListingState, keep?: URLSearchParams): string {
  const next = new URLSearchParams();
  keep?.forEach((value, key) => {
    if (key !== 'filters' && key !== 'sort' && key !== 'page') next.append(key, value);
  });
  const filters = serializeListingFilters(state.filters);
  if (filters) next.set('filters', filters);
  if (state.sort !== 'recommended') next.set('sort', state.sort);
  if (state.page > 1) next.set('page', String(state.page));
  // Keep `:`, `|` and `,` readable in the address bar; they are valid in a query.
  const q = next.toString().replace(/%3A/gi, ':').replace(/%7C/gi, '|').replace(/%2C/gi, ',');
  return q ? `?${q}` : '';
}

/** A new selection changes the results: back to the first page. */
export function withFilters(state: ListingState, filters: FilterSelection): ListingState {
  return { ...state, filters, page: 1 };
}

export function withSort(state: ListingState, sort: Sort): ListingState {
  return { ...state, sort, page: 1 };
}

export function withPage(state: ListingState, page: number): ListingState {
  return { ...state, page };
}

/** The selection with one value of a multiple-choice filter added or removed. */
export function toggleValue(filters: FilterSelection, key: string, value: string): FilterSelection {
  const next = toggleFilter(filters, key, value);
  if (!next[key]?.length) delete next[key];
  return next;
}

/** The selection with a filter's values replaced (an empty list removes the filter). */
export function setValues(filters: FilterSelection, key: string, values: string[]): FilterSelection {
  const next = { ...filters };
  if (values.length) next[key] = values;
  else delete next[key];
  return next;
}

export function countSelected(filters: FilterSelection): number {
  return Object.values(filters).reduce((n, values) => n + values.length, 0);
}

/** `500-1500` → [500, 1500]; null when malformed or inverted. */
export function parsePriceRange(value: string | undefined): [number, number] | null {
  const m = value ? /^(\d{1,9})-(\d{1,9})$/.exec(value) : null;
  if (!m) return null;
  const min = Number(m[1]);
  const max = Number(m[2]);
  return min <= max ? [min, max] : null;
}
