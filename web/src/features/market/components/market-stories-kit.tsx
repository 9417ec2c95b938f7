// Story-only: the French storefront around the market and consent features, with the countries
// of reference/markets preloaded in the query cache. Never imported by the app.
import type { ReactNode } from 'react';
import { MemoryRouter } from '../../../lib/router';
import { QueryClient } from '@tanstack/react-query';
import { countries, currencies, regions } from '../../../../../reference/markets';
import { AppProviders } from '../../../app/providers';
import type { Schemas } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { MarketProvider } from '../../../lib/market-context';
import enCommon from '../../../locales/en/common.json';
import frCommon from '../../../locales/fr/common.json';
import enMarket from '../../../locales/en/market.json';
import frMarket from '../../../locales/fr/market.json';
import enConsent from '../../../locales/en/consent.json';
import frConsent from '../../../locales/fr/consent.json';
import { countriesQuery } from '../api/market-queries';

export const storyCountries = { countries, regions, currencies } as unknown as Schemas['CountriesResponse'];
export const germany = storyCountries.countries.find((c) => c.country === 'DE')!;

export function MarketStoryShell({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(countriesQuery().queryKey, storyCountries);
  const i18n = createI18n('fr', {
    fr: { common: frCommon, market: frMarket, consent: frConsent },
    en: { common: enCommon, market: enMarket, consent: enConsent },
  });
  return (
    <MemoryRouter initialEntries={['/fr-fr/ca/women']}>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <MarketProvider value={{ locale: 'fr-fr', language: 'fr', country: 'FR', currency: 'EUR' }}>
          {children}
        </MarketProvider>
      </AppProviders>
    </MemoryRouter>
  );
}
