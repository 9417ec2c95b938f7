
export interface CountryData {
  country: string;
  countryId: string;
  name: string;
  regionId: string;
  businessRegion: 'EMEA' | 'AMER' | 'LATAM' | 'APAC' | 'INTL';
  algoliaIndexRegion: string;
  currency: string | null;
  currencySymbol: string | null;
  locales: string[];
  defaultLocale: string | null;
  siteId: string;
  realmId: string;
  urlOverride: string | null;
}
export interface RegionData {
  regionId: string;
  regionName: string;
  realmId: string;
  countries: string[];
}

export interface CurrencyData {
  symbol: string;
  separator: string;
  decimal: string;
  pattern: string;
  noZeroDecimals: boolean;
  minorUnits: number;
}

export interface MarketTables {
  currencies: { code: string; position: number; data: CurrencyData };
  countries: { country: string; position: number; data: CountryData };
  regions: { region_id: string; position: number; data: RegionData };
}
