import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_AUTHENTICATION_CODE, TEST_CARDS, TEST_WALLET_TOKENS } from '../payments/index.ts';
import { sweepUnpaidOrders } from '../orders/index.ts';
import { lastMailData } from '../accounts/test-support.ts';
import {
  buyableVariant,
  card,
  FR_ADDRESS,
  orderBody,
  orderCount,
  place,
  setStock,
  shopperWith,
  stockOf,
} from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const OPTIONS = '/api/checkout/options?locale=fr-fr';
let next = 0;
/** A different product for every test of the file: tests never share stock. */
const variant = (minStock = 3) => buyableVariant(t.database.db, { minStock, offset: next++ * 2 });

describe('checkout options', () => {
  it('answers the basket re-priced, the delivery options with dates, pickup boutiques and totals', async () => {
    const v = await variant();
    const a = await shopperWith(t.app, v, 2);
    const res = await a.get(OPTIONS).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const o = res.body;
    expect(o.basket.items[0]).toMatchObject({ pid: v.pid, quantity: 2 });
    expect(o.signedIn).toBe(false);
    expect(o.contact.email).toBeNull();
    expect(o.taxIncluded).toBe(true);
    const ids = o.deliveryOptions.map((d: { id: string }) => d.id);
    expect(ids).toEqual(expect.arrayContaining(['FR-STD', 'FR-EXP', 'FR-ND']));
    for (const d of o.deliveryOptions) expect(d.estimatedFrom <= d.estimatedTo).toBe(true);
    expect(o.deliveryOptions.find((d: { id: string }) => d.id === 'FR-EXP')).toMatchObject({
      deliveryMethod: 'ShipToAddress',
      label: 'Livraison express',
      cost: 25,
    });
    if (o.pickupStores.length) expect(ids).toContain('FR-STS');
    expect(o.total.total).toBeCloseTo(o.basket.subtotal, 2);
    // Each option carries the order's totals if chosen (what expectedTotal must repeat).
    const express = o.deliveryOptions.find((d: { id: string }) => d.id === 'FR-EXP');
    expect(express.total.total).toBeCloseTo(o.basket.subtotal + 25, 2);
    expect(express.total.tax).toBeCloseTo(express.total.total - express.total.total / 1.2, 2);
    // VAT is included in French prices: the tax share of the total.
    expect(o.total.tax).toBeCloseTo(o.total.total - o.total.total / 1.2, 2);
  });

  it('answers ERR_OCAPI_1013 without a basket, ERR_OCAPI_1012 on the international site', async () => {
    expect((await request(t.app).get(OPTIONS).expect(404)).body.code).toBe('ERR_OCAPI_1013');
    const v = await variant();
    const a = await shopperWith(t.app, v);
    expect((await a.get('/api/checkout/options?locale=en-en').expect(409)).body.code).toBe('ERR_OCAPI_1012');
  });
});

describe('placing an order', () => {
  it('a guest pays by card: order paid, stock taken, basket emptied, confirmation page for this session only', async () => {
    const v = await variant(4);
    const before = await stockOf(t.database.db, v.sku);
    const a = await shopperWith(t.app, v, 2);
    const { body, option } = await orderBody(a, { gift: { wrap: true, message: 'Joyeux anniversaire !' } });
    const res = await place(a, body).expect(201);
    expect(res.body).toMatchObject({
      channel: 'online',
      status: 'paid',
      currencyCode: 'EUR',
      deliveryMethod: 'ShipToAddress',
      deliveryKind: 'standard delivery',
      cancellable: true,
      payment: { method: 'card', cardBrand: 'visa', cardLast4: '4242' },
      gift: { wrap: true, message: 'Joyeux anniversaire !' },
      shippingAddress: FR_ADDRESS,
      estimatedDelivery: { from: option.estimatedFrom, to: option.estimatedTo },
    });
    expect(res.body.orderNumber).toMatch(/^YSL-FR-\d{8}$/);
    expect(res.body.items).toEqual([
      expect.objectContaining({ pid: v.pid, size: v.size, quantity: 2, status: 'paid' }),
    ]);
    expect(res.body.totals.total).toBeCloseTo(body.expectedTotal, 2);
    expect(await stockOf(t.database.db, v.sku)).toBe(before - 2);
    expect((await a.get('/api/data/basket/get-basket?locale=fr-fr').expect(200)).body.items).toEqual([]);
    // The confirmation e-mail is queued with the payment, with the guest's link to the order.
    const mail = await lastMailData(t.database.db, body.email, 'order-confirmation');
    expect(mail).toMatchObject({
      reference: res.body.orderNumber,
      orderUrl: expect.stringContaining(`/fr-fr/guest/order-online?transactionUuid=${res.body.transactionUuid}`),
    });
    expect(mail?.order).toMatchObject({
      currency: 'EUR',
      lines: [expect.objectContaining({ quantity: 2, size: v.size })],
      totals: { total: res.body.totals.total },
    });
    // The confirmation page: this session sees it; anyone else gets the 404 of an unknown number.
    const page = await a.get(`/ssr/checkout/confirmation?locale=fr-fr&orderNumber=${res.body.orderNumber}`).expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toMatchObject({
      pageType: 'checkout-confirmation',
      signedIn: false,
      order: { orderNumber: res.body.orderNumber },
    });
    const other = await agent(t.app)
      .get(`/ssr/checkout/confirmation?locale=fr-fr&orderNumber=${res.body.orderNumber}`)
      .expect(404);
    expect(other.body.code).toBe('ERR_API_1023');
  });

  it('a declined card writes no visible order, releases the stock and keeps the basket; a new key then succeeds', async () => {
    const v = await variant();
    const before = await stockOf(t.database.db, v.sku);
    const count = await orderCount(t.database.db, v.sku);
    const a = await shopperWith(t.app, v);
    const { body } = await orderBody(a, { payment: card(TEST_CARDS.declined) });
    const email = `declined-${randomUUID()}@example.fr`;
    const declined = await place(a, { ...body, email }).expect(402);
    expect(declined.body.code).toBe('ERR_PAY_1000');
    expect(await lastMailData(t.database.db, email, 'order-confirmation')).toBeUndefined();
    expect(await stockOf(t.database.db, v.sku)).toBe(before);
    expect((await a.get('/api/data/basket/get-basket?locale=fr-fr').expect(200)).body.itemCount).toBe(1);
    const funds = await place(a, { ...body, payment: card(TEST_CARDS.insufficientFunds) }).expect(402);
    expect(funds.body.code).toBe('ERR_PAY_1000');
    const ok = await place(a, { ...body, payment: card(TEST_CARDS.approved) }).expect(201);
    expect(ok.body.status).toBe('paid');
    expect(await stockOf(t.database.db, v.sku)).toBe(before - 1);
    // The two declined attempts were written and cancelled (nothing lost), and are no one's order.
    expect(await orderCount(t.database.db, v.sku)).toBe(count + 3);
  });

  it('the issuer asks for authentication: 202, then the right code pays; a wrong code cancels and releases', async () => {
    const v = await variant(2);
    const before = await stockOf(t.database.db, v.sku);
    const a = await shopperWith(t.app, v);
    const { body } = await orderBody(a, { payment: card(TEST_CARDS.authentication) });
    const pending = await place(a, body).expect(202);
    expect(pending.body).toMatchObject({
      orderNumber: expect.stringMatching(/^YSL-FR-/),
      challengeId: expect.stringMatching(/^ch_/),
    });
    expect(await stockOf(t.database.db, v.sku)).toBe(before - 1); // held while the shopper answers
    // Another session cannot answer it.
    const stranger = await agent(t.app)
      .post('/api/checkout/authenticate?locale=fr-fr')
      .send({
        orderNumber: pending.body.orderNumber,
        challengeId: pending.body.challengeId,
        code: TEST_AUTHENTICATION_CODE,
      })
      .expect(404);
    expect(stranger.body.code).toBe('ERR_API_1023');
    const paid = await a
      .post('/api/checkout/authenticate?locale=fr-fr')
      .send({
        orderNumber: pending.body.orderNumber,
        challengeId: pending.body.challengeId,
        code: TEST_AUTHENTICATION_CODE,
      })
      .expect(201);
    expect(paid.body).toMatchObject({ orderNumber: pending.body.orderNumber, status: 'paid' });
    const again = await a
      .post('/api/checkout/authenticate?locale=fr-fr')
      .send({
        orderNumber: pending.body.orderNumber,
        challengeId: pending.body.challengeId,
        code: TEST_AUTHENTICATION_CODE,
      })
      .expect(409);
    expect(again.body.code).toBe('ERR_PAY_1004');

    const b = await shopperWith(t.app, v);
    const second = await place(b, (await orderBody(b, { payment: card(TEST_CARDS.authentication) })).body).expect(202);
    const wrong = await b
      .post('/api/checkout/authenticate?locale=fr-fr')
      .send({ orderNumber: second.body.orderNumber, challengeId: second.body.challengeId, code: '000000' })
      .expect(402);
    expect(wrong.body.code).toBe('ERR_PAY_1001');
    expect(await stockOf(t.database.db, v.sku)).toBe(before - 1);
    expect((await b.get('/api/data/basket/get-basket?locale=fr-fr').expect(200)).body.itemCount).toBe(1);
  });

  it('placing again after leaving the challenge unanswered ends that attempt (stock released) and pays the new one', async () => {
    const v = await variant(2);
    const before = await stockOf(t.database.db, v.sku);
    const a = await shopperWith(t.app, v);
    const { body } = await orderBody(a, { payment: card(TEST_CARDS.authentication) });
    const pending = await place(a, body).expect(202);
    const paid = await place(a, { ...body, payment: card(TEST_CARDS.approved) }).expect(201);
    expect(paid.body.orderNumber).not.toBe(pending.body.orderNumber);
    expect(await stockOf(t.database.db, v.sku)).toBe(before - 1);
    const old = await a
      .post('/api/checkout/authenticate?locale=fr-fr')
      .send({
        orderNumber: pending.body.orderNumber,
        challengeId: pending.body.challengeId,
        code: TEST_AUTHENTICATION_CODE,
      })
      .expect(409);
    expect(old.body.code).toBe('ERR_PAY_1004');
  });

  it('where tax is added (United States), it is added to the total', async () => {
    const v = await buyableVariant(t.database.db, { minStock: 3, offset: 70, currency: 'USD' });
    const a = await shopperWith(t.app, v, 1, 'en-us');
    const o = (await a.get('/api/checkout/options?locale=en-us').expect(200)).body;
    expect(o.taxIncluded).toBe(false);
    const std = o.deliveryOptions.find((d: { id: string }) => d.id === 'US-STD');
    expect(std.total.tax).toBeCloseTo(Math.round(o.basket.subtotal * 0.08875 * 100) / 100, 2);
    expect(std.total.total).toBeCloseTo(o.basket.subtotal + std.total.tax, 2);
    const address = {
      firstName: 'Emily',
      lastName: 'Carter',
      addressLine1: '350 West 57th Street',
      city: 'New York',
      stateCode: 'NY',
      postalCode: '10019',
      country: 'US',
    };
    const res = await place(
      a,
      {
        email: 'emily@example.com',
        firstName: 'Emily',
        lastName: 'Carter',
        delivery: { optionId: 'US-STD', address },
        payment: card(),
        expectedTotal: std.total.total,
        acceptTerms: true,
      },
      undefined,
      'en-us',
    ).expect(201);
    expect(res.body).toMatchObject({ currencyCode: 'USD', taxIncluded: false, email: 'emily@example.com' });
    expect(res.body.totals.total).toBeCloseTo(std.total.total, 2);
  });

  it('an authentication never answered is cancelled by the sweep after 15 minutes and its stock released', async () => {
    const v = await variant();
    const before = await stockOf(t.database.db, v.sku);
    const a = await shopperWith(t.app, v);
    const pending = await place(a, (await orderBody(a, { payment: card(TEST_CARDS.authentication) })).body).expect(202);
    expect(await sweepUnpaidOrders(t.database.db, new Date(Date.now() + 14 * 60_000))).toBe(0);
    expect(await sweepUnpaidOrders(t.database.db, new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await stockOf(t.database.db, v.sku)).toBe(before);
    const late = await a
      .post('/api/checkout/authenticate?locale=fr-fr')
      .send({
        orderNumber: pending.body.orderNumber,
        challengeId: pending.body.challengeId,
        code: TEST_AUTHENTICATION_CODE,
      })
      .expect(409);
    expect(late.body.code).toBe('ERR_PAY_1004');
  });

  it('express pay (Apple Pay-like): an add needs an empty basket, then one tap pays with the wallet', async () => {
    const v = await variant();
    const w = await variant();
    const a = await shopperWith(t.app, v);
    const refused = await a
      .post('/api/data/basket/add-item?locale=fr-fr')
      .send({ pid: w.pid, size: w.size, applePay: true })
      .expect(409);
    expect(refused.body.code).toBe('ERR_BSK_1008');
    const b = agent(t.app);
    await b
      .post('/api/data/basket/add-item?locale=fr-fr')
      .send({ pid: w.pid, size: w.size, applePay: true })
      .expect(200);
    const { body } = await orderBody(b, {
      payment: { method: 'expressPay', walletToken: TEST_WALLET_TOKENS.approved },
    });
    const res = await place(b, body).expect(201);
    expect(res.body.payment).toMatchObject({ method: 'expressPay' });
  });

  it('pickup in a boutique: ShipToStore needs a click-and-collect boutique of the market', async () => {
    const v = await variant();
    const a = await shopperWith(t.app, v);
    const { body, options } = await orderBody(a, {}, 'fr-fr', 'STS');
    expect(options.pickupStores.length).toBeGreaterThan(0);
    const noStore = await place(a, { ...body, delivery: { optionId: 'FR-STS' } }).expect(422);
    expect(noStore.body.code).toBe('ERR_CHK_1006');
    const storeId = options.pickupStores[0].storeId;
    const res = await place(a, { ...body, delivery: { optionId: 'FR-STS', storeId } }).expect(201);
    expect(res.body).toMatchObject({
      deliveryMethod: 'ShipToStore',
      storeId,
      shippingAddress: null,
      deliveryKind: 'pickup in store',
    });
    expect(res.body.storeName).toBeTruthy();
  });

  it('collection today (PickUpAtStore) takes the units from the boutique; unpaid, the sweep puts them back there', async () => {
    const v = await variant();
    const a = await shopperWith(t.app, v);
    const storeId = (await a.get(OPTIONS).expect(200)).body.pickupStores[0].storeId as string;
    const boutique = async () =>
      (
        await t.database.db
          .selectFrom('store_stock')
          .select('quantity')
          .where('store_id', '=', storeId)
          .where('sku', '=', v.sku)
          .executeTakeFirstOrThrow()
      ).quantity;
    await t.database.db
      .insertInto('store_stock')
      .values({ store_id: storeId, sku: v.sku, quantity: 2 })
      .onConflict((c) => c.columns(['store_id', 'sku']).doUpdateSet({ quantity: 2 }))
      .execute();
    const warehouse = await stockOf(t.database.db, v.sku);
    const { body } = await orderBody(a, { payment: card(TEST_CARDS.authentication) }, 'fr-fr', 'PUS');
    const pending = await place(a, { ...body, delivery: { optionId: 'FR-PUS', storeId } }).expect(202);
    expect(await boutique()).toBe(1);
    expect(await stockOf(t.database.db, v.sku)).toBe(warehouse);
    expect(await sweepUnpaidOrders(t.database.db, new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await boutique()).toBe(2);
    expect(await stockOf(t.database.db, v.sku)).toBe(warehouse);
    const order = await t.database.db
      .selectFrom('orders')
      .select(['status', 'delivery_method', 'store_id'])
      .where('order_number', '=', pending.body.orderNumber)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'cancelled', delivery_method: 'PickUpAtStore', store_id: storeId });
  });
});

describe('idempotency', () => {
  it('a replay answers the first answer without a second order; another body under the key is refused', async () => {
    const v = await variant();
    const a = await shopperWith(t.app, v);
    const { body } = await orderBody(a);
    const key = randomUUID();
    const first = await place(a, body, key).expect(201);
    const count = await orderCount(t.database.db, v.sku);
    const replay = await place(a, body, key).expect(201);
    expect(replay.body).toEqual(first.body);
    expect(await orderCount(t.database.db, v.sku)).toBe(count);
    const changed = await place(a, { ...body, firstName: 'Claire' }, key).expect(422);
    expect(changed.body.code).toBe('ERR_CHK_1004');
  });

  it('a key older than 24 hours is refused (ERR_CHK_1005)', async () => {
    const v = await variant();
    const a = await shopperWith(t.app, v);
    const { body } = await orderBody(a);
    const key = randomUUID();
    await place(a, body, key).expect(201);
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('key', '=', key)
      .execute();
    expect((await place(a, body, key).expect(422)).body.code).toBe('ERR_CHK_1005');
  });

  it('a missing or malformed key answers ERR_CHK_1000 and writes nothing', async () => {
    const v = await variant();
    const a = await shopperWith(t.app, v);
    const { body } = await orderBody(a);
    const count = await orderCount(t.database.db, v.sku);
    expect((await a.post('/api/checkout/place-order?locale=fr-fr').send(body).expect(400)).body.code).toBe(
      'ERR_CHK_1000',
    );
    expect((await place(a, body, 'short').expect(400)).body.code).toBe('ERR_CHK_1000');
    expect(await orderCount(t.database.db, v.sku)).toBe(count);
  });
});

describe('bad input: a catalogue code, nothing written, nothing charged', () => {
  it.each([
    ['a tampered total', { expectedTotal: 1 }, 409, 'ERR_CHK_1001'],
    ['terms not accepted', { acceptTerms: false }, 422, 'ERR_CHK_1008'],
    ['an unknown delivery option', { delivery: { optionId: 'FR-XYZ', address: FR_ADDRESS } }, 422, 'ERR_CHK_1006'],
    ['an option of another market', { delivery: { optionId: 'DE-STD', address: FR_ADDRESS } }, 422, 'ERR_CHK_1006'],
    ['no address for a delivery', { delivery: { optionId: 'FR-STD' } }, 422, 'ERR_CHK_1007'],
    [
      'an address in another country',
      {
        delivery: {
          optionId: 'FR-STD',
          address: { ...FR_ADDRESS, country: 'DE', postalCode: '10115', city: 'Berlin' },
        },
      },
      422,
      'ERR_CHK_1007',
    ],
    ['a card number failing the check digit', { payment: card('4242424242424241') }, 422, 'ERR_PAY_1002'],
    [
      'an expired card',
      { payment: { method: 'card', card: { ...card().card, expiryYear: 2020 } } },
      422,
      'ERR_PAY_1002',
    ],
    ['express pay without a token', { payment: { method: 'expressPay' } }, 422, 'ERR_PAY_1002'],
    ['a price in the body', { unitPrice: 1 }, 400, 'ERR_API_1018'],
    ['a malformed e-mail', { email: 'nobody' }, 400, 'ERR_API_1018'],
    ['a negative total', { expectedTotal: -5 }, 400, 'ERR_API_1018'],
    [
      'a postal code breaking the country rule',
      { delivery: { optionId: 'FR-STD', address: { ...FR_ADDRESS, postalCode: '7500' } } },
      400,
      'ERR_API_1018',
    ],
  ])('%s', async (_name, overrides, status, code) => {
    const v = await variant();
    const before = await stockOf(t.database.db, v.sku);
    const a = await shopperWith(t.app, v);
    const { body } = await orderBody(a);
    const count = await orderCount(t.database.db, v.sku);
    const res = await place(a, { ...body, ...overrides }).expect(status);
    expect(res.body.code).toBe(code);
    expect(await orderCount(t.database.db, v.sku)).toBe(count);
    expect(await stockOf(t.database.db, v.sku)).toBe(before);
    expect((await a.get('/api/data/basket/get-basket?locale=fr-fr').expect(200)).body.itemCount).toBe(1);
  });

  it('a size sold out since the review: ERR_CHK_1002, nothing written', async () => {
    const v = await variant();
    const a = await shopperWith(t.app, v, 2);
    const { body } = await orderBody(a);
    await setStock(t.database.db, v.sku, 1);
    const count = await orderCount(t.database.db, v.sku);
    expect((await place(a, body).expect(409)).body.code).toBe('ERR_CHK_1002');
    expect(await orderCount(t.database.db, v.sku)).toBe(count);
    expect(await stockOf(t.database.db, v.sku)).toBe(1);
  });

  it('no basket: ERR_OCAPI_1013; a cross-site call: ERR_API_1001', async () => {
    const v = await variant();
    const { body } = await orderBody(await shopperWith(t.app, v));
    expect((await place(agent(t.app), body).expect(404)).body.code).toBe('ERR_OCAPI_1013');
    const cross = await request(t.app)
      .post('/api/checkout/place-order?locale=fr-fr')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Idempotency-Key', randomUUID())
      .send(body)
      .expect(403);
    expect(cross.body.code).toBe('ERR_API_1001');
  });
});
