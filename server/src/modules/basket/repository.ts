import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

export async function findBasketId(db: Q, sessionId: string): Promise<string | undefined> {
  const row = await db.selectFrom('baskets').select('id').where('session_id', '=', sessionId).executeTakeFirst();
  return row?.id;
}

/** Gets or creates the session's basket and takes its row lock until the transaction ends. */
export async function lockOrCreateBasket(trx: Q, sessionId: string, customerId?: string): Promise<string> {
  const row = await trx
    .insertInto('baskets')
    .values({ session_id: sessionId, customer_id: customerId ?? null })
    .onConflict((oc) =>
      oc
        .column('session_id')
        .doUpdateSet({ updated_at: sql`now()`, customer_id: sql`coalesce(excluded.customer_id, baskets.customer_id)` }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Locks an existing basket (for update / remove); undefined when the session has none. */
export async function lockBasket(trx: Q, sessionId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('baskets')
    .select('id')
    .where('session_id', '=', sessionId)
    .forUpdate()
    .executeTakeFirst();
  return row?.id;
}

export async function quantityOfProduct(trx: Q, basketId: string, pid: string, exceptItemId?: string): Promise<number> {
  let q = trx
    .selectFrom('basket_items')
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('n'))
    .where('basket_id', '=', basketId)
    .where('pid', '=', pid);
  if (exceptItemId) q = q.where('id', '!=', exceptItemId);
  return (await q.executeTakeFirstOrThrow()).n;
}

export async function findLine(trx: Q, basketId: string, where: { sku?: string; itemId?: string }) {
  let q = trx
    .selectFrom('basket_items as i')
    .innerJoin('products as p', 'p.pid', 'i.pid')
    .select(['i.id', 'i.pid', 'i.sku', 'i.quantity', 'p.is_employee_only as employee_only'])
    .where('i.basket_id', '=', basketId);
  if (where.sku) q = q.where('i.sku', '=', where.sku);
  if (where.itemId) q = q.where(sql<string>`i.id::text`, '=', where.itemId);
  return q.executeTakeFirst();
}

/** Units in the basket, split into OnlyForEmployee products and regular ones. */
export async function contents(
  trx: Q,
  basketId: string,
): Promise<{ units: number; employeeUnits: number; regularUnits: number }> {
  const row = await trx
    .selectFrom('basket_items as i')
    .innerJoin('products as p', 'p.pid', 'i.pid')
    .select([
      sql<number>`coalesce(sum(i.quantity), 0)::int`.as('units'),
      sql<number>`coalesce(sum(i.quantity) filter (where p.is_employee_only), 0)::int`.as('employeeUnits'),
    ])
    .where('i.basket_id', '=', basketId)
    .executeTakeFirstOrThrow();
  return { units: row.units, employeeUnits: row.employeeUnits, regularUnits: row.units - row.employeeUnits };
}

/** Employee-sale units a customer bought (orders neither cancelled nor left unpaid). */
export async function employeeSaleUnitsBought(trx: Q, customerId: string): Promise<number> {
  const row = await trx
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(sql<number>`coalesce(sum(i.quantity), 0)::int`.as('n'))
    .where('o.customer_id', '=', customerId)
    .where('o.is_employee_sale', '=', true)
    .where('o.status', '!=', 'cancelled')
    .where('o.payment_status', 'not in', ['declined', 'abandoned'])
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function variantStock(trx: Q, sku: string): Promise<number> {
  const row = await trx.selectFrom('product_variants').select('stock').where('sku', '=', sku).executeTakeFirst();
  return row?.stock ?? 0;
}

export async function upsertLine(trx: Q, basketId: string, pid: string, sku: string, quantity: number): Promise<void> {
  await trx
    .insertInto('basket_items')
    .values({ basket_id: basketId, pid, sku, quantity })
    .onConflict((oc) =>
      oc.columns(['basket_id', 'sku']).doUpdateSet({ quantity: sql`basket_items.quantity + excluded.quantity` }),
    )
    .execute();
}

export async function setLineQuantity(trx: Q, itemId: string, quantity: number): Promise<void> {
  await trx.updateTable('basket_items').set({ quantity }).where('id', '=', itemId).execute();
}

export async function deleteLine(trx: Q, itemId: string): Promise<void> {
  await trx.deleteFrom('basket_items').where('id', '=', itemId).execute();
}

export interface LineRow {
  id: string;
  pid: string;
  sku: string;
  size: string;
  quantity: number;
  slug: string;
  name: string | null;
  color_name: string | null;
  stock: number;
  list_price: number | null;
  sale_price: number | null;
  sellable: boolean;
  employee_only: boolean;
}

export async function basketLines(
  db: Q,
  basketId: string,
  language: string,
  currency: string | null,
  employee = false,
): Promise<LineRow[]> {
  return db
    .selectFrom('basket_items as i')
    .innerJoin('products as p', 'p.pid', 'i.pid')
    .innerJoin('product_variants as v', 'v.sku', 'i.sku')
    .leftJoin('product_translations as t', (j) => j.onRef('t.pid', '=', 'i.pid').on('t.language', '=', language))
    .leftJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'i.pid').on('pr.currency', '=', currency ?? '-'))
    .select([
      sql<string>`i.id::text`.as('id'),
      'i.pid',
      'i.sku',
      'v.size',
      'i.quantity',
      'p.slug',
      't.name',
      't.color_name',
      'v.stock',
      'pr.list_price',
      'pr.sale_price',
      sql<boolean>`p.is_sellable_online and p.is_ecom_assortment and (${employee} or not p.is_employee_only)`.as(
        'sellable',
      ),
      'p.is_employee_only as employee_only',
    ])
    .where('i.basket_id', '=', basketId)
    .orderBy('i.added_at')
    .orderBy('i.id')
    .execute();
}
