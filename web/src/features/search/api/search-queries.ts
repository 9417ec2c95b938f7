import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, unwrap, type Schemas } from '../../../lib/api-client';

type Brand = Schemas['Brand'];
const BRANDS: readonly string[] = ['amq', 'ysl', 'bv', 'bal'];

/** The house this deployment serves: the server writes it on `<html data-house>`. */
export function currentBrand(): Brand {
  const house = typeof document === 'undefined' ? undefined : document.documentElement.dataset.house;
  return (house && BRANDS.includes(house) ? house : 'ysl') as Brand;
}

/** How many hits the search drawer shows while typing. */
export const AUTOCOMPLETE_SIZE = 6;
/** Typing pauses this long before a request leaves (spec §5: from the first character). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 180;

export const autocompleteQuery = (locale: string, q: string) =>
  queryOptions({
    queryKey: ['search', 'autocomplete', locale, q] as const,
    // The signal aborts the request when a newer query replaces this one (TanStack Query cancels a
    // query nobody observes any more once its signal was read).
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/data/search', {
          params: { query: { locale, q, pageSize: AUTOCOMPLETE_SIZE, facets: false, brand: currentBrand() } },
          signal,
        }),
      ),
    staleTime: 60_000,
  });

export const trendingQuery = (locale: string) =>
  queryOptions({
    queryKey: ['search', 'trending', locale] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/data/search/trending-now', { params: { query: { locale } }, signal })),
    staleTime: 5 * 60_000,
  });

/** The facets of a search for a selection (the results page's filter drawer). */
export const searchFacetsQuery = (locale: string, q: string, filters: string) => ({
  queryKey: ['search', 'facets', locale, q, filters] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const data = unwrap(
      await api.GET('/api/data/search', {
        params: { query: { locale, q, pageSize: 1, brand: currentBrand(), ...(filters ? { filters } : {}) } },
        signal,
      }),
    );
    return { filters: data.filters, total: data.totalNrOfProducts };
  },
  staleTime: 60_000,
});

/** A value that follows `value` once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Autocomplete for what is typed: debounced, the previous answer kept on screen while the next loads. */
export function useAutocomplete(locale: string, input: string, enabled: boolean) {
  const q = useDebouncedValue(input.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const query = useQuery({
    ...autocompleteQuery(locale, q),
    enabled: enabled && q.length >= 1,
    placeholderData: keepPreviousData,
  });
  return { ...query, q, isSettling: q !== input.trim() };
}

export function useTrending(locale: string, enabled: boolean) {
  return useQuery(Object.assign(trendingQuery(locale), { enabled }));
}
