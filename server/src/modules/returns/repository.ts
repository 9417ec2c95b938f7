import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ReturnTables } from './tables.ts';

type Q = Kysely<Database>;
export type ReturnRow = Selectable<ReturnTables['return_requests']>;
export type ReturnLineRow = Selectable<ReturnTables['return_lines']>;

export async function nextReturnNumber(trx: Q): Promise<string> {
  const { n } = await sql<{ n: string }>`select nextval('return_number_seq')::text as n`
    .execute(trx)
    .then((r) => r.rows[0]!);
  return `RMA-${n.padStart(8, '0')}`;
}

/** Units of each order line already in a request (by order item id); cancelled requests give theirs back. */
export async function requestedUnits(db: Q, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('return_lines as l')
    .innerJoin('return_requests as r', 'r.id', 'l.return_id')
    .select(['l.order_item_id', sql<number>`sum(l.quantity)::int`.as('n')])
    .where('r.order_id', '=', orderId)
    .where('r.status', '!=', 'cancelled')
    .groupBy('l.order_item_id')
    .execute();
  return new Map(rows.map((r) => [r.order_item_id, r.n]));
}

/** The sizes of a product with their stock, in the catalogue's order. */
export async function sizesOf(
  db: Q,
  pids: readonly string[],
): Promise<{ pid: string; sku: string; size: string; stock: number }[]> {
  if (!pids.length) return [];
  return db
    .selectFrom('product_variants')
    .select(['pid', 'sku', 'size', 'stock'])
    .where('pid', 'in', [...pids])
    .orderBy('pid')
    .orderBy('position')
    .execute();
}

/** Today's price of one unit of each product in a currency (the sale price when there is one). */
export async function pricesOf(db: Q, pids: readonly string[], currency: string): Promise<Map<string, number>> {
  if (!pids.length) return new Map();
  const rows = await db
    .selectFrom('product_prices')
    .select(['pid', 'list_price', 'sale_price'])
    .where('pid', 'in', [...pids])
    .where('currency', '=', currency)
    .execute();
  return new Map(rows.map((r) => [r.pid, Number(r.sale_price ?? r.list_price)]));
}

/**
 * Takes `quantity` units of a size for an exchange, in the caller's transaction: a conditional decrement that
 * never goes below zero (the row lock makes concurrent requests wait, then re-check). False when short.
 */
export async function reserveUnits(trx: Q, sku: string, quantity: number): Promise<boolean> {
  const row = await trx
    .updateTable('product_variants')
    .set({ stock: sql`stock - ${quantity}` })
    .where('sku', '=', sku)
    .where('stock', '>=', quantity)
    .returning('sku')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRequest(
  trx: Q,
  values: Omit<
    ReturnTables['return_requests'],
    'id' | 'status' | 'shipping_amount' | 'created_at' | 'cancel_reason' | 'cancelled_at'
  >,
): Promise<ReturnRow> {
  return trx.insertInto('return_requests').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertLines(trx: Q, lines: Omit<ReturnTables['return_lines'], 'id'>[]): Promise<ReturnLineRow[]> {
  return trx.insertInto('return_lines').values(lines).returningAll().execute();
}

/** The newest request of an order, with its lines; undefined when it has none. */
export async function latestOfOrder(
  db: Q,
  orderId: string,
): Promise<{ request: ReturnRow; lines: ReturnLineRow[] } | undefined> {
  const request = await db
    .selectFrom('return_requests')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('return_number', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!request) return undefined;
  const lines = await db
    .selectFrom('return_lines')
    .selectAll()
    .where('return_id', '=', request.id)
    .orderBy('line_no')
    .execute();
  return { request, lines };
}
