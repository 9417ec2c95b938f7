// Stories and tests only (never imported by the app): what the account components expect around them —
// a router, a query cache, the English or French strings, the market. Sample data lives in
// account-story-data.ts.
import { useMemo, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from '../../lib/i18n-react';
import { RouterProvider } from 'react-aria-components';
import { MemoryRouter, useHref, useNavigate } from '../../lib/router';
import { createI18n } from '../../lib/i18n';
import { MarketProvider, type MarketInfo } from '../../lib/market-context';
import enAccount from '../../locales/en/account.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import frAccount from '../../locales/fr/account.json';
import frCommon from '../../locales/fr/common.json';
import frErrors from '../../locales/fr/errors.json';

export const MARKETS = {
  'en-us': { locale: 'en-us', language: 'en', country: 'US', currency: 'USD' },
  'fr-fr': { locale: 'fr-fr', language: 'fr', country: 'FR', currency: 'EUR' },
  'ja-jp': { locale: 'ja-jp', language: 'ja', country: 'JP', currency: 'JPY' },
} as const satisfies Record<string, MarketInfo>;
export type KitLocale = keyof typeof MARKETS;

const resources = {
  en: { common: enCommon, errors: enErrors, account: enAccount },
  fr: { common: frCommon, errors: frErrors, account: frAccount },
};

export function createAccountI18n(locale: KitLocale) {
  // Japanese strings are not written yet: the Japanese market shows English, as the app does.
  const language = locale === 'fr-fr' ? 'fr' : 'en';
  return createI18n(language, resources, { namespaces: ['common', 'errors', 'account'] });
}

/** React Aria's links and the app's router together, as the app's providers do. */
function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}

export interface AccountKitProps {
  locale?: KitLocale;
  /** The router's first address (default: the locale's home). */
  path?: string;
  queryClient?: QueryClient;
  children: ReactNode;
}

export function AccountKit({ locale = 'fr-fr', path, queryClient, children }: AccountKitProps) {
  const i18n = useMemo(() => createAccountI18n(locale), [locale]);
  const client = useMemo(
    () =>
      queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
    [queryClient],
  );
  return (
    <MemoryRouter initialEntries={[path ?? (locale === 'en-us' ? '/' : `/${locale}/`)]}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <AriaRouter>
            <MarketProvider value={MARKETS[locale]}>{children}</MarketProvider>
          </AriaRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}
