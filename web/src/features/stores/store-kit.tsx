// Stories and tests only (never imported by the app): what the boutique components expect around them — a
// router (React Aria's links too), a query cache, French, English or Japanese strings, the market.
import { useMemo, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from '../../lib/i18n-react';
import { RouterProvider } from 'react-aria-components';
import { MemoryRouter, useHref, useNavigate } from '../../lib/router';
import { createI18n } from '../../lib/i18n';
import { MarketProvider, type MarketInfo } from '../../lib/market-context';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enStores from '../../locales/en/stores.json';
import frCommon from '../../locales/fr/common.json';
import frErrors from '../../locales/fr/errors.json';
import frStores from '../../locales/fr/stores.json';
import jaCommon from '../../locales/ja/common.json';
import jaErrors from '../../locales/ja/errors.json';
import jaStores from '../../locales/ja/stores.json';

export const STORE_MARKETS = {
  'en-us': { locale: 'en-us', language: 'en', country: 'US', currency: 'USD' },
  'fr-fr': { locale: 'fr-fr', language: 'fr', country: 'FR', currency: 'EUR' },
  'ja-jp': { locale: 'ja-jp', language: 'ja', country: 'JP', currency: 'JPY' },
} as const satisfies Record<string, MarketInfo>;
export type StoreKitLocale = keyof typeof STORE_MARKETS;

const resources = {
  en: { common: enCommon, errors: enErrors, stores: enStores },
  fr: { common: frCommon, errors: frErrors, stores: frStores },
  ja: { common: jaCommon, errors: jaErrors, stores: jaStores },
};

function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}

export function StoreKit({
  locale = 'fr-fr',
  path = '/fr-fr/stores',
  children,
  queryClient,
}: {
  locale?: StoreKitLocale;
  path?: string;
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const market = STORE_MARKETS[locale];
  const i18n = useMemo(
    () => createI18n(market.language, resources, { namespaces: ['common', 'errors', 'stores'] }),
    [market.language],
  );
  const client = useMemo(
    () => queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    [queryClient],
  );
  return (
    <MemoryRouter initialEntries={[path]}>
      <AriaRouter>
        <QueryClientProvider client={client}>
          <I18nextProvider i18n={i18n}>
            <MarketProvider value={market}>{children}</MarketProvider>
          </I18nextProvider>
        </QueryClientProvider>
      </AriaRouter>
    </MemoryRouter>
  );
}
