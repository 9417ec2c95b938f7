import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap, type Schemas } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

export const basketKey = (locale: string) => ['basket', locale] as const;

export const basketQuery = (locale: string) =>
  queryOptions({
    queryKey: basketKey(locale),
    queryFn: async () => unwrap(await api.GET('/api/data/basket/get-basket', { params: { query: { locale } } })),
    staleTime: 30_000,
  });

/**
 * The visitor's bag. `initial`: the bag a page's data brought (the bag's page): in the browser it seeds the query,
 * so the page live does not ask for it again at once; not on the server, whose query state is inlined into the
 * page beside the page data, which carries the bag already.
 */
export function useBasket(locale: string, enabled = true, initial?: Schemas['Basket']) {
  const seed = initial && typeof window !== 'undefined' ? { initialData: initial } : {};
  // Added to the fresh options rather than spread into a copy with fields after (docs/architecture.md#server-side-rendering).
  return useQuery(Object.assign(basketQuery(locale), { enabled }, seed));
}

/**
 * On a first visit the page opens its session (POST /api/data/session, the market feature's query
 * `['customer-session', locale]`) once interactive. An add sent while that call is under way would open a
 * second session, and whichever answer came last would own the cookie, the bag left in the other: the add
 * waits for it.
 */
async function sessionSettled(client: QueryClient): Promise<void> {
  const opening = client
    .getQueryCache()
    .findAll({ queryKey: ['customer-session'] })
    .filter((q) => q.state.fetchStatus === 'fetching');
  await Promise.all(opening.map((q) => q.promise?.catch(() => undefined)));
}

export function useAddToBasket(locale: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['AddBasketItemRequest']) => {
      await sessionSettled(client);
      return unwrap(await api.POST('/api/data/basket/add-item', { params: { query: { locale } }, body }));
    },
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

export function useUpdateBasketItem(locale: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['UpdateBasketItemRequest']) =>
      unwrap(await api.PATCH('/api/data/basket/update-item', { params: { query: { locale } }, body })),
    onSuccess: (basket) => client.setQueryData(basketKey(locale), basket),
  });
}
