import type { DB } from '../../db/database.ts';
import type { StoreData } from './tables.ts';

export async function listStores(db: DB, brand: string, country: string): Promise<StoreData[]> {
  const rows = await db.selectFrom('stores').select('data').where('brand', '=', brand).where('country', '=', country).execute();
  return rows.map((r) => r.data);
}
