import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import * as repo from './repository.ts';
import type { OrderStatus } from './tables.ts';

/**
 * Fulfilment stand-in for demos and browser tests: until a warehouse and carriers report real events, paid
 * orders move on by themselves — processing, then shipped (a parcel with a carrier and a tracking number)
 * or ready for pickup in the boutique, then delivered — each step `stepSeconds` after the previous one.
 * Off unless FULFILMENT_STEP_SECONDS is set (`npm start` sets it); never in production by default.
 * `onDispatched` queues the shipping (or ready-in-boutique) e-mail in the step's transaction.
 */
export async function advanceOrders(
  db: DB,
  stepSeconds: number,
  now: Date = new Date(),
  only?: readonly string[],
  onDispatched?: (trx: DB, order: repo.OrderRow, status: 'shipped' | 'readyForPickup') => Promise<void>,
): Promise<number> {
  const due = new Date(now.getTime() - stepSeconds * 1000);
  let query = db
    .selectFrom('orders')
    .select(['id'])
    .where('channel', '=', 'online')
    .where('status', 'in', ['paid', 'processing', 'shipped', 'readyForPickup'])
    .where('payment_status', '=', 'authorised')
    .where('updated_at', '<', due)
    .orderBy('updated_at')
    .limit(100);
  // Tests name their own orders (test files share a database).
  if (only) query = query.where('order_number', 'in', only.length ? [...only] : ['']);
  const candidates = await query.execute();
  let moved = 0;
  for (const { id } of candidates) {
    const changed = await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .where('updated_at', '<', due)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!order) return false;
      const items = await trx
        .selectFrom('order_items')
        .select(['line_no', 'status'])
        .where('order_id', '=', id)
        .orderBy('line_no')
        .execute();
      const collect = order.delivery_method !== 'ShipToAddress';
      const next: Record<string, OrderStatus> = {
        paid: 'processing',
        processing: collect ? 'readyForPickup' : 'shipped',
        shipped: 'delivered',
        readyForPickup: 'delivered',
      };
      const status = next[order.status];
      if (!status) return false;
      if (status === 'shipped' || status === 'readyForPickup') {
        await trx
          .insertInto('order_shipments')
          .values({
            order_id: id,
            shipment_no: 1,
            delivery_method: order.delivery_method,
            status,
            carrier: collect ? null : 'DHL Express',
            tracking_number: collect ? null : `JD${order.order_number.replace(/\D/g, '').padStart(10, '0')}`,
            estimated_delivery_date: order.estimated_to,
            shipped_at: now,
            pickup_store_id: collect ? order.store_id : null,
            item_line_nos: items.map((i) => i.line_no),
          })
          .onConflict((oc) => oc.columns(['order_id', 'shipment_no']).doNothing())
          .execute();
      } else if (status === 'delivered') {
        await trx
          .updateTable('order_shipments')
          .set({ status: 'delivered', delivered_at: now })
          .where('order_id', '=', id)
          .execute();
      }
      await repo.setStatus(trx, id, status, 'fulfilment');
      if (onDispatched && (status === 'shipped' || status === 'readyForPickup'))
        await onDispatched(trx, { ...order, status }, status);
      await trx
        .updateTable('orders')
        .set({ updated_at: sql`${now}` })
        .where('id', '=', id)
        .execute();
      return true;
    });
    if (changed) moved++;
  }
  return moved;
}
