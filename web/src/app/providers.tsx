import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from '../lib/i18n-react';
import type { I18n } from '../lib/i18n';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate } from '../lib/router';
import { StorefrontQueryClient } from '../lib/query-client';

/** Spec §7: queries do not retry and do not refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new StorefrontQueryClient({
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
