import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type Schemas } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

/** POST /api/data/order/track: the order of a number and its e-mail address, with its guest transaction id. */
export function useFindOrder(locale: string) {
  return useMutation({
    mutationFn: async (body: Schemas['OrderTrackRequest']) =>
      unwrap(await api.POST('/api/data/order/track', { params: { query: { locale } }, body })),
  });
}

/** POST /api/data/order/return-request: sends the return or exchange request. */
export function useCreateReturnRequest(locale: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['ReturnRequestInput']) =>
      unwrap(await api.POST('/api/data/order/return-request', { params: { query: { locale } }, body })),
    // The order and return pages' data hold the lines' former status.
    onSuccess: () => client.invalidateQueries({ queryKey: ['page'] }),
  });
}
