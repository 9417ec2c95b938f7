import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { ACTIVE_RESERVATION_STATUSES, OPEN_APPOINTMENT_STATUSES, type StoreData, type StoreTables } from './tables.ts';

/** A database handle or a transaction. */
type Db = Kysely<Database>;

export async function listStores(db: DB, brand: string, country: string): Promise<StoreData[]> {
  const rows = await db
    .selectFrom('stores')
    .select('data')
    .where('brand', '=', brand)
    .where('country', '=', country)
    .execute();
  return rows.map((r) => r.data);
}

export async function findStore(db: Db, brand: string, id: string): Promise<StoreData | undefined> {
  const row = await db
    .selectFrom('stores')
    .select('data')
    .where('brand', '=', brand)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.data;
}

export async function findStores(db: Db, brand: string, ids: readonly string[]): Promise<StoreData[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('stores')
    .select('data')
    .where('brand', '=', brand)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.data);
}

/** Countries with at least one boutique of the house, and how many. */
export async function storeCountries(db: DB, brand: string): Promise<{ country: string; count: number }[]> {
  return db
    .selectFrom('stores')
    .select(['country', sql<number>`count(*)::int`.as('count')])
    .where('brand', '=', brand)
    .groupBy('country')
    .execute();
}

/**
 * A product as boutiques see it: the house's, not employee-only, priced in the market's currency when the
 * market has one; with its name in the language and its sizes in size-run order.
 */
export async function findBoutiqueProduct(
  db: Db,
  brand: string,
  pid: string,
  language: string,
  currency: string | null,
) {
  const product = await db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.pid', '=', 'p.pid').on('t.language', '=', language))
    .leftJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', currency ?? '-'))
    .select(['p.pid', 'p.is_employee_only', 't.name', 'pr.list_price'])
    .where('p.brand', '=', brand)
    .where('p.pid', '=', pid)
    .executeTakeFirst();
  if (!product || product.is_employee_only || (currency !== null && product.list_price === null)) return undefined;
  const variants = await db
    .selectFrom('product_variants')
    .select(['sku', 'size'])
    .where('pid', '=', pid)
    .orderBy('position')
    .execute();
  return { pid: product.pid, name: product.name, variants };
}
export type BoutiqueProduct = NonNullable<Awaited<ReturnType<typeof findBoutiqueProduct>>>;

/** Units of the skus each boutique can still offer: its stock less the units active reservations hold. */
export async function availableUnits(
  db: Db,
  storeIds: readonly string[],
  skus: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (storeIds.length === 0 || skus.length === 0) return out;
  const rows = await db
    .selectFrom('store_stock as s')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('store_reservations')
          .select(['store_id', 'sku', sql<number>`sum(quantity)::int`.as('held')])
          .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
          .where('hold_until', '>', now)
          .where('store_id', 'in', [...storeIds])
          .where('sku', 'in', [...skus])
          .groupBy(['store_id', 'sku'])
          .as('r'),
      (j) => j.onRef('r.store_id', '=', 's.store_id').onRef('r.sku', '=', 's.sku'),
    )
    .select(['s.store_id', 's.sku', 's.quantity', 'r.held'])
    .where('s.store_id', 'in', [...storeIds])
    .where('s.sku', 'in', [...skus])
    .execute();
  for (const r of rows) out.set(`${r.store_id}|${r.sku}`, Math.max(0, r.quantity - (r.held ?? 0)));
  return out;
}

/** Locks a boutique's stock row of a size for the transaction; its quantity, or undefined when it holds none. */
export async function lockStock(trx: Db, storeId: string, sku: string): Promise<number | undefined> {
  const row = await trx
    .selectFrom('store_stock')
    .select('quantity')
    .where('store_id', '=', storeId)
    .where('sku', '=', sku)
    .forUpdate()
    .executeTakeFirst();
  return row?.quantity;
}

/** Units of a size that active reservations hold in a boutique. */
export async function heldUnits(trx: Db, storeId: string, sku: string, now: Date): Promise<number> {
  const row = await trx
    .selectFrom('store_reservations')
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('held'))
    .where('store_id', '=', storeId)
    .where('sku', '=', sku)
    .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
    .where('hold_until', '>', now)
    .executeTakeFirstOrThrow();
  return row.held;
}

type NewReservation = Omit<StoreTables['store_reservations'], 'id' | 'status' | 'created_at'>;

/** The client's active reservation of this size in this boutique, if any. */
export async function findActiveReservation(trx: Db, storeId: string, sku: string, email: string, now: Date) {
  return trx
    .selectFrom('store_reservations')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('sku', '=', sku)
    .where('email', '=', email)
    .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
    .where('hold_until', '>', now)
    .orderBy('id')
    .executeTakeFirst();
}

/** Stores a reservation; undefined when its reference is already taken (the caller draws another). */
export async function insertReservation(trx: Db, row: NewReservation) {
  return trx
    .insertInto('store_reservations')
    .values(row)
    .onConflict((oc) => oc.column('reference').doNothing())
    .returningAll()
    .executeTakeFirst();
}

type NewAppointment = Omit<StoreTables['store_appointments'], 'id' | 'status' | 'created_at' | 'pids'> & {
  pids: string[];
};

/**
 * Stores an appointment request; undefined when its reference is taken or the client already has an open
 * request for this boutique and time (see `findOpenAppointment`).
 */
export async function insertAppointment(trx: Db, row: NewAppointment) {
  return trx
    .insertInto('store_appointments')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findOpenAppointment(trx: Db, storeId: string, email: string, startsAt: Date) {
  return trx
    .selectFrom('store_appointments')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('email', '=', email)
    .where('starts_at', '=', startsAt)
    .where('status', 'in', [...OPEN_APPOINTMENT_STATUSES])
    .executeTakeFirst();
}

/**
 * Takes units of a size from a boutique's stock (click and collect, pickup in store): one conditional
 * update, so concurrent takes can never drive the stock below zero. True when the units were taken.
 */
export async function takeStoreStock(trx: Db, storeId: string, sku: string, quantity: number): Promise<boolean> {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`Cannot take ${quantity} units.`);
  const result = await trx
    .updateTable('store_stock')
    .set({ quantity: sql`quantity - ${quantity}`, updated_at: sql`now()` })
    .where('store_id', '=', storeId)
    .where('sku', '=', sku)
    .where('quantity', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Puts units of a size back into a boutique's stock (an order collected in the boutique, cancelled): the
 * reverse of `takeStoreStock()`, in the caller's transaction. A size the boutique no longer lists stays absent.
 */
export async function returnStoreStock(trx: Db, storeId: string, sku: string, quantity: number): Promise<void> {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`Cannot return ${quantity} units.`);
  await trx
    .updateTable('store_stock')
    .set({ quantity: sql`quantity + ${quantity}`, updated_at: sql`now()` })
    .where('store_id', '=', storeId)
    .where('sku', '=', sku)
    .execute();
}
