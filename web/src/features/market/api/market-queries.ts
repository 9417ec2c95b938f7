import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const countriesQuery = () =>
  queryOptions({
    queryKey: ['locale-mdm', 'countries'] as const,
    queryFn: async () => unwrap(await api.GET('/api/data/locale-mdm/countries')),
    staleTime: 60 * 60_000,
  });

export function useCountries(enabled = true) {
  return useQuery(Object.assign(countriesQuery(), { enabled }));
}

/** POST /api/data/session?locale=… (getCustomerSession): opens or refreshes the session. */
export const customerSessionQuery = (locale: string) =>
  queryOptions({
    queryKey: ['customer-session', locale] as const,
    queryFn: async () => unwrap(await api.POST('/api/data/session', { params: { query: { locale } } })),
    staleTime: 5 * 60_000,
  });

export function useCustomerSession(locale: string, enabled = true) {
  return useQuery(Object.assign(customerSessionQuery(locale), { enabled }));
}
