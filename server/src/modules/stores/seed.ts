import { sql } from 'kysely';
import { stores } from '../../../../fixtures/stores/stores.ts';
import type { DB } from '../../db/database.ts';

/**
 * Store master data is reference data: upserted from fixtures/stores on every start, and boutiques no
 * longer in the master data are removed (in one transaction, so a request never sees half a list).
 */
export async function seedStores(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('stores')
      .values(stores.map((s) => ({ id: s.id, brand: s.brand, country: s.address.country, data: JSON.stringify(s) as never })))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          brand: (eb) => eb.ref('excluded.brand'),
          country: (eb) => eb.ref('excluded.country'),
          data: (eb) => eb.ref('excluded.data'),
          updated_at: sql`now()`,
        }),
      )
      .execute();
    await trx.deleteFrom('stores').where('id', 'not in', stores.map((s) => s.id)).execute();
  });
}
