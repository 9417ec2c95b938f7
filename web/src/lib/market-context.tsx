import { createContext, useContext, type ReactNode } from 'react';
import { localizePath } from './paths';

export interface MarketInfo {
  locale: string;
  language: string;
  country: string;
  currency: string | null;
}

const MarketContext = createContext<MarketInfo>({ locale: 'en-us', language: 'en', country: 'US', currency: 'USD' });

export function MarketProvider({ value, children }: { value: MarketInfo; children: ReactNode }) {
  return <MarketContext.Provider value={value}>{children}</MarketContext.Provider>;
}

export function useMarket(): MarketInfo {
  return useContext(MarketContext);
}

/** Site paths in the current locale (`/ca/women` → `/fr-fr/ca/women`). */
export function useLocalizePath(): (path: string) => string {
  const { locale } = useMarket();
  return (path) => localizePath(locale, path);
}
