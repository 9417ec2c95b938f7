import type { DB } from '../../db/database.ts';
import type { CountryData, RegionData } from './tables.ts';

export async function listCountries(db: DB): Promise<CountryData[]> {
  const rows = await db.selectFrom('countries').select('data').orderBy('position').execute();
  return rows.map((r) => r.data);
}

export async function listRegions(db: DB): Promise<RegionData[]> {
  const rows = await db.selectFrom('regions').select('data').orderBy('position').execute();
  return rows.map((r) => r.data);
}
