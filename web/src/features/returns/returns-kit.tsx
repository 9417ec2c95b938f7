// Stories only (never imported by the app): router, query cache, the English or French strings of the return
// pages, and the market — what the returns components expect around them.
import { useMemo, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from '../../lib/i18n-react';
import { RouterProvider } from 'react-aria-components';
import { MemoryRouter, useHref, useNavigate } from '../../lib/router';
import { createI18n } from '../../lib/i18n';
import { MarketProvider } from '../../lib/market-context';
import enAccount from '../../locales/en/account.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enReturns from '../../locales/en/returns.json';
import frAccount from '../../locales/fr/account.json';
import frCommon from '../../locales/fr/common.json';
import frErrors from '../../locales/fr/errors.json';
import frReturns from '../../locales/fr/returns.json';

const MARKETS = {
  'en-us': { locale: 'en-us', language: 'en', country: 'US', currency: 'USD' },
  'fr-fr': { locale: 'fr-fr', language: 'fr', country: 'FR', currency: 'EUR' },
} as const;

const resources = {
  en: { common: enCommon, errors: enErrors, account: enAccount, returns: enReturns },
  fr: { common: frCommon, errors: frErrors, account: frAccount, returns: frReturns },
};

function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}

export function ReturnsKit({
  locale = 'en-us',
  path,
  children,
}: {
  locale?: keyof typeof MARKETS;
  path?: string;
  children: ReactNode;
}) {
  const i18n = useMemo(
    () => createI18n(MARKETS[locale].language, resources, { namespaces: ['common', 'errors', 'account', 'returns'] }),
    [locale],
  );
  const client = useMemo(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
      }),
    [],
  );
  return (
    <MemoryRouter initialEntries={[path ?? (locale === 'en-us' ? '/' : `/${locale}/`)]}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <AriaRouter>
            <MarketProvider value={MARKETS[locale]}>
              <div className="container">{children}</div>
            </MarketProvider>
          </AriaRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}
