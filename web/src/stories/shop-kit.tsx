// Stories only (never imported by the app): what the basket, checkout and order components expect around
// them — router, React Aria's router, a query cache that never refetches, the English or French strings of
// the shopping namespaces, the market.
import { useMemo, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from '../lib/i18n-react';
import { RouterProvider } from 'react-aria-components';
import { MemoryRouter, useHref, useNavigate } from '../lib/router';
import { createI18n } from '../lib/i18n';
import { MarketProvider, type MarketInfo } from '../lib/market-context';
import enAccount from '../locales/en/account.json';
import enCheckout from '../locales/en/checkout.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import enOrders from '../locales/en/orders.json';
import frAccount from '../locales/fr/account.json';
import frCheckout from '../locales/fr/checkout.json';
import frCommon from '../locales/fr/common.json';
import frErrors from '../locales/fr/errors.json';
import frOrders from '../locales/fr/orders.json';

export const SHOP_MARKETS = {
  'en-us': { locale: 'en-us', language: 'en', country: 'US', currency: 'USD' },
  'fr-fr': { locale: 'fr-fr', language: 'fr', country: 'FR', currency: 'EUR' },
} as const satisfies Record<string, MarketInfo>;
export type ShopLocale = keyof typeof SHOP_MARKETS;

const resources = {
  en: { common: enCommon, errors: enErrors, account: enAccount, checkout: enCheckout, orders: enOrders },
  fr: { common: frCommon, errors: frErrors, account: frAccount, checkout: frCheckout, orders: frOrders },
};

function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}

/** A query cache holding `data` (query key → value) that never refetches it. */
export function seededClient(data: [readonly unknown[], unknown][] = []): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  for (const [key, value] of data) client.setQueryData(key, value);
  return client;
}

export function ShopKit({
  locale = 'fr-fr',
  path,
  queryClient,
  children,
}: {
  locale?: ShopLocale;
  path?: string;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const i18n = useMemo(
    () =>
      createI18n(SHOP_MARKETS[locale].language, resources, {
        namespaces: ['common', 'errors', 'account', 'checkout', 'orders'],
      }),
    [locale],
  );
  const client = useMemo(() => queryClient ?? seededClient(), [queryClient]);
  return (
    <MemoryRouter initialEntries={[path ?? (locale === 'en-us' ? '/' : `/${locale}/`)]}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <AriaRouter>
            <MarketProvider value={SHOP_MARKETS[locale]}>
              <div className="container">{children}</div>
            </MarketProvider>
          </AriaRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}
