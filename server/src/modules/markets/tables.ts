// Market reference data is stored as the fixture entries it is seeded from (JSONB), so the row
// types are the fixtures' own.
import type { CountryEntry, CurrencyFormat, RegionEntry } from '../../../../reference/markets/index.ts';

export type CountryData = Omit<CountryEntry, 'defaultLocale'> & { defaultLocale: string | null };
export type RegionData = RegionEntry;
export type CurrencyData = CurrencyFormat;

export interface MarketTables {
  currencies: { code: string; position: number; data: CurrencyData };
  countries: { country: string; position: number; data: CountryData };
  regions: { region_id: string; position: number; data: RegionData };
}
