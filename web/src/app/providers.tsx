import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from '../lib/i18n-react';
import type { I18n } from '../lib/i18n';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate } from '../lib/router';

/**
 * Spec §7: queries do not retry and do not refetch on window focus. `Client`: the class made — the server's render
 * passes `StorefrontQueryClient` (lib/query-client.ts: its options defaulted without the spreads Node 20 makes
 * slowly); browsers make either quickly, so their bundle keeps the library's own.
 */
export function createQueryClient(Client: typeof QueryClient = QueryClient): QueryClient {
  return new Client({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {/* React Aria links and menus navigate through the router, not full page loads. */}
        <RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
          {children}
        </RouterProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
