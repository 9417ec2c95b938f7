import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { returnStoreStock } from '../stores/index.ts';
import type { OrderStatus, OrderTables } from './tables.ts';

type Q = Kysely<Database>;
export type OrderRow = Selectable<OrderTables['orders']>;
export type OrderItemRow = Selectable<OrderTables['order_items']>;
export type ShipmentRow = Selectable<OrderTables['order_shipments']>;

export interface OrderBundle {
  order: OrderRow;
  items: OrderItemRow[];
  shipments: ShipmentRow[];
}

/** Payments that never went through: such orders are not part of anyone's order history. */
export const HIDDEN_PAYMENT_STATUSES = ['declined', 'abandoned'] as const;

export async function nextOrderNumber(trx: Q, brand: string, country: string): Promise<string> {
  const { n } = await sql<{ n: string }>`select nextval('order_number_seq')::text as n`
    .execute(trx)
    .then((r) => r.rows[0]!);
  return `${brand.toUpperCase()}-${country.toUpperCase()}-${n.padStart(8, '0')}`;
}

export async function findByNumber(db: Q, orderNumber: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber.toUpperCase()).executeTakeFirst();
}

export async function findByTransaction(db: Q, transactionUuid: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('transaction_uuid', '=', transactionUuid).executeTakeFirst();
}

/** Locks an order row until the transaction ends (status changes). */
export async function lockByNumber(trx: Q, orderNumber: string): Promise<OrderRow | undefined> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('order_number', '=', orderNumber.toUpperCase())
    .forUpdate()
    .executeTakeFirst();
}

export async function bundle(db: Q, order: OrderRow): Promise<OrderBundle> {
  const [items, shipments] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('line_no').execute(),
    db.selectFrom('order_shipments').selectAll().where('order_id', '=', order.id).orderBy('shipment_no').execute(),
  ]);
  return { order, items, shipments };
}

export async function bundles(db: Q, orders: OrderRow[]): Promise<OrderBundle[]> {
  if (!orders.length) return [];
  const ids = orders.map((o) => o.id);
  const [items, shipments] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).orderBy('line_no').execute(),
    db.selectFrom('order_shipments').selectAll().where('order_id', 'in', ids).orderBy('shipment_no').execute(),
  ]);
  return orders.map((order) => ({
    order,
    items: items.filter((i) => i.order_id === order.id),
    shipments: shipments.filter((s) => s.order_id === order.id),
  }));
}

/** One page of a customer's orders of a channel, newest first (index orders_customer_idx). */
export async function pageOfCustomer(
  db: Q,
  customerId: string,
  channel: 'online' | 'offline',
  page: number,
  pageSize: number,
) {
  const visible = db
    .selectFrom('orders')
    .where('customer_id', '=', customerId)
    .where('channel', '=', channel)
    .where('payment_status', 'not in', HIDDEN_PAYMENT_STATUSES);
  const [rows, count] = await Promise.all([
    visible
      .selectAll()
      .orderBy('placed_at', 'desc')
      .orderBy('order_number', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    visible.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export async function setStatus(
  trx: Q,
  orderId: string,
  status: OrderStatus,
  source: string,
  extra: Partial<Pick<OrderRow, 'payment_status' | 'paid_at' | 'cancelled_at' | 'cancel_reason'>> = {},
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status, updated_at: sql`now()`, ...extra })
    .where('id', '=', orderId)
    .execute();
  await trx.updateTable('order_items').set({ status }).where('order_id', '=', orderId).execute();
  await trx.insertInto('order_events').values({ order_id: orderId, status, source }).execute();
}

/**
 * Puts the units of a cancelled order back into the stock they were taken from: the boutique's for
 * PickUpAtStore, the warehouse's otherwise.
 */
export async function releaseStock(
  trx: Q,
  order: Pick<OrderRow, 'id' | 'delivery_method' | 'store_id'>,
): Promise<void> {
  const items = await trx
    .selectFrom('order_items')
    .select(['sku', 'quantity'])
    .where('order_id', '=', order.id)
    .orderBy('sku')
    .execute();
  for (const item of items) {
    if (order.delivery_method === 'PickUpAtStore' && order.store_id) {
      await returnStoreStock(trx, order.store_id, item.sku, item.quantity);
    } else {
      await trx
        .updateTable('product_variants')
        .set({ stock: sql`stock + ${item.quantity}` })
        .where('sku', '=', item.sku)
        .execute();
    }
  }
}
