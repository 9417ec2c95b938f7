import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type Schemas } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

/** POST /api/data/order/track: the order of a number and its e-mail address (guests and customers). */
export function useTrackOrder(locale: string) {
  return useMutation({
    mutationFn: async (body: Schemas['OrderTrackRequest']) =>
      unwrap(await api.POST('/api/data/order/track', { params: { query: { locale } }, body })),
  });
}

/** POST /api/data/order/cancel: the signed-in customer cancels a whole online order. */
export function useCancelOrder(locale: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['OrderCancelRequest']) =>
      unwrap(await api.POST('/api/data/order/cancel', { params: { query: { locale } }, body })),
    // The order pages' data (and the history) hold the order's former status.
    onSuccess: () => client.invalidateQueries({ queryKey: ['page'] }),
  });
}

/** GET /api/data/country-addresses of one country: how its addresses are printed. */
export function useAddressFormat(locale: string, country: string | null | undefined) {
  return useQuery({
    queryKey: ['country-addresses', locale, country] as const,
    queryFn: async () =>
      unwrap(await api.GET('/api/data/country-addresses', { params: { query: { locale, country: country! } } })),
    staleTime: Infinity,
    enabled: Boolean(country && /^[A-Z]{2}$/.test(country)),
  });
}
