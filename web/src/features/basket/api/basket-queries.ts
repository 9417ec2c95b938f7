import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type Schemas } from '../../../lib/api-client';

export const basketKey = (locale: string) => ['basket', locale] as const;

export const basketQuery = (locale: string) =>
  queryOptions({
    queryKey: basketKey(locale),
    queryFn: async () => unwrap(await api.GET('/api/data/basket/get-basket', { params: { query: { locale } } })),
    staleTime: 30_000,
  });

export function useBasket(locale: string, enabled = true) {
  return useQuery({ ...basketQuery(locale), enabled });
}

export function useAddToBasket(locale: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['AddBasketItemRequest']) =>
      unwrap(await api.POST('/api/data/basket/add-item', { params: { query: { locale } }, body })),
    onSuccess: (basket) => client.setQueryData(basketKey(locale), basket),
  });
}

export function useRemoveFromBasket(locale: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (itemId: string) =>
      unwrap(await api.DELETE('/api/data/basket/remove-item', { params: { query: { locale, itemId } } })),
    onSuccess: (basket) => client.setQueryData(basketKey(locale), basket),
  });
}
