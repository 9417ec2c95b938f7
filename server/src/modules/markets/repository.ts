import type { DB } from '../../db/database.ts';
import type { CountryData, CurrencyData, RegionData } from './tables.ts';

export async function listCountries(db: DB): Promise<CountryData[]> {
  const rows = await db.selectFrom('countries').select('data').orderBy('position').execute();
  return rows.map((r) => r.data);
}

export async function listRegions(db: DB): Promise<RegionData[]> {
  const rows = await db.selectFrom('regions').select('data').orderBy('position').execute();
  return rows.map((r) => r.data);
}

export async function listCurrencies(db: DB): Promise<Record<string, CurrencyData>> {
  const rows = await db.selectFrom('currencies').select(['code', 'data']).orderBy('position').execute();
  return Object.fromEntries(rows.map((r) => [r.code, r.data]));
}
