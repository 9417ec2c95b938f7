// The product page's live data over the typed client. Queries inherit the app's defaults (spec §7: no
// retry, no refetch on focus); availability and shipping are live, so they are fetched after hydration.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type Schemas } from '../../../lib/api-client';
import type { SizeGuideCategories } from '../product-rules';
import { useMutation } from '../../../lib/mutation';

export const availabilityQuery = (pid: string, locale: string) =>
  queryOptions({
    queryKey: ['product-availability', pid, locale] as const,
    queryFn: async () =>
      unwrap(await api.GET('/api/data/product/{pid}/availability', { params: { path: { pid }, query: { locale } } })),
    // Live stock: a minute-old answer is only a hint, the basket checks again.
    staleTime: 15_000,
  });

export function useAvailability(pid: string, locale: string, enabled: boolean) {
  return useQuery(Object.assign(availabilityQuery(pid, locale), { enabled }));
}

export function useShippingInfo(pid: string, locale: string, size: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['product-shipping', pid, locale, size] as const,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/data/product/{pid}/shipping-info', {
          params: { path: { pid }, query: size ? { locale, size } : { locale } },
        }),
      ),
    enabled,
    staleTime: 60_000,
  });
}

export function useSizeGuide(locale: string, categories: SizeGuideCategories | null, enabled: boolean) {
  return useQuery({
    queryKey: ['size-guide', locale, categories] as const,
    queryFn: async () =>
      unwrap(await api.GET('/api/data/content/size-guide', { params: { query: { locale, categories: categories! } } })),
    enabled: enabled && categories !== null,
    staleTime: 10 * 60_000,
  });
}

/**
 * "You may also like": the merchandisers' picks for the product; when they have none, the search
 * provider's related products.
 */
export function useRecommendations(pid: string, locale: string, enabled: boolean) {
  return useQuery({
    queryKey: ['recommendations', pid, locale] as const,
    queryFn: async (): Promise<Schemas['RecommendationList']> => {
      const manual = unwrap(await api.GET('/api/data/recommendations/manual', { params: { query: { locale, pid } } }));
      if (manual.products.length > 0) return manual;
      return unwrap(
        await api.GET('/api/data/recommendations/algolia', {
          params: { query: { locale, pid, model: 'related-products', maxRecommendations: 12 } },
        }),
      );
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useRecentlyViewed(pids: readonly string[], locale: string, enabled: boolean) {
  return useQuery({
    queryKey: ['recently-viewed', locale, pids.join(',')] as const,
    queryFn: async () =>
      unwrap(await api.GET('/api/data/recently-viewed', { params: { query: { locale, pids: pids.join(',') } } })),
    enabled: enabled && pids.length > 0,
    staleTime: 5 * 60_000,
  });
}

export function useBackInStock(pid: string, locale: string) {
  return useMutation({
    mutationFn: async (body: Schemas['BackInStockRequest']) =>
      unwrap(
        await api.POST('/api/data/product/{pid}/back-in-stock', { params: { path: { pid }, query: { locale } }, body }),
      ),
  });
}
