import { sql } from 'kysely';
import { stores } from '../../../../reference/stores/stores.ts';
import type { DB } from '../../db/database.ts';

/**
 * Store master data is reference data: upserted from reference/stores on every start, and boutiques no
 * longer in the master data are removed (in one transaction, so a request never sees half a list).
 */
export async function seedStores(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('stores')
      .values(
        stores.map((s) => ({ id: s.id, brand: s.brand, country: s.address.country, data: JSON.stringify(s) as never })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          brand: (eb) => eb.ref('excluded.brand'),
          country: (eb) => eb.ref('excluded.country'),
          data: (eb) => eb.ref('excluded.data'),
          updated_at: sql`now()`,
        }),
      )
      .execute();
    await trx
      .deleteFrom('stores')
      .where(
        'id',
        'not in',
        stores.map((s) => s.id),
      )
      .execute();
  });
}

/** Boutiques carry at most the house's best-ranked pieces (keeps the benchmark catalogue's stock bounded). */
export const STOCK_MAX_RANK = 4000;

/**
 * The boutiques' stock of the demo catalogue, decided by a hash so that every database holds the same:
 * a boutique carries a product when `md5(store:pid)` says so (flagships 75 %, boutiques 55 %, corners in
 * department stores 35 %, outlets none; the "rive droite" boutique only its own pieces, 90 %; pieces sold
 * only in boutiques 25 points more often), then holds 0 to 4 units of each size by `md5(store:sku)`.
 * Employee-only and coming-soon products are in no boutique.
 *
 * One set-based statement; only boutiques that hold no stock row yet are seeded, so the stock a boutique
 * sells (or reservations hold) is never reset by a restart, and a restart costs one empty anti-join.
 */
export async function seedStoreStock(db: DB, brand: string): Promise<number> {
  const result = await sql`
    insert into store_stock (store_id, sku, quantity)
    select s.id, v.sku, h.units
    from stores s
    join products p on p.brand = s.brand
    join product_variants v on v.pid = p.pid
    cross join lateral (
      select ('x' || substr(md5(s.id || ':' || p.pid), 1, 7))::bit(28)::int % 100 as carry,
             ('x' || substr(md5(s.id || ':' || v.sku), 1, 7))::bit(28)::int % 5 as units
    ) h
    where s.brand = ${brand}
      and not exists (select 1 from store_stock st where st.store_id = s.id)
      and not p.is_employee_only
      and not p.is_coming_soon
      and p.rank <= ${STOCK_MAX_RANK}
      and h.units > 0
      and (s.data->>'type' = 'rive-droite') = p.is_rd
      and h.carry < (case s.data->>'type'
                       when 'flagship' then 75
                       when 'boutique' then 55
                       when 'department-store' then 35
                       when 'rive-droite' then 90
                       else 0
                     end) + (case when p.is_ecom_assortment then 0 else 25 end)
    on conflict (store_id, sku) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
