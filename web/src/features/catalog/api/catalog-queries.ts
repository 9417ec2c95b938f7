import { api, unwrap, type Schemas } from '../../../lib/api-client';

export type Filter = Schemas['Filter'];

/**
 * What a listing answers about its filters. The category listing carries them itself once its page data
 * has them (`filters` query parameter, `appliedFilters` + `filters` in the answer); until then they come
 * from GET /api/data/filters.
 */
export interface ListingFacets {
  appliedFilters?: string;
  filters?: Filter[];
}

/** The filters of a selection with their counts, and the results the selection leaves. */
export interface Facets {
  filters: Filter[];
  total: number;
}

/** A query for the facets of a selection (a filter string): the shape every listing gives its drawer. */
export interface FacetsQuery {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<Facets>;
  staleTime?: number;
}

/** The facets of a category for a selection, from GET /api/data/filters. */
export const categoryFacetsQuery = (locale: string, category: string, filters: string): FacetsQuery => ({
  queryKey: ['listing-filters', locale, category, filters],
  queryFn: async ({ signal }) => {
    const data = unwrap(
      await api.GET('/api/data/filters', {
        params: { query: { locale, category, ...(filters ? { filters } : {}) } },
        signal,
      }),
    );
    return { filters: data.filters, total: data.totalNrOfProducts };
  },
  staleTime: 60_000,
});
