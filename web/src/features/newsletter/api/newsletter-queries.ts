// The newsletter's calls over the typed client: the market's registration data (forms of address and the
// e-mail consent with its version), the subscription itself, and its confirmation (double opt-in markets).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type Schemas } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

export const registerFormQuery = (locale: string) =>
  queryOptions({
    queryKey: ['register-form', locale] as const,
    queryFn: async () => unwrap(await api.GET('/api/register/get-data', { params: { query: { locale } } })),
    // The same for every visitor of the market; the server lets it be cached 10 minutes.
    staleTime: 10 * 60_000,
  });

export function useRegisterForm(locale: string, enabled = true) {
  return useQuery(Object.assign(registerFormQuery(locale), { enabled }));
}

/** POST /api/newsletter/subscribe: 204, whether or not the address was subscribed already. */
export async function subscribeNewsletter(
  locale: string,
  body: Schemas['NewsletterSubscriptionRequest'],
): Promise<void> {
  const result = await api.POST('/api/newsletter/subscribe', { params: { query: { locale } }, body });
  if (!result.response.ok) unwrap(result);
}

export function useSubscribeNewsletter(locale: string) {
  return useMutation({
    mutationFn: (body: Schemas['NewsletterSubscriptionRequest']) => subscribeNewsletter(locale, body),
  });
}

/** POST /api/newsletter/confirm: `confirmed`, or `alreadyConfirmed` for a link followed again; rejects with the API's error. */
export async function confirmNewsletter(locale: string, token: string): Promise<Schemas['NewsletterConfirmation']> {
  return unwrap(await api.POST('/api/newsletter/confirm', { params: { query: { locale } }, body: { token } }));
}

export function useConfirmNewsletter(locale: string) {
  return useMutation({ mutationFn: (token: string) => confirmNewsletter(locale, token) });
}
