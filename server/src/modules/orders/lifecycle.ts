import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as repo from './repository.ts';
import type { OrderRow } from './repository.ts';
import type { OrderDeliveryMethod, PaymentStatus } from './tables.ts';

type Q = Kysely<Database>;

export interface NewOrder {
  brand: string;
  country: string;
  locale: string;
  currency: string;
  customerId: string | null;
  sessionId: string;
  basketId: string;
  email: string;
  civility: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  deliveryMethod: OrderDeliveryMethod;
  deliveryKind: string;
  shippingMethodId: string;
  storeId: string | null;
  shippingAddress: unknown;
  billingAddress: unknown;
  gift: unknown;
  totals: { subtotal: number; shipping: number; tax: number; discount: number; total: number };
  isEmployeeSale: boolean;
  paymentMethod: string;
  estimatedFrom: string;
  estimatedTo: string;
  lines: {
    pid: string;
    sku: string;
    size: string;
    name: string;
    color: string;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
  }[];
}

/** Writes a placed order (payment pending) with its lines and first event, in the caller's transaction. */
export async function insertOrder(trx: Q, input: NewOrder): Promise<OrderRow> {
  const orderNumber = await repo.nextOrderNumber(trx, input.brand, input.country);
  const json = (v: unknown) => (v === null || v === undefined ? null : (JSON.stringify(v) as never));
  const order = await trx
    .insertInto('orders')
    .values({
      order_number: orderNumber,
      channel: 'online',
      status: 'placed',
      brand: input.brand,
      country: input.country,
      locale: input.locale,
      currency: input.currency,
      customer_id: input.customerId,
      session_id: input.sessionId,
      basket_id: input.basketId,
      email: input.email,
      civility: input.civility,
      first_name: input.firstName,
      last_name: input.lastName,
      phone: input.phone,
      delivery_method: input.deliveryMethod,
      delivery_kind: input.deliveryKind,
      shipping_method_id: input.shippingMethodId,
      store_id: input.storeId,
      shipping_address: json(input.shippingAddress),
      billing_address: json(input.billingAddress),
      gift: json(input.gift),
      subtotal: input.totals.subtotal,
      shipping: input.totals.shipping,
      tax: input.totals.tax,
      discount: input.totals.discount,
      total: input.totals.total,
      is_employee_sale: input.isEmployeeSale,
      payment_status: 'pending',
      payment_method: input.paymentMethod,
      estimated_from: input.estimatedFrom,
      estimated_to: input.estimatedTo,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_items')
    .values(
      input.lines.map((l, i) => ({
        order_id: order.id,
        line_no: i + 1,
        pid: l.pid,
        sku: l.sku,
        size: l.size,
        name: l.name,
        color: l.color,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        line_total: l.lineTotal,
        status: 'placed' as const,
      })),
    )
    .execute();
  await trx.insertInto('order_events').values({ order_id: order.id, status: 'placed', source: 'checkout' }).execute();
  return order;
}

/** The payment is authorised: the order is paid and waits for preparation. */
export async function markPaid(
  trx: Q,
  order: Pick<OrderRow, 'id'>,
  payment: { reference: string; cardBrand: string | null; cardLast4: string | null },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ payment_reference: payment.reference, card_brand: payment.cardBrand, card_last4: payment.cardLast4 })
    .where('id', '=', order.id)
    .execute();
  await repo.setStatus(trx, order.id, 'paid', 'payment', { payment_status: 'authorised', paid_at: new Date() });
}

export async function markAwaitingAuthentication(
  trx: Q,
  order: Pick<OrderRow, 'id'>,
  payment: { reference: string; cardBrand: string | null; cardLast4: string | null },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      payment_status: 'actionRequired',
      payment_reference: payment.reference,
      card_brand: payment.cardBrand,
      card_last4: payment.cardLast4,
      updated_at: sql`now()`,
    })
    .where('id', '=', order.id)
    .execute();
}

/**
 * Cancels an order and puts its units back into stock, in the caller's transaction (which holds the
 * order's row lock). `paymentStatus` says what became of the payment.
 */
export async function cancelAndRelease(
  trx: Q,
  order: Pick<OrderRow, 'id' | 'delivery_method' | 'store_id'>,
  outcome: { paymentStatus: PaymentStatus; reason: string; source: string },
): Promise<void> {
  await repo.releaseStock(trx, order);
  await repo.setStatus(trx, order.id, 'cancelled', outcome.source, {
    payment_status: outcome.paymentStatus,
    cancelled_at: new Date(),
    cancel_reason: outcome.reason,
  });
}

/** Minutes an order may wait for its payment (a crash mid-payment, an authentication never answered). */
export const PAYMENT_WINDOW_MINUTES = 15;

/**
 * Cancels the orders whose payment was never decided within the window and releases their stock. Each
 * order is locked with SKIP LOCKED, so instances sweeping together never double-release.
 */
export async function sweepUnpaidOrders(db: Q, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PAYMENT_WINDOW_MINUTES * 60_000);
  let swept = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('orders')
        .select(['id', 'delivery_method', 'store_id'])
        .where('payment_status', 'in', ['pending', 'actionRequired'])
        .where('placed_at', '<', before)
        .orderBy('placed_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!order) return true;
      await cancelAndRelease(trx, order, {
        paymentStatus: 'abandoned',
        reason: 'payment not completed',
        source: 'sweep',
      });
      return false;
    });
    if (done) return swept;
    swept++;
  }
}
