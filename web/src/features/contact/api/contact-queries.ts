// The contact form's calls over the typed client: the page data of `/contact` (topics and channels of the
// market, for the contact modal of other pages), and the message itself.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type Schemas } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

export const contactPageQuery = (locale: string) =>
  queryOptions({
    queryKey: ['page', `/ssr/contact?locale=${locale}`] as const,
    queryFn: async () => unwrap(await api.GET('/ssr/contact', { params: { query: { locale } } })),
  });

export function useContactPage(locale: string, enabled = true) {
  return useQuery(Object.assign(contactPageQuery(locale), { enabled }));
}

/** POST /api/data/contact/contact-us: the receipt, with client service's reference. */
export async function sendContactRequest(
  locale: string,
  body: Schemas['ContactRequest'],
): Promise<Schemas['ContactRequestReceipt']> {
  return unwrap(await api.POST('/api/data/contact/contact-us', { params: { query: { locale } }, body }));
}

export function useSendContactRequest(locale: string) {
  return useMutation({ mutationFn: (body: Schemas['ContactRequest']) => sendContactRequest(locale, body) });
}
