// The lapse of requests whose items never reach us (lapse.ts): exactly the reserved units back, once; a received
// request never lapses; the boundary; the lines returnable again only within the window; the e-mail.
// Requests are moved to return-by dates in January 2020 and swept "as of" 2020, so only this file's requests lapse.
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { orderRepository, returnableFlows } from '../orders/index.ts';
import { lapsedInstructions, LAPSE_TEXTS } from './lapse-texts.ts';
import { lapsedReturnBy, sweepLapsedReturns } from './lapse.ts';
import {
  deliveredOrder,
  lapsingExchange,
  lapseState,
  stockOf,
  twoSizeProducts,
  type TwoSizes,
} from './test-support.ts';

let t: TestApp;
let products: TwoSizes[];
let next = 0;
const product = () => products[next++]!;
const ORIGIN = 'https://shop.example.org';
/** The first instant a request with return-by 2020-01-10 lapses (7 full days after it). */
const LAPSE_AT = new Date('2020-01-18T00:00:00.000Z');
const sweep = (now = LAPSE_AT, batch?: number) =>
  sweepLapsedReturns(t.database.db, { publicOrigin: ORIGIN, now, ...(batch ? { batch } : {}) });

beforeAll(async () => {
  t = await startTestApp();
  // Products of this file: after the ones returns.test.ts and concurrency.test.ts take (they share PostgreSQL).
  products = await twoSizeProducts(t.database.db, 6, 20);
});
afterAll(() => t.close());

const orderOf = (orderNumber: string) =>
  t.database.db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
const itemStatuses = async (orderNumber: string) =>
  (
    await sql<{
      status: string;
    }>`select i.status from order_items i join orders o on o.id = i.order_id where o.order_number = ${orderNumber} order by i.line_no`.execute(
      t.database.db,
    )
  ).rows.map((r) => r.status);
const mailOf = async (returnNumber: string) =>
  (
    await sql<{
      data: Record<string, string>;
      recipient: string;
      locale: string;
    }>`select data, recipient, locale from email_outbox where template = 'return-lapsed' and data->>'reference' = ${returnNumber}`.execute(
      t.database.db,
    )
  ).rows;

describe('the lapse rule', () => {
  it('a request lapses at 00:00 UTC on the 8th day after its return-by date', () => {
    expect(lapsedReturnBy(new Date('2020-01-18T00:00:00.000Z'))).toBe('2020-01-10');
    expect(lapsedReturnBy(new Date('2020-01-17T23:59:59.999Z'))).toBe('2020-01-09');
  });

  it('at the boundary: not one millisecond before, at once after', async () => {
    const v = product();
    const before = await stockOf(t.database.db, v.other.sku);
    const { returnNumber } = await lapsingExchange(t.app, t.database.db, v, { returnBy: '2020-01-10' });
    await sweep(new Date(LAPSE_AT.getTime() - 1));
    expect(await lapseState(t.database.db, returnNumber)).toMatchObject({
      status: 'requested',
      cancel_reason: null,
      cancelled: false,
      events: 0,
      mails: 0,
    });
    expect(await stockOf(t.database.db, v.other.sku)).toBe(before - 1);
    expect(await sweep(LAPSE_AT)).toBeGreaterThanOrEqual(1);
    expect(await lapseState(t.database.db, returnNumber)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'lapsed',
      cancelled: true,
      events: 1,
      mails: 1,
    });
    expect(await stockOf(t.database.db, v.other.sku)).toBe(before);
  });
});

describe('the lapse texts', () => {
  it('every language names the dates and the return number it is given', () => {
    for (const [language, t] of Object.entries(LAPSE_TEXTS)) {
      expect(t.closed, language).toContain('{date}');
      expect(t.closed, language).toContain('{closed}');
      expect(t.sent, language).toContain('{returnNumber}');
      expect(t.again, language).toContain('{date}');
      for (const v of Object.values(t)) expect(v.trim(), language).not.toBe('');
    }
    expect(
      lapsedInstructions('ja-jp', {
        flowType: 'Exchange',
        returnNumber: 'RMA-00030001',
        returnBy: '2020-01-10',
        cancelledAt: '2020-01-18T00:00:00.000Z',
      })[0],
    ).toBe(
      '2020年1月10日(金)までにお渡しいただく予定だった本依頼の商品が届いていないため、2020年1月18日(土)に本依頼を終了いたしました。',
    );
  });
});

describe('an exchange that lapses', () => {
  it('gives exactly the reserved units back, once; lines and order delivered again; event; e-mail; returnable again within the window', async () => {
    const v = product();
    const before = { other: await stockOf(t.database.db, v.other.sku) };
    const { order, returnNumber } = await lapsingExchange(t.app, t.database.db, v, { quantity: 2 });
    const ordered = await stockOf(t.database.db, v.sku);
    expect(await stockOf(t.database.db, v.other.sku)).toBe(before.other - 2);
    expect(await itemStatuses(order.orderNumber)).toEqual(['returnRequested']);
    expect((await orderOf(order.orderNumber)).status).toBe('returnRequested');

    // Batches of one: the loop claims batch after batch until none is left.
    expect(await sweep(LAPSE_AT, 1)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(t.database.db, v.other.sku)).toBe(before.other);
    expect(await stockOf(t.database.db, v.sku)).toBe(ordered);
    expect(await lapseState(t.database.db, returnNumber)).toEqual({
      status: 'cancelled',
      cancel_reason: 'lapsed',
      cancelled: true,
      events: 1,
      mails: 1,
    });
    expect(await itemStatuses(order.orderNumber)).toEqual(['delivered']);
    const row = await orderOf(order.orderNumber);
    expect(row.status).toBe('delivered');
    const events = await t.database.db
      .selectFrom('order_events')
      .select(['status', 'source'])
      .where('order_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(events.at(-1)).toEqual({ status: 'delivered', source: `return-lapsed:${returnNumber}` });

    const [mail] = await mailOf(returnNumber);
    expect(mail!.recipient).toBe(row.email);
    expect(mail!.locale).toBe('fr-fr');
    expect(mail!.data).toMatchObject({
      reference: returnNumber,
      orderNumber: order.orderNumber,
      outcome: 'La taille réservée pour vous a été libérée.',
      orderUrl: `${ORIGIN}/fr-fr/guest/order-online?transactionUuid=${order.transactionUuid}`,
    });
    expect(mail!.data.items).toContain(`(${v.size} → ${v.other.size}) × 2`);
    expect(mail!.data.next).toMatch(
      /^Ces articles peuvent encore être retournés ou échangés jusqu’au [a-z]+\. \d{1,2} \S+ \d{4}/,
    );

    // Idempotent: a second sweep releases nothing and writes nothing.
    await sweep();
    await sweep(new Date());
    expect(await stockOf(t.database.db, v.other.sku)).toBe(before.other);
    expect(await lapseState(t.database.db, returnNumber)).toEqual({
      status: 'cancelled',
      cancel_reason: 'lapsed',
      cancelled: true,
      events: 1,
      mails: 1,
    });

    // The thank-you page says what happened, not how to send the parcel.
    const thanks = (
      await request(t.app)
        .get(`/ssr/myaccount/return-thank-you?locale=fr-fr&transactionUuid=${order.transactionUuid}`)
        .expect(200)
    ).body;
    expect(thanks.request.status).toBe('cancelled');
    expect(thanks.nextSteps).toHaveLength(3);
    expect(thanks.nextSteps[0]).toMatch(/ne nous sont pas parvenus.*clôturée le sam\. 18 janv\. 2020\./);
    expect(thanks.nextSteps[1]).toBe('La taille réservée pour vous a été libérée.');
    expect(thanks.nextSteps[2]).toContain(returnNumber);

    // The window is still open: both units can be asked for again, and the size reserved again.
    const page = (
      await request(t.app)
        .get(`/ssr/guest/return-exchange?locale=fr-fr&transactionUuid=${order.transactionUuid}&flow=Exchange`)
        .expect(200)
    ).body;
    expect(page.lines[0]).toMatchObject({ itemId: '1', returnableQuantity: 2 });
    const again = await agent(t.app)
      .post('/api/data/order/return-request?locale=fr-fr')
      .send({
        transactionUuid: order.transactionUuid,
        flowType: 'Exchange',
        lines: [{ itemId: '1', quantity: 2, reasonId: 'size-too-small', exchangeSize: v.other.size }],
        returnMethod: 'ShipToReturnCenter',
        handover: 'dropOff',
      });
    expect(again.status).toBe(201);
    expect(await stockOf(t.database.db, v.other.sku)).toBe(before.other - 2);
  });

  it('a return (no reservation) outside the window: no stock moves, lines delivered but not returnable, the e-mail says the period has ended', async () => {
    const v = product();
    const { order, returnNumber } = await lapsingExchange(t.app, t.database.db, v, { flow: 'Return' });
    const row = await orderOf(order.orderNumber);
    // Delivered 48 days before the sweep: the 30-day window has closed by then.
    await t.database.db
      .updateTable('order_shipments')
      .set({ delivered_at: new Date('2019-12-01T10:00:00Z') })
      .where('order_id', '=', row.id)
      .execute();
    const stocks = [await stockOf(t.database.db, v.sku), await stockOf(t.database.db, v.other.sku)];
    await sweep();
    expect([await stockOf(t.database.db, v.sku), await stockOf(t.database.db, v.other.sku)]).toEqual(stocks);
    expect(await lapseState(t.database.db, returnNumber)).toEqual({
      status: 'cancelled',
      cancel_reason: 'lapsed',
      cancelled: true,
      events: 1,
      mails: 1,
    });
    expect(await itemStatuses(order.orderNumber)).toEqual(['delivered']);
    const bundle = await orderRepository.bundle(t.database.db, await orderOf(order.orderNumber));
    expect(returnableFlows(bundle, bundle.items[0]!, LAPSE_AT)).toEqual([]);
    const [mail] = await mailOf(returnNumber);
    expect(mail!.data).toMatchObject({
      outcome: 'Les articles ne nous étant pas parvenus, aucun remboursement n’est dû pour cette demande.',
      next: 'La période de retour de cette commande est désormais terminée.',
    });
    const refused = await agent(t.app)
      .post('/api/data/order/return-request?locale=fr-fr')
      .send({
        transactionUuid: order.transactionUuid,
        flowType: 'Return',
        lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }],
        returnMethod: 'ShipToReturnCenter',
        handover: 'dropOff',
      });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ERR_API_1025');
  });

  it('a request already received never lapses', async () => {
    const v = product();
    const before = await stockOf(t.database.db, v.other.sku);
    const { order, returnNumber } = await lapsingExchange(t.app, t.database.db, v);
    await t.database.db
      .updateTable('return_requests')
      .set({ status: 'received' })
      .where('return_number', '=', returnNumber)
      .execute();
    await sweep();
    await sweep(new Date());
    expect(await lapseState(t.database.db, returnNumber)).toEqual({
      status: 'received',
      cancel_reason: null,
      cancelled: false,
      events: 0,
      mails: 0,
    });
    expect(await stockOf(t.database.db, v.other.sku)).toBe(before - 1);
    expect(await itemStatuses(order.orderNumber)).toEqual(['returnRequested']);
  });

  it('one of two requests on a line lapses: its unit is released, the other request stays, the line is open again', async () => {
    const v = product();
    const before = await stockOf(t.database.db, v.other.sku);
    const { order } = await deliveredOrder(t.app, t.database.db, v, { quantity: 2 });
    const send = (body: Record<string, unknown>) =>
      agent(t.app)
        .post('/api/data/order/return-request?locale=fr-fr')
        .send({
          transactionUuid: order.transactionUuid,
          returnMethod: 'ShipToReturnCenter',
          handover: 'dropOff',
          ...body,
        });
    const a = await send({
      flowType: 'Exchange',
      lines: [{ itemId: '1', quantity: 1, reasonId: 'size-too-small', exchangeSize: v.other.size }],
    });
    const b = await send({ flowType: 'Return', lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }] });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await itemStatuses(order.orderNumber)).toEqual(['returnRequested']);
    await t.database.db
      .updateTable('return_requests')
      .set({ return_by: '2020-01-09' })
      .where('return_number', '=', a.body.returnNumber)
      .execute();
    await sweep();
    expect((await lapseState(t.database.db, a.body.returnNumber)).status).toBe('cancelled');
    expect(await lapseState(t.database.db, b.body.returnNumber)).toMatchObject({
      status: 'requested',
      events: 0,
      mails: 0,
    });
    expect(await stockOf(t.database.db, v.other.sku)).toBe(before);
    expect(await itemStatuses(order.orderNumber)).toEqual(['delivered']);
    expect((await orderOf(order.orderNumber)).status).toBe('delivered');
    const page = (
      await request(t.app)
        .get(`/ssr/guest/return-exchange?locale=fr-fr&transactionUuid=${order.transactionUuid}`)
        .expect(200)
    ).body;
    expect(page.lines[0]).toMatchObject({ itemId: '1', returnableQuantity: 1 });
  });
});
