// Helpers of the return tests: delivered orders placed through the real API, products with several sizes.
import type { Express } from 'express';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { agent } from '../../test/harness.ts';
import { orderBody, place, type Agent } from '../checkout/test-support.ts';
import { advanceOrders } from '../orders/index.ts';

export interface TwoSizes {
  pid: string;
  size: string;
  sku: string;
  other: { size: string; sku: string };
}

/**
 * Products sold online in EUR with at least two sizes in stock, from the end of the catalogue (the checkout and
 * order tests take theirs from the start): `offset` picks another one.
 */
export async function twoSizeProducts(db: DB, count: number, offset = 0, currency = 'EUR'): Promise<TwoSizes[]> {
  const rows = await sql<{ pid: string; skus: string[]; sizes: string[] }>`
    select p.pid, array_agg(v.sku order by v.position) as skus, array_agg(v.size order by v.position) as sizes
    from products p
    join product_variants v on v.pid = p.pid and v.stock >= 3
    join product_prices pr on pr.pid = p.pid and pr.currency = ${currency}
    where not p.is_employee_only and p.is_sellable_online and p.is_ecom_assortment
    group by p.pid having count(*) >= 2
    order by p.pid desc offset ${offset} limit ${count}`.execute(db);
  if (rows.rows.length < count) throw new Error('not enough products with two sizes in stock');
  return rows.rows.map((r) => ({
    pid: r.pid,
    size: r.sizes[0]!,
    sku: r.skus[0]!,
    other: { size: r.sizes[1]!, sku: r.skus[1]! },
  }));
}

/** Moves one order on to `delivered` (paid → processing → shipped → delivered) with the demo fulfilment. */
export async function deliver(db: DB, orderNumber: string): Promise<void> {
  let now = Date.now() + 60_000;
  for (let i = 0; i < 3; i++) {
    await advanceOrders(db, 1, new Date(now), [orderNumber]);
    now += 2_000;
  }
}

/** Places an order of `quantity` units of the size (a new guest unless `a` is given), then delivers it. */
export async function deliveredOrder(
  app: Express,
  db: DB,
  v: { pid: string; size: string },
  options: {
    a?: Agent;
    quantity?: number;
    email?: string;
    deliver?: boolean;
    locale?: string;
    overrides?: (option: { id: string; total: { total: number } }) => Record<string, unknown>;
  } = {},
) {
  const a = options.a ?? agent(app);
  const locale = options.locale ?? 'fr-fr';
  await a
    .post(`/api/data/basket/add-item?locale=${locale}`)
    .send({ pid: v.pid, size: v.size, quantity: options.quantity ?? 1 })
    .expect(200);
  const draft = await orderBody(a, options.email ? { email: options.email } : {}, locale);
  const body = options.overrides ? { ...draft.body, ...options.overrides(draft.option) } : draft.body;
  const res = await place(a, body, undefined, locale);
  if (res.status !== 201) throw new Error(`place-order answered ${res.status}: ${JSON.stringify(res.body)}`);
  const order = res.body as {
    orderNumber: string;
    transactionUuid: string;
    items: { itemId: string; unitPrice: number; lineTotal: number }[];
  };
  if (options.deliver !== false) await deliver(db, order.orderNumber);
  return { a, order };
}

export async function stockOf(db: DB, sku: string): Promise<number> {
  return (await db.selectFrom('product_variants').select('stock').where('sku', '=', sku).executeTakeFirstOrThrow())
    .stock;
}

/** What a request may write: requests, lines, e-mails, order events, for one order. */
export async function footprint(db: DB, orderNumber: string) {
  const r = await sql<{ requests: number; lines: number; events: number; mails: number }>`
    select
      (select count(*)::int from return_requests rr join orders o on o.id = rr.order_id where o.order_number = ${orderNumber}) as requests,
      (select count(*)::int from return_lines l join return_requests rr on rr.id = l.return_id join orders o on o.id = rr.order_id where o.order_number = ${orderNumber}) as lines,
      (select count(*)::int from order_events e join orders o on o.id = e.order_id where o.order_number = ${orderNumber}) as events,
      (select count(*)::int from email_outbox where template = 'return-request' and data->>'orderNumber' = ${orderNumber}) as mails`.execute(
    db,
  );
  return r.rows[0]!;
}

/**
 * An exchange of `quantity` units of a delivered guest order for the other size, sent through the API; its
 * `return_by` is then moved to `returnBy` (a date long past) so that only the lapse tests' requests lapse.
 */
export async function lapsingExchange(
  app: Express,
  db: DB,
  v: TwoSizes,
  options: { quantity?: number; returnBy?: string; flow?: 'Exchange' | 'Return' } = {},
) {
  const quantity = options.quantity ?? 1;
  const flow = options.flow ?? 'Exchange';
  const { order } = await deliveredOrder(app, db, v, { quantity });
  const res = await agent(app)
    .post('/api/data/order/return-request?locale=fr-fr')
    .send({
      transactionUuid: order.transactionUuid,
      flowType: flow,
      lines: [
        {
          itemId: '1',
          quantity,
          reasonId: 'size-too-small',
          ...(flow === 'Exchange' ? { exchangeSize: v.other.size } : {}),
        },
      ],
      returnMethod: 'ShipToReturnCenter',
      handover: 'dropOff',
    });
  if (res.status !== 201) throw new Error(`return-request answered ${res.status}: ${JSON.stringify(res.body)}`);
  const returnNumber = res.body.returnNumber as string;
  await db
    .updateTable('return_requests')
    .set({ return_by: options.returnBy ?? '2020-01-10' })
    .where('return_number', '=', returnNumber)
    .execute();
  return { order, returnNumber };
}

/** A request's state after a sweep: status, reason, lapse events and e-mails. */
export async function lapseState(db: DB, returnNumber: string) {
  const r = await sql<{
    status: string;
    cancel_reason: string | null;
    cancelled: boolean;
    events: number;
    mails: number;
  }>`
    select r.status, r.cancel_reason, r.cancelled_at is not null as cancelled,
      (select count(*)::int from order_events e where e.order_id = r.order_id and e.source = ${`return-lapsed:${returnNumber}`}) as events,
      (select count(*)::int from email_outbox m where m.template = 'return-lapsed' and m.data->>'reference' = ${returnNumber}) as mails
    from return_requests r where r.return_number = ${returnNumber}`.execute(db);
  return r.rows[0]!;
}
