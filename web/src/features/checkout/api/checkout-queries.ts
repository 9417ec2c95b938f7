import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type Problem, type Schemas } from '../../../lib/api-client';
import type { PlacementAnswer } from '../checkout-model';
import { useMutation } from '../../../lib/mutation';

export const checkoutOptionsKey = (locale: string) => ['checkout', 'options', locale] as const;

/** GET /api/checkout/options: personal, never kept long (prices, stock and the delivery dates move). */
export const checkoutOptionsQuery = (locale: string) =>
  queryOptions({
    queryKey: checkoutOptionsKey(locale),
    queryFn: async () => unwrap(await api.GET('/api/checkout/options', { params: { query: { locale } } })),
    staleTime: 0,
    gcTime: 60_000,
  });

/**
 * The visitor's checkout options. `initial`: the options the checkout page's data brought: in the browser they
 * seed the query (asked again once the page is live: they are never kept); not on the server, whose query state
 * is inlined beside the page data, which carries them already.
 */
export function useCheckoutOptions(locale: string, enabled = true, initial?: Schemas['CheckoutOptions']) {
  const seed = initial && typeof window !== 'undefined' ? { initialData: initial } : {};
  // Options made fresh by each call, completed in place: no spread before named fields (docs/architecture.md#server-side-rendering).
  return useQuery(Object.assign(checkoutOptionsQuery(locale), { enabled }, seed));
}

/** GET /api/data/country-addresses: the address form of the market's country (rows, postal code, states). */
export function useCountryAddressFormat(locale: string, country: string) {
  return useQuery({
    queryKey: ['country-addresses', locale, country] as const,
    queryFn: async () =>
      unwrap(await api.GET('/api/data/country-addresses', { params: { query: { locale, country } } })),
    staleTime: Infinity,
    enabled: /^[A-Z]{2}$/.test(country),
  });
}

const problemOf = (error: unknown): Problem | undefined =>
  error && typeof error === 'object' && 'code' in error ? (error as Problem) : undefined;

/** One POST /api/checkout/place-order with its Idempotency-Key; every outcome as a PlacementAnswer (never throws). */
export async function sendPlaceOrder(
  locale: string,
  key: string,
  body: Schemas['PlaceOrderRequest'],
): Promise<PlacementAnswer> {
  try {
    const { data, error, response } = await api.POST('/api/checkout/place-order', {
      params: { query: { locale }, header: { 'Idempotency-Key': key } },
      body,
    });
    if (response.status === 201 && data) return { kind: 'placed', order: data as Schemas['Order'] };
    if (response.status === 202 && data)
      return { kind: 'authenticate', challenge: data as Schemas['PaymentAuthentication'] };
    const problem = problemOf(error);
    const retryAfter = Number(response.headers.get('Retry-After'));
    return {
      kind: 'refused',
      status: response.status,
      code: problem?.code ?? 'API_UNKNOWN_ERROR',
      problem,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
    };
  } catch {
    return { kind: 'refused', status: 0, code: 'API_UNKNOWN_ERROR' };
  }
}

/** POST /api/checkout/authenticate: the code of the card issuer's challenge. */
export function useCompleteAuthentication(locale: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['PaymentAuthenticationRequest']) =>
      unwrap(await api.POST('/api/checkout/authenticate', { params: { query: { locale } }, body })),
    onSettled: () => {
      // Paid: the bag is empty; refused: the order was cancelled and the bag kept. Either way, read it again.
      void client.invalidateQueries({ queryKey: ['basket'] });
    },
  });
}
