import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { insertCustomer, signIn, type TestCustomer } from '../accounts/test-support.ts';
import type { Agent } from '../checkout/test-support.ts';
import { deliveredOrder, footprint, stockOf, twoSizeProducts, type TwoSizes } from './test-support.ts';

let t: TestApp;
let customer: TestCustomer;
let browser: Agent;
let products: TwoSizes[];
let next = 0;
/** A product of its own for every test (tests never share stock). */
const product = () => products[next++]!;
const RETURN = '/api/data/order/return-request?locale=fr-fr';

beforeAll(async () => {
  t = await startTestApp();
  products = await twoSizeProducts(t.database.db, 16);
  customer = await insertCustomer(t.database.db, { firstName: 'Camille', lastName: 'Martin' });
  browser = agent(t.app);
  await signIn(browser, customer);
});
afterAll(() => t.close());

const customerOrder = (v: TwoSizes, options: { quantity?: number; deliver?: boolean } = {}) =>
  deliveredOrder(t.app, t.database.db, v, { a: browser, email: customer.email, ...options });
const guestOrder = (v: TwoSizes, options: { quantity?: number; deliver?: boolean } = {}) =>
  deliveredOrder(t.app, t.database.db, v, options);
const orderRow = (orderNumber: string) =>
  t.database.db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
const itemStatuses = async (orderNumber: string) =>
  (
    await sql<{
      status: string;
    }>`select i.status from order_items i join orders o on o.id = i.order_id where o.order_number = ${orderNumber} order by i.line_no`.execute(
      t.database.db,
    )
  ).rows.map((r) => r.status);

describe('pages', () => {
  it('/return-order: the guest form (trackOrder, reCAPTCHA key), both flows and the six steps', async () => {
    const res = await request(t.app).get('/ssr/return-order?locale=fr-fr').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({
      pageType: 'return-order',
      formId: 'trackOrder',
      flowTypes: ['Return', 'Exchange'],
      steps: ['orderDetails', 'productSelection', 'returnProduct', 'shipping', 'refund', 'confirmation'],
    });
    expect(res.body.meta.robots).toBe('noindex, nofollow');
  });

  it('/guest/return-exchange: the order by its transaction, lines left, exchange sizes, methods and boutiques', async () => {
    const v = product();
    const { order } = await guestOrder(v);
    const res = await request(t.app)
      .get(`/ssr/guest/return-exchange?locale=fr-fr&transactionUuid=${order.transactionUuid}&flow=Exchange`)
      .expect(200);
    const page = res.body;
    expect(page).toMatchObject({
      pageType: 'guest-return-exchange',
      flowType: 'Exchange',
      currentStep: 'orderDetails',
      availableFlowTypes: ['Return', 'Exchange'],
      returnWindowDays: 30,
      handovers: ['pickUp', 'dropOff'],
    });
    expect(page.steps).toEqual([
      'orderDetails',
      'productSelection',
      'exchangeProduct',
      'shipping',
      'refund',
      'confirmation',
    ]);
    expect(page.order.items[0].returnableFlows).toEqual(['Return', 'Exchange']);
    expect(page.lines[0]).toMatchObject({ itemId: '1', returnableQuantity: 1 });
    expect(page.lines[0].exchangeSizes).toContainEqual({
      size: v.other.size,
      unitPrice: order.items[0]!.unitPrice,
      priceDifference: 0,
    });
    expect(page.lines[0].exchangeSizes.map((s: { size: string }) => s.size)).not.toContain(v.size);
    expect(page.returnReasons.map((r: { id: string }) => r.id)).toEqual([
      'size-too-small',
      'size-too-large',
      'not-as-pictured',
      'quality',
      'wrong-item',
      'changed-mind',
    ]);
    expect(page.returnReasons[0].label).toBe('Trop petit');
    expect(page.returnMethods).toEqual(['ShipToReturnCenter', 'ShipToStore']);
    expect(page.stores.length).toBeGreaterThan(0);
    expect(page.stores[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      city: expect.any(String),
    });
    expect(
      (await request(t.app).get(`/ssr/guest/return-exchange?locale=fr-fr&transactionUuid=${randomUUID()}`).expect(404))
        .body.code,
    ).toBe('ERR_GUEST_API_1001');
    expect(
      (await request(t.app).get('/ssr/guest/return-exchange?locale=fr-fr&transactionUuid=nope').expect(400)).body.code,
    ).toBe('ERR_GUEST_API_1000');
  });

  it("/myaccount/return-exchange: the customer's own order only; signed out → 401", async () => {
    const { order } = await customerOrder(product());
    const page = (
      await browser.get(`/ssr/myaccount/return-exchange?locale=fr-fr&orderNumber=${order.orderNumber}`).expect(200)
    ).body;
    expect(page).toMatchObject({
      pageType: 'my-account-return-exchange',
      flowType: 'Return',
      order: { orderNumber: order.orderNumber },
    });
    const other = await guestOrder(product());
    expect(
      (
        await browser
          .get(`/ssr/myaccount/return-exchange?locale=fr-fr&orderNumber=${other.order.orderNumber}`)
          .expect(404)
      ).body.code,
    ).toBe('ERR_API_1023');
    expect(
      (
        await request(t.app)
          .get(`/ssr/myaccount/return-exchange?locale=fr-fr&orderNumber=${order.orderNumber}`)
          .expect(401)
      ).body.code,
    ).toBe('ERR_API_1020');
    expect((await browser.get('/ssr/myaccount/return-exchange?locale=fr-fr&orderNumber=x').expect(400)).body.code).toBe(
      'ERR_CO_API_1000',
    );
    expect((await browser.get('/ssr/myaccount/return-thank-you?locale=fr-fr').expect(400)).body.code).toBe(
      'ERR_CO_API_1000',
    );
    expect(
      (await browser.get(`/ssr/myaccount/return-thank-you?locale=fr-fr&orderNumber=${order.orderNumber}`).expect(404))
        .body.code,
    ).toBe('ERR_API_1023');
  });
});

describe('a customer returns an item', () => {
  it('201: refund of the price paid to the card, lines and order marked, event, e-mail, thank-you page', async () => {
    const { order } = await customerOrder(product());
    const before = await footprint(t.database.db, order.orderNumber);
    const res = await browser
      .post(RETURN)
      .send({
        orderNumber: order.orderNumber,
        flowType: 'Return',
        lines: [{ itemId: '1', quantity: 1, reasonId: 'changed-mind' }],
        returnMethod: 'ShipToReturnCenter',
        handover: 'dropOff',
      })
      .expect(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const r = res.body;
    expect(r.returnNumber).toMatch(/^RMA-\d{8}$/);
    expect(r).toMatchObject({
      orderNumber: order.orderNumber,
      flowType: 'Return',
      status: 'requested',
      returnMethod: 'ShipToReturnCenter',
      handover: 'dropOff',
      store: null,
      returnLabelUrl: null,
    });
    const paid = order.items[0]!.lineTotal;
    expect(r.lines).toEqual([
      expect.objectContaining({ itemId: '1', quantity: 1, reasonId: 'changed-mind', exchangeSize: null, amount: paid }),
    ]);
    expect(r.refund).toEqual({
      currencyCode: 'EUR',
      itemsAmount: paid,
      taxAmount: 0,
      shippingAmount: 0,
      total: paid,
      method: 'card',
      cardBrand: expect.any(String),
      cardLast4: expect.stringMatching(/^\d{4}$/),
    });
    expect(r.instructions).toHaveLength(3);
    expect(r.instructions[1]).toContain(r.returnNumber);
    expect(new Date(r.returnBy).getTime() - Date.now()).toBeGreaterThan(13 * 86_400_000);

    expect(await itemStatuses(order.orderNumber)).toEqual(['returnRequested']);
    expect((await orderRow(order.orderNumber)).status).toBe('returnRequested');
    const after = await footprint(t.database.db, order.orderNumber);
    expect(after).toEqual({
      requests: before.requests + 1,
      lines: before.lines + 1,
      events: before.events + 1,
      mails: before.mails + 1,
    });
    const mail = await t.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('template', '=', 'return-request')
      .where('recipient', '=', customer.email.toLowerCase())
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.data).toMatchObject({
      reference: r.returnNumber,
      orderNumber: order.orderNumber,
      detailsUrl: expect.stringContaining(`/fr-fr/myaccount/return-thank-you?orderNumber=${order.orderNumber}`),
    });

    const thanks = (
      await browser.get(`/ssr/myaccount/return-thank-you?locale=fr-fr&orderNumber=${order.orderNumber}`).expect(200)
    ).body;
    expect(thanks).toMatchObject({
      pageType: 'my-account-return-thank-you',
      returnNumber: r.returnNumber,
      flowType: 'Return',
      guest: false,
      request: { returnNumber: r.returnNumber },
    });
    expect(thanks.items.map((i: { itemId: string; status: string }) => [i.itemId, i.status])).toEqual([
      ['1', 'returnRequested'],
    ]);
    expect(thanks.nextSteps).toEqual(r.instructions);

    // The line is wholly requested: a second request is refused and writes nothing.
    const again = await browser
      .post(RETURN)
      .send({
        orderNumber: order.orderNumber,
        flowType: 'Return',
        lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }],
        returnMethod: 'ShipToReturnCenter',
        handover: 'pickUp',
      })
      .expect(409);
    expect(again.body.code).toBe('ERR_API_1025');
    expect(await footprint(t.database.db, order.orderNumber)).toEqual(after);
  });

  it('part of a line: the units left stay returnable; more than is left is refused (ERR_API_1025)', async () => {
    const { order } = await customerOrder(product(), { quantity: 2 });
    const body = (quantity: number) => ({
      orderNumber: order.orderNumber,
      flowType: 'Return',
      lines: [{ itemId: '1', quantity, reasonId: 'size-too-large' }],
      returnMethod: 'ShipToReturnCenter',
      handover: 'pickUp',
    });
    expect((await browser.post(RETURN).send(body(3)).expect(409)).body.code).toBe('ERR_API_1025');
    const first = (await browser.post(RETURN).send(body(1)).expect(201)).body;
    expect(first.refund.itemsAmount).toBe(order.items[0]!.unitPrice);
    expect(await itemStatuses(order.orderNumber)).toEqual(['delivered']);
    const page = (
      await browser.get(`/ssr/myaccount/return-exchange?locale=fr-fr&orderNumber=${order.orderNumber}`).expect(200)
    ).body;
    expect(page.lines[0].returnableQuantity).toBe(1);
    const before = await footprint(t.database.db, order.orderNumber);
    expect((await browser.post(RETURN).send(body(2)).expect(409)).body.code).toBe('ERR_API_1025');
    expect(await footprint(t.database.db, order.orderNumber)).toEqual(before);
    await browser.post(RETURN).send(body(1)).expect(201);
    expect(await itemStatuses(order.orderNumber)).toEqual(['returnRequested']);
    expect((await orderRow(order.orderNumber)).status).toBe('returnRequested');
  });

  it('in a boutique that takes returns (ShipToStore); an unknown or foreign boutique is ERR_GLS_1006', async () => {
    const { order } = await customerOrder(product());
    const page = (
      await browser.get(`/ssr/myaccount/return-exchange?locale=fr-fr&orderNumber=${order.orderNumber}`).expect(200)
    ).body;
    const store = page.stores[0];
    const body = (storeId: string) => ({
      orderNumber: order.orderNumber,
      flowType: 'Return',
      lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }],
      returnMethod: 'ShipToStore',
      storeId,
    });
    expect((await browser.post(RETURN).send(body('999999')).expect(404)).body.code).toBe('ERR_GLS_1006');
    const foreign = await t.database.db
      .selectFrom('stores')
      .select('id')
      .where('country', '!=', 'FR')
      .where('brand', '=', 'ysl')
      .executeTakeFirstOrThrow();
    expect((await browser.post(RETURN).send(body(foreign.id)).expect(404)).body.code).toBe('ERR_GLS_1006');
    expect((await footprint(t.database.db, order.orderNumber)).requests).toBe(0);
    const r = (await browser.post(RETURN).send(body(store.id)).expect(201)).body;
    expect(r).toMatchObject({ returnMethod: 'ShipToStore', handover: null, store: { id: store.id, name: store.name } });
    expect(r.instructions[1]).toContain(store.name);
  });
});

describe('a guest returns from a US order', () => {
  it('the refund adds the sales tax charged on top of the price (prices exclude tax in the US)', async () => {
    const [v] = await twoSizeProducts(t.database.db, 1, 30, 'USD');
    const address = {
      firstName: 'Olivia',
      lastName: 'Bennett',
      addressLine1: '148 East 72nd Street',
      city: 'New York',
      stateCode: 'NY',
      postalCode: '10021',
      country: 'US',
    };
    const { order } = await deliveredOrder(t.app, t.database.db, v!, {
      locale: 'en-us',
      overrides: (option) => ({ delivery: { optionId: option.id, address }, expectedTotal: option.total.total }),
    });
    const row = await orderRow(order.orderNumber);
    const r = (
      await agent(t.app)
        .post('/api/data/order/return-request?locale=en-us')
        .send({
          transactionUuid: order.transactionUuid,
          flowType: 'Return',
          lines: [{ itemId: '1', quantity: 1, reasonId: 'size-too-large' }],
          returnMethod: 'ShipToReturnCenter',
          handover: 'pickUp',
        })
        .expect(201)
    ).body;
    const share = Number(row.tax) / (Number(row.subtotal) + Number(row.shipping));
    expect(r.refund.currencyCode).toBe('USD');
    expect(r.refund.itemsAmount).toBe(order.items[0]!.unitPrice);
    expect(r.refund.taxAmount).toBeGreaterThan(0);
    expect(r.refund.taxAmount).toBeCloseTo(order.items[0]!.unitPrice * share, 1);
    expect(r.refund.total).toBeCloseTo(r.refund.itemsAmount + r.refund.taxAmount, 2);
    expect(r.instructions[2]).toContain('$');
  });
});

describe('a guest exchanges for another size', () => {
  it('201 by transactionUuid: the new size reserved from stock, nothing to pay or refund, thank-you page as a guest', async () => {
    const v = product();
    const { order } = await guestOrder(v);
    const stock = await stockOf(t.database.db, v.other.sku);
    const res = await agent(t.app)
      .post(RETURN)
      .send({
        transactionUuid: order.transactionUuid,
        flowType: 'Exchange',
        lines: [{ itemId: '1', quantity: 1, reasonId: 'size-too-small', exchangeSize: v.other.size }],
        returnMethod: 'ShipToReturnCenter',
        handover: 'pickUp',
      })
      .expect(201);
    expect(res.body.lines[0]).toMatchObject({ size: v.size, exchangeSize: v.other.size, amount: 0 });
    expect(res.body.refund).toMatchObject({ itemsAmount: 0, taxAmount: 0, total: 0 });
    expect(await stockOf(t.database.db, v.other.sku)).toBe(stock - 1);
    const line = await t.database.db
      .selectFrom('return_lines')
      .selectAll()
      .where('replacement_sku', '=', v.other.sku)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ replacement_size: v.other.size, quantity: 1 });
    const thanks = (
      await request(t.app)
        .get(`/ssr/myaccount/return-thank-you?locale=fr-fr&transactionUuid=${order.transactionUuid}`)
        .expect(200)
    ).body;
    expect(thanks).toMatchObject({ guest: true, flowType: 'Exchange', returnNumber: res.body.returnNumber });
    const mail = await t.database.db
      .selectFrom('email_outbox')
      .select('data')
      .where('template', '=', 'return-request')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.data).toMatchObject({
      reference: res.body.returnNumber,
      detailsUrl: expect.stringContaining(`transactionUuid=${order.transactionUuid}`),
      request: {
        flow: 'Exchange',
        lines: [expect.objectContaining({ size: v.size, newSize: v.other.size, quantity: 1 })],
      },
    });
  });

  it('the rules: same or unknown size (ERR_API_1025), a size out of stock (ERR_OCAPI_1011), a dearer size (ERR_API_1026): nothing written', async () => {
    const v = product();
    const { order } = await guestOrder(v);
    const exchange = (size: string) =>
      agent(t.app)
        .post(RETURN)
        .send({
          transactionUuid: order.transactionUuid,
          flowType: 'Exchange',
          lines: [{ itemId: '1', quantity: 1, reasonId: 'size-too-small', exchangeSize: size }],
          returnMethod: 'ShipToReturnCenter',
          handover: 'dropOff',
        });
    const before = await footprint(t.database.db, order.orderNumber);
    expect((await exchange(v.size).expect(409)).body.code).toBe('ERR_API_1025');
    expect((await exchange('XXL9').expect(409)).body.code).toBe('ERR_API_1025');
    const stock = await stockOf(t.database.db, v.other.sku);
    await t.database.db.updateTable('product_variants').set({ stock: 0 }).where('sku', '=', v.other.sku).execute();
    expect((await exchange(v.other.size).expect(409)).body.code).toBe('ERR_OCAPI_1011');
    expect(await stockOf(t.database.db, v.other.sku)).toBe(0);
    await t.database.db.updateTable('product_variants').set({ stock }).where('sku', '=', v.other.sku).execute();
    const price = await t.database.db
      .selectFrom('product_prices')
      .selectAll()
      .where('pid', '=', v.pid)
      .where('currency', '=', 'EUR')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('product_prices')
      .set({ list_price: Number(price.list_price) + 100, sale_price: null })
      .where('pid', '=', v.pid)
      .where('currency', '=', 'EUR')
      .execute();
    const dearer = await exchange(v.other.size).expect(409);
    expect(dearer.body).toMatchObject({ code: 'ERR_API_1026', title: 'Exchange price too high.' });
    await t.database.db
      .updateTable('product_prices')
      .set({ list_price: price.list_price, sale_price: price.sale_price })
      .where('pid', '=', v.pid)
      .where('currency', '=', 'EUR')
      .execute();
    expect(await stockOf(t.database.db, v.other.sku)).toBe(stock);
    expect(await footprint(t.database.db, order.orderNumber)).toEqual(before);
    expect(await itemStatuses(order.orderNumber)).toEqual(['delivered']);
  });
});

describe('bad input: a catalogue code, a clear message, nothing written', () => {
  it('a line not delivered yet, outside the window, or of an employee sale: ERR_API_1025', async () => {
    const paidOnly = await guestOrder(product(), { deliver: false });
    const body = (o: { transactionUuid: string }) => ({
      transactionUuid: o.transactionUuid,
      flowType: 'Return',
      lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }],
      returnMethod: 'ShipToReturnCenter',
      handover: 'dropOff',
    });
    const notYet = await agent(t.app).post(RETURN).send(body(paidOnly.order)).expect(409);
    expect(notYet.body).toMatchObject({
      code: 'ERR_API_1025',
      title: 'The order or item of the order is not exchangeable.',
    });
    expect(notYet.body.detail).toContain('paid');

    const late = await guestOrder(product());
    const order = await orderRow(late.order.orderNumber);
    await t.database.db
      .updateTable('order_shipments')
      .set({ delivered_at: new Date(Date.now() - 31 * 86_400_000) })
      .where('order_id', '=', order.id)
      .execute();
    expect((await agent(t.app).post(RETURN).send(body(late.order)).expect(409)).body.code).toBe('ERR_API_1025');
    const page = (
      await request(t.app)
        .get(`/ssr/guest/return-exchange?locale=fr-fr&transactionUuid=${late.order.transactionUuid}`)
        .expect(200)
    ).body;
    expect(page.availableFlowTypes).toEqual([]);
    expect(page.lines[0]).toEqual({ itemId: '1', returnableQuantity: 0, exchangeSizes: [] });

    const staff = await guestOrder(product());
    await t.database.db
      .updateTable('orders')
      .set({ is_employee_sale: true })
      .where('order_number', '=', staff.order.orderNumber)
      .execute();
    expect((await agent(t.app).post(RETURN).send(body(staff.order)).expect(409)).body.code).toBe('ERR_API_1025');
    for (const o of [paidOnly, late, staff])
      expect((await footprint(t.database.db, o.order.orderNumber)).requests).toBe(0);
  });

  it("another customer's order number: 404 ERR_API_1023 (as an unknown one); signed out: 401; unknown transaction: ERR_GUEST_API_1001", async () => {
    const other = await guestOrder(product());
    const body = {
      orderNumber: other.order.orderNumber,
      flowType: 'Return',
      lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }],
      returnMethod: 'ShipToReturnCenter',
      handover: 'dropOff',
    };
    const before = await footprint(t.database.db, other.order.orderNumber);
    const refused = await browser.post(RETURN).send(body).expect(404);
    expect(refused.body.code).toBe('ERR_API_1023');
    expect(refused.headers['content-type']).toContain('application/problem+json');
    const unknown = await browser
      .post(RETURN)
      .send({ ...body, orderNumber: 'YSL-FR-99999999' })
      .expect(404);
    expect(unknown.body.title).toBe(refused.body.title);
    expect((await agent(t.app).post(RETURN).send(body).expect(401)).body.code).toBe('ERR_API_1020');
    const guest = await agent(t.app)
      .post(RETURN)
      .send({ ...body, orderNumber: undefined, transactionUuid: randomUUID() })
      .expect(404);
    expect(guest.body).toMatchObject({ code: 'ERR_GUEST_API_1001', title: 'Customer Not found' });
    expect(await footprint(t.database.db, other.order.orderNumber)).toEqual(before);
  });

  it('malformed requests: ERR_API_1018 (with the field), ERR_GUEST_API_1000, ERR_CO_API_1000, ERR_FORM_1008; cross-site: ERR_API_1001', async () => {
    const v = product();
    const { order } = await guestOrder(v);
    const base = {
      transactionUuid: order.transactionUuid,
      flowType: 'Return',
      lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }],
      returnMethod: 'ShipToReturnCenter',
      handover: 'dropOff',
    };
    const post = (body: unknown) =>
      agent(t.app)
        .post(RETURN)
        .send(body as object);
    const cases: [unknown, string, string?][] = [
      [{ ...base, orderNumber: order.orderNumber }, 'ERR_API_1018', 'body/orderNumber'],
      [{ ...base, transactionUuid: undefined }, 'ERR_API_1018', 'body/orderNumber'],
      [{ ...base, flowType: 'Exchange' }, 'ERR_API_1018', 'body/lines/0/exchangeSize'],
      [
        { ...base, lines: [{ ...base.lines[0], exchangeSize: v.other.size }] },
        'ERR_API_1018',
        'body/lines/0/exchangeSize',
      ],
      [{ ...base, lines: [base.lines[0], base.lines[0]] }, 'ERR_API_1018', 'body/lines/1/itemId'],
      [{ ...base, handover: undefined }, 'ERR_API_1018', 'body/handover'],
      [{ ...base, returnMethod: 'ShipToStore', handover: undefined }, 'ERR_API_1018', 'body/storeId'],
      [{ ...base, returnMethod: 'ShipToAddress' }, 'ERR_API_1018'],
      [{ ...base, lines: [{ ...base.lines[0], quantity: 0 }] }, 'ERR_API_1018'],
      [{ ...base, lines: [{ ...base.lines[0], reasonId: 'bored' }] }, 'ERR_API_1018'],
      [{ ...base, lines: [] }, 'ERR_API_1018'],
      [{ ...base, refundTo: 'giftCard' }, 'ERR_API_1018'],
      [{ ...base, transactionUuid: 'not-a-uuid' }, 'ERR_GUEST_API_1000'],
      [{ ...base, transactionUuid: undefined, orderNumber: 'x' }, 'ERR_CO_API_1000'],
    ];
    for (const [body, code, path] of cases) {
      const res = await post(body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, code]);
      if (path) expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    await t.database.db
      .updateTable('orders')
      .set({ delivery_method: 'ShipToStore' })
      .where('order_number', '=', order.orderNumber)
      .execute();
    expect((await post({ ...base, handover: 'pickUp' }).expect(422)).body.code).toBe('ERR_FORM_1008');
    await t.database.db
      .updateTable('orders')
      .set({ delivery_method: 'ShipToAddress' })
      .where('order_number', '=', order.orderNumber)
      .execute();
    expect(
      (await request(t.app).post(RETURN).set('Sec-Fetch-Site', 'cross-site').send(base).expect(403)).body.code,
    ).toBe('ERR_API_1001');
    expect(await footprint(t.database.db, order.orderNumber)).toMatchObject({ requests: 0, lines: 0, mails: 0 });
    expect(await itemStatuses(order.orderNumber)).toEqual(['delivered']);
  });
});
