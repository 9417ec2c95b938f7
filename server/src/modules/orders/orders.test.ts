import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { insertCustomer, lastMailData, newIp, RECAPTCHA, signIn, type TestCustomer } from '../accounts/test-support.ts';
import { EMPLOYEE_SALE_QUOTA } from '../basket/index.ts';
import { buyableVariant, orderBody, place, shopperWith, stockOf, type Agent } from '../checkout/test-support.ts';
import { EMPLOYEE_SALE_TAG } from '../sessions/index.ts';
import { advanceOrders } from './fulfilment.ts';
import { DEMO_CLIENT, seedDemoClient } from './demo.ts';
import { TRACK_LIMITS } from './service.ts';

let t: TestApp;
let customer: TestCustomer;
let browser: Agent;
/** Products of this file: offsets apart from the checkout tests' (they share PostgreSQL). */
let next = 0;
const variant = (minStock = 3) => buyableVariant(t.database.db, { minStock, offset: 80 + next++ * 2 });

beforeAll(async () => {
  t = await startTestApp();
  customer = await insertCustomer(t.database.db, { firstName: 'Camille', lastName: 'Martin' });
  browser = agent(t.app);
  await signIn(browser, customer);
});
afterAll(() => t.close());

/** An order placed by `a` (its basket holds one unit of a fresh product). */
async function placed(a: Agent, overrides: Record<string, unknown> = {}) {
  const v = await variant();
  await a.post('/api/data/basket/add-item?locale=fr-fr').send({ pid: v.pid, size: v.size }).expect(200);
  const { body } = await orderBody(a, overrides);
  const res = await place(a, body).expect(201);
  return { order: res.body, v, body };
}

const track = (orderNumber: string, email: string, ip = newIp()) =>
  agent(t.app)
    .post('/api/data/order/track?locale=fr-fr')
    .set('X-Forwarded-For', ip)
    .send({ orderNumber, email, recaptchaToken: RECAPTCHA });

describe('a signed-in customer', () => {
  it('checks out to a saved address, prefilled, and finds the order in the history and its page', async () => {
    await t.database.db
      .insertInto('customer_addresses')
      .values({
        id: 'addr-test-home',
        customer_id: customer.id,
        position: 0,
        is_default: true,
        data: JSON.stringify({
          firstName: 'Camille',
          lastName: 'Martin',
          addressLine1: '3 avenue Montaigne',
          city: 'Paris',
          postalCode: '75008',
          country: 'FR',
        }) as never,
      })
      .execute();
    const v = await variant();
    await browser.post('/api/data/basket/add-item?locale=fr-fr').send({ pid: v.pid, size: v.size }).expect(200);
    const options = (await browser.get('/api/checkout/options?locale=fr-fr').expect(200)).body;
    expect(options.signedIn).toBe(true);
    expect(options.contact).toMatchObject({ email: customer.email, firstName: 'Camille', lastName: 'Martin' });
    expect(options.savedAddresses).toEqual([expect.objectContaining({ id: 'addr-test-home', isDefault: true })]);
    const { body } = await orderBody(
      browser,
      { email: customer.email, delivery: { optionId: 'FR-EXP', addressId: 'addr-test-home' } },
      'fr-fr',
      'EXP',
    );
    const res = await place(browser, body).expect(201);
    expect(res.body.shippingAddress).toMatchObject({ addressLine1: '3 avenue Montaigne', postalCode: '75008' });
    expect(res.body.totals.shipping).toBe(25);

    const list = await browser.get('/api/data/order/orders?locale=fr-fr').expect(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.body).toMatchObject({ channel: 'online', page: 1, pageSize: 10 });
    expect(list.body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toContain(res.body.orderNumber);
    const offline = await browser.get('/api/data/order/orders?locale=fr-fr&channel=offline').expect(200);
    expect(offline.body).toMatchObject({ channel: 'offline', total: 0, orders: [] });
    const history = await browser.get('/ssr/myaccount/orders?locale=fr-fr').expect(200);
    expect(history.body).toMatchObject({ pageType: 'my-account-orders', offline: { total: 0 } });
    const detail = await browser
      .get(`/ssr/myaccount/order-online?locale=fr-fr&orderNumber=${res.body.orderNumber}`)
      .expect(200);
    expect(detail.body).toMatchObject({
      pageType: 'my-account-order-online',
      order: { orderNumber: res.body.orderNumber, cancellable: true },
      returnUrl: null,
    });
  });

  it("never sees another customer's or a guest's order (the 404 of an unknown number)", async () => {
    const guest = await placed(agent(t.app));
    for (const path of [
      `/ssr/myaccount/order-online?locale=fr-fr&orderNumber=${guest.order.orderNumber}`,
      `/ssr/myaccount/order-offline?locale=fr-fr&orderNumber=${guest.order.orderNumber}`,
    ]) {
      expect((await browser.get(path).expect(404)).body.code).toBe('ERR_API_1023');
    }
    const cancel = await browser
      .post('/api/data/order/cancel?locale=fr-fr')
      .send({ orderNumber: guest.order.orderNumber, reason: 'changedMind' })
      .expect(404);
    expect(cancel.body.code).toBe('ERR_API_1023');
    expect(
      (
        await t.database.db
          .selectFrom('orders')
          .select('status')
          .where('order_number', '=', guest.order.orderNumber)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('paid');
  });

  it('cancels a paid order: stock released, payment voided; a second cancel or a shipped order is not eligible', async () => {
    const { order, v } = await placed(browser, { email: customer.email });
    const before = await stockOf(t.database.db, v.sku);
    const res = await browser
      .post('/api/data/order/cancel?locale=fr-fr')
      .send({ orderNumber: order.orderNumber, reason: 'orderedByMistake', comment: 'Wrong size' })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(res.body.cancelledAt).toBeTruthy();
    expect(await stockOf(t.database.db, v.sku)).toBe(before + 1);
    expect(await lastMailData(t.database.db, customer.email, 'order-cancelled')).toMatchObject({
      reference: order.orderNumber,
      orderUrl: expect.stringContaining('/fr-fr/myaccount/order-online?orderNumber='),
    });
    const again = await browser
      .post('/api/data/order/cancel?locale=fr-fr')
      .send({ orderNumber: order.orderNumber, reason: 'changedMind' })
      .expect(409);
    expect(again.body.code).toBe('ERR_API_1024');

    const shipped = await placed(browser, { email: customer.email });
    const later = new Date(Date.now() + 60_000);
    await advanceOrders(t.database.db, 1, later, [shipped.order.orderNumber]); // processing
    await advanceOrders(t.database.db, 1, new Date(later.getTime() + 2_000), [shipped.order.orderNumber]); // shipped
    const refused = await browser
      .post('/api/data/order/cancel?locale=fr-fr')
      .send({ orderNumber: shipped.order.orderNumber, reason: 'changedMind' })
      .expect(409);
    expect(refused.body.code).toBe('ERR_API_1024');
  });

  it('order endpoints need a signed-in customer (ERR_API_1020) and refuse bad input (ERR_API_1018, ERR_CO_API_1000)', async () => {
    expect((await request(t.app).get('/api/data/order/orders?locale=fr-fr').expect(401)).body.code).toBe(
      'ERR_API_1020',
    );
    expect(
      (
        await agent(t.app)
          .post('/api/data/order/cancel?locale=fr-fr')
          .send({ orderNumber: 'YSL-FR-00000001', reason: 'changedMind' })
          .expect(401)
      ).body.code,
    ).toBe('ERR_API_1020');
    expect((await request(t.app).get('/ssr/myaccount/orders?locale=fr-fr').expect(401)).body.code).toBe('ERR_API_1020');
    expect((await browser.get('/api/data/order/orders?locale=fr-fr&channel=shop').expect(400)).body.code).toBe(
      'ERR_API_1018',
    );
    expect((await browser.get('/api/data/order/orders?locale=fr-fr&pageSize=500').expect(400)).body.code).toBe(
      'ERR_API_1018',
    );
    expect(
      (
        await browser
          .post('/api/data/order/cancel?locale=fr-fr')
          .send({ orderNumber: 'x', reason: 'changedMind' })
          .expect(400)
      ).body.code,
    ).toBe('ERR_CO_API_1000');
    expect(
      (
        await browser
          .post('/api/data/order/cancel?locale=fr-fr')
          .send({ orderNumber: 'YSL-FR-00000001', reason: 'bored' })
          .expect(400)
      ).body.code,
    ).toBe('ERR_API_1018');
    const payment = await browser.get('/ssr/myaccount/payment?locale=fr-fr').expect(200);
    expect(payment.body).toMatchObject({ pageType: 'my-account-payment', cards: [] });
  });
});

describe('order tracking (guests and customers)', () => {
  it('the order number and its e-mail answer the order and its guest page; the address is compared lower-cased', async () => {
    const { order } = await placed(agent(t.app), { email: 'Tracking.Guest@Example.fr' });
    const res = await track(order.orderNumber.toLowerCase(), 'TRACKING.guest@example.fr').expect(200);
    expect(res.body).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'paid',
      transactionUuid: expect.any(String),
    });
    const page = await request(t.app)
      .get(`/ssr/guest/order-online?locale=fr-fr&transactionUuid=${res.body.transactionUuid}`)
      .expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toMatchObject({ pageType: 'guest-order-online', order: { orderNumber: order.orderNumber } });
    const trackPage = await request(t.app).get('/ssr/track-order?locale=fr-fr').expect(200);
    expect(trackPage.body).toMatchObject({ pageType: 'track-order', formId: 'trackOrder' });
  });

  it('an unknown order and a wrong e-mail get one answer: 404 ERR_API_1023, the same body, in about the same time', async () => {
    const { order } = await placed(agent(t.app), { email: 'one-answer@example.fr' });
    const unknown = `${order.orderNumber.slice(0, -1)}${order.orderNumber.endsWith('9') ? '0' : '9'}`;
    const wrong = await track(order.orderNumber, 'someone.else@example.fr');
    const none = await track('YSL-FR-99999999', 'one-answer@example.fr');
    const near = await track(unknown, 'one-answer@example.fr');
    for (const res of [wrong, none, near]) {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const { requestId: _a, ...a } = wrong.body;
    const { requestId: _b, ...b } = none.body;
    const { requestId: _c, ...c } = near.body;
    expect(a).toEqual(b);
    expect(c).toEqual(b);
    expect(a).toMatchObject({ code: 'ERR_API_1023', status: 404 });
    // The same work either way: the fastest of five of each kind stay close.
    const fastest = async (orderNumber: string, email: string) => {
      let best = Infinity;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await track(orderNumber, email).expect(404);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const [tWrong, tNone] = [
      await fastest(order.orderNumber, 'someone.else@example.fr'),
      await fastest('YSL-FR-99999998', 'one-answer@example.fr'),
    ];
    expect(Math.abs(tWrong - tNone)).toBeLessThan(Math.max(25, 0.5 * Math.min(tWrong, tNone)));
  });

  it('guesses are limited per IP address (429 with Retry-After), never the owner tracking from another address', async () => {
    const { order } = await placed(agent(t.app), { email: 'owner@example.fr' });
    const guesser = newIp();
    // Five wrong addresses for one order from one IP address, then that address waits for this order…
    for (let i = 0; i < TRACK_LIMITS.failuresPerIpAndOrder.max; i++)
      expect((await track(order.orderNumber, `guess${i}@example.fr`, guesser).expect(404)).body.code).toBe(
        'ERR_API_1023',
      );
    const blocked = await track(order.orderNumber, `guess-more@example.fr`, guesser).expect(429);
    expect(blocked.body.code).toBe('ERR_API_1028');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // …and, after ten failures in all, for any order.
    for (let i = TRACK_LIMITS.failuresPerIpAndOrder.max; i < TRACK_LIMITS.failuresPerIp.max; i++)
      await track(`YSL-FR-9${String(i).padStart(7, '0')}`, 'owner@example.fr', guesser).expect(404);
    expect((await track('YSL-FR-98888888', 'owner@example.fr', guesser).expect(429)).body.code).toBe('ERR_API_1028');
    // Wrong guesses from many other addresses do not lock the order either.
    for (let i = 0; i < 8; i++) await track(order.orderNumber, `spread${i}@example.fr`).expect(404);
    // The owner, from their own address, still gets the order — and may track it again and again.
    for (let i = 0; i < 3; i++)
      expect((await track(order.orderNumber, 'Owner@Example.fr').expect(200)).body.orderNumber).toBe(order.orderNumber);
  });

  it('a burst of simultaneous guesses from one IP address evaluates no more than its limit', async () => {
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => track(`YSL-FR-97${String(i).padStart(6, '0')}`, 'burst@example.fr', ip)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(TRACK_LIMITS.failuresPerIp.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - TRACK_LIMITS.failuresPerIp.max);
  });

  it.each([
    [
      'an unknown order',
      { orderNumber: 'YSL-FR-99999999', email: 'a@example.fr', recaptchaToken: RECAPTCHA },
      404,
      'ERR_API_1023',
    ],
    ['no order number', { email: 'a@example.fr', recaptchaToken: RECAPTCHA }, 400, 'ERR_CO_API_1000'],
    ['no e-mail', { orderNumber: 'YSL-FR-99999999', recaptchaToken: RECAPTCHA }, 400, 'ERR_CO_API_1001'],
    ['no reCAPTCHA token', { orderNumber: 'YSL-FR-99999999', email: 'a@example.fr' }, 400, 'ERR_RECAPTCHA_1000'],
    [
      'a failed reCAPTCHA',
      { orderNumber: 'YSL-FR-99999999', email: 'a@example.fr', recaptchaToken: 'forged' },
      403,
      'ERR_RECAPTCHA_1002',
    ],
  ])('%s', async (_name, body, status, code) => {
    const res = await agent(t.app)
      .post('/api/data/order/track?locale=fr-fr')
      .set('X-Forwarded-For', newIp())
      .send(body)
      .expect(status);
    expect(res.body.code).toBe(code);
  });

  it('guest order pages: an unknown transaction is "Customer Not found", a malformed one ERR_GUEST_API_1000', async () => {
    expect(
      (await request(t.app).get(`/ssr/guest/order-online?locale=fr-fr&transactionUuid=${randomUUID()}`).expect(404))
        .body.code,
    ).toBe('ERR_GUEST_API_1001');
    expect(
      (await request(t.app).get('/ssr/guest/order-online?locale=fr-fr&transactionUuid=nope').expect(400)).body.code,
    ).toBe('ERR_GUEST_API_1000');
  });
});

describe('the order life cycle (demo fulfilment)', () => {
  it('paid → processing → shipped (parcel and tracking) → delivered, then returns and exchanges open', async () => {
    const a = agent(t.app);
    const { order } = await placed(a, { email: 'lifecycle@example.fr' });
    const steps: string[] = [];
    let now = Date.now() + 60_000;
    for (let i = 0; i < 3; i++) {
      await advanceOrders(t.database.db, 1, new Date(now), [order.orderNumber]);
      now += 2_000;
      steps.push(
        (
          await t.database.db
            .selectFrom('orders')
            .select('status')
            .where('order_number', '=', order.orderNumber)
            .executeTakeFirstOrThrow()
        ).status,
      );
    }
    expect(steps).toEqual(['processing', 'shipped', 'delivered']);
    const tracked = await track(order.orderNumber, 'lifecycle@example.fr').expect(200);
    expect(tracked.body.shipments).toEqual([
      expect.objectContaining({
        status: 'delivered',
        carrier: 'DHL Express',
        trackingNumber: expect.stringMatching(/^JD\d+$/),
        itemIds: ['1'],
      }),
    ]);
    expect(tracked.body.items[0].returnableFlows).toEqual(['Return', 'Exchange']);
    expect(tracked.body.cancellable).toBe(false);
    const events = await sql<{
      status: string;
    }>`select e.status from order_events e join orders o on o.id = e.order_id where o.order_number = ${order.orderNumber} order by e.id`.execute(
      t.database.db,
    );
    expect(events.rows.map((r) => r.status)).toEqual(['placed', 'paid', 'processing', 'shipped', 'delivered']);
  });
});

describe('the basket belongs to the account', () => {
  it('a guest basket is kept at sign-in, survives sign-out and comes back merged at the next sign-in', async () => {
    const owner = await insertCustomer(t.database.db);
    const v = await variant(4);
    const w = await variant(4);
    const first = await shopperWith(t.app, v, 1);
    await signIn(first, owner);
    expect((await first.get('/api/data/basket/get-basket?locale=fr-fr').expect(200)).body.itemCount).toBe(1);
    await first.get('/customer-service/v1/logout').expect(204);
    const other = await shopperWith(t.app, w, 2);
    await signIn(other, owner);
    const merged = (await other.get('/api/data/basket/get-basket?locale=fr-fr').expect(200)).body;
    expect(merged.items.map((i: { pid: string; quantity: number }) => [i.pid, i.quantity]).sort()).toEqual(
      [
        [v.pid, 1],
        [w.pid, 2],
      ].sort(),
    );
  });
});

describe('employee sale', () => {
  it('OnlyForEmployee products are sold only to synced employee sessions, never mixed, within the quota', async () => {
    const db = t.database.db;
    const candidates = await db
      .selectFrom('products as p')
      .innerJoin('product_variants as v', 'v.pid', 'p.pid')
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', 'EUR'))
      .select(['p.pid', 'v.size', 'v.sku'])
      .where('p.is_employee_only', '=', true)
      .where('p.is_sellable_online', '=', true)
      .where('p.is_ecom_assortment', '=', true)
      .orderBy('v.sku')
      .execute();
    const employeeOnly = candidates[0]!;
    const another = candidates.find((c) => c.pid !== employeeOnly.pid)!;
    await db
      .updateTable('product_variants')
      .set({ stock: 50 })
      .where('sku', 'in', [employeeOnly.sku, another.sku])
      .execute();
    const hidden = await agent(t.app)
      .post('/api/data/basket/add-item?locale=fr-fr')
      .send({ pid: employeeOnly.pid, size: employeeOnly.size })
      .expect(404);
    expect(hidden.body.code).toBe('ERR_PDT_API_1001');

    const employee = await insertCustomer(db, { isEmployee: true });
    const e = agent(t.app);
    await signIn(e, employee);
    const session = await db
      .selectFrom('sessions')
      .select(['id', 'data'])
      .where('customer_id', '=', employee.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('sessions')
      .set({
        data: JSON.stringify({
          ...(session.data as object),
          isEmployee: true,
          isEmployeeTraffic: true,
          contextTags: [EMPLOYEE_SALE_TAG],
        }) as never,
      })
      .where('id', '=', session.id)
      .execute();
    await e
      .post('/api/data/basket/add-item?locale=fr-fr')
      .send({ pid: employeeOnly.pid, size: employeeOnly.size, quantity: 5 })
      .expect(200);
    const regular = await variant();
    const mixed = await e
      .post('/api/data/basket/add-item?locale=fr-fr')
      .send({ pid: regular.pid, size: regular.size })
      .expect(409);
    expect(mixed.body.code).toBe('ERR_API_1019');
    // The allowance counts what was bought too.
    const { body } = await orderBody(e, { email: employee.email });
    await place(e, body).expect(201);
    const again = await e
      .post('/api/data/basket/add-item?locale=fr-fr')
      .send({ pid: employeeOnly.pid, size: employeeOnly.size, quantity: 5 })
      .expect(200);
    expect(again.body.itemCount).toBe(5);
    // 5 bought + 5 in the basket = the allowance: one more unit of any employee sale product is refused.
    expect(EMPLOYEE_SALE_QUOTA).toBe(10);
    const over = await e
      .post('/api/data/basket/add-item?locale=fr-fr')
      .send({ pid: another.pid, size: another.size })
      .expect(409);
    expect(over.body.code).toBe('ERR_OCAPI_1017');
  });
});

describe('the demo client (npm start)', () => {
  it('is created once, with two online orders and two in-boutique purchases in its history', async () => {
    const boutique = await t.database.db
      .selectFrom('stores')
      .select('id')
      .where('country', '=', 'FR')
      .orderBy('id')
      .executeTakeFirst();
    expect(await seedDemoClient(t.database.db, 'ysl', boutique?.id)).toBe(true);
    expect(await seedDemoClient(t.database.db, 'ysl', boutique?.id)).toBe(false);
    const demo = agent(t.app);
    await signIn(demo, DEMO_CLIENT);
    const history = (await demo.get('/ssr/myaccount/orders?locale=fr-fr').expect(200)).body;
    expect(history.online.total).toBe(2);
    expect(history.offline.total).toBe(2);
    const delivered = history.online.orders.find((o: { status: string }) => o.status === 'delivered');
    expect(delivered.items[0].returnableFlows).toEqual(['Return', 'Exchange']);
    const receipt = history.offline.orders[0];
    expect(receipt).toMatchObject({ channel: 'offline', status: 'completed', cancellable: false });
    const page = await demo
      .get(`/ssr/myaccount/order-offline?locale=fr-fr&orderNumber=${receipt.orderNumber}`)
      .expect(200);
    expect(page.body.store?.id ?? null).toBe(boutique?.id ?? null);
    const notCancellable = await demo
      .post('/api/data/order/cancel?locale=fr-fr')
      .send({ orderNumber: receipt.orderNumber, reason: 'changedMind' })
      .expect(409);
    expect(notCancellable.body.code).toBe('ERR_API_1024');
  });
});
