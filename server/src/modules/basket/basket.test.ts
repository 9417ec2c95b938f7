import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { countRows, sellableVariant } from '../../test/fixtures.ts';
import { testDatabaseKind } from '../../test/settings.ts';
import { MAX_QUANTITY_PER_PRODUCT } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ADD = '/api/data/basket/add-item?locale=fr-fr';
const GET = '/api/data/basket/get-basket?locale=fr-fr';

describe('basket', () => {
  it('a new visitor has an empty basket and no session is created by reading it', async () => {
    const before = await countRows(t.database.db);
    const res = await request(t.app).get(GET).expect(200);
    expect(res.body).toMatchObject({ id: null, items: [], itemCount: 0, subtotal: 0, currencyCode: 'EUR' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await countRows(t.database.db)).sessions).toBe(before.sessions);
  });

  it('adds an item on a new HttpOnly SameSite session cookie, with quantity 1 by default', async () => {
    const v = await sellableVariant(t.database.db, 2, 0);
    const a = agent(t.app);
    const res = await a.post(ADD).send({ pid: v.pid, size: v.size }).expect(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{22};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ pid: v.pid, size: v.size, quantity: 1, available: true });
    expect(res.body.currencyCode).toBe('EUR');
    const again = await a.get(GET).expect(200);
    expect(again.body.id).toBe(res.body.id);
    expect(again.body.itemCount).toBe(1);
    // The same basket priced for another market.
    const gb = await a.get('/api/data/basket/get-basket?locale=en-gb').expect(200);
    expect(gb.body.currencyCode).toBe('GBP');
    expect(gb.body.items[0].unitPrice).not.toBe(again.body.items[0].unitPrice);
  });

  it('adds to the same line, computes totals, updates and removes', async () => {
    const v = await sellableVariant(t.database.db, 3, 1);
    const a = agent(t.app);
    await a.post(ADD).send({ pid: v.pid, size: v.size, quantity: 1 }).expect(200);
    const res = await a.post(ADD).send({ pid: v.pid, size: v.size, quantity: 2 }).expect(200);
    expect(res.body.items).toHaveLength(1);
    const line = res.body.items[0];
    expect(line.quantity).toBe(3);
    expect(line.lineTotal).toBeCloseTo(line.unitPrice * 3, 2);
    expect(res.body.subtotal).toBeCloseTo(line.lineTotal, 2);
    const upd = await a
      .patch('/api/data/basket/update-item?locale=fr-fr')
      .send({ itemId: line.itemId, quantity: 1 })
      .expect(200);
    expect(upd.body.items[0].quantity).toBe(1);
    const del = await a.delete(`/api/data/basket/remove-item?locale=fr-fr&itemId=${line.itemId}`).expect(200);
    expect(del.body.items).toEqual([]);
  });

  it('gives the estimated delivery and total the checkout summary starts from, tax included or added by market', async () => {
    const v = await sellableVariant(t.database.db, 2, 3);
    const a = agent(t.app);
    const empty = await a.get(GET).expect(200);
    expect(empty.body.estimatedTotals).toBeNull();
    await a.post(ADD).send({ pid: v.pid, size: v.size, quantity: 2 }).expect(200);
    for (const [locale, included] of [
      ['fr-fr', true],
      ['en-us', false],
    ] as const) {
      const bag = await a.get(`/api/data/basket/get-basket?locale=${locale}`).expect(200);
      const options = await a.get(`/api/checkout/options?locale=${locale}`).expect(200);
      expect(bag.body.taxIncluded).toBe(included);
      expect(bag.body.taxIncluded).toBe(options.body.taxIncluded);
      const est = bag.body.estimatedTotals;
      // The checkout's first delivery option is the standard one: the bag's estimate is the summary's first figures.
      expect(est).toEqual(options.body.total);
      expect(est.shipping).toBe(options.body.deliveryOptions[0].cost);
      expect(est.subtotal).toBeCloseTo(bag.body.subtotal, 2);
      expect(est.tax).toBeGreaterThan(0);
      expect(est.total).toBeCloseTo(included ? est.subtotal + est.shipping : est.subtotal + est.shipping + est.tax, 2);
    }
  });

  it(`refuses more than ${MAX_QUANTITY_PER_PRODUCT} units of one product with ERR_OCAPI_1010`, async () => {
    const v = await sellableVariant(t.database.db, MAX_QUANTITY_PER_PRODUCT + 1, 2);
    const a = agent(t.app);
    await a.post(ADD).send({ pid: v.pid, size: v.size, quantity: MAX_QUANTITY_PER_PRODUCT }).expect(200);
    const res = await a.post(ADD).send({ pid: v.pid, size: v.size }).expect(409);
    expect(res.body).toMatchObject({
      code: 'ERR_OCAPI_1010',
      title: 'Maximum quantity exceeded for a product in the basket.',
    });
    const basket = await a.get(GET);
    expect(basket.body.itemCount).toBe(MAX_QUANTITY_PER_PRODUCT);
  });

  it('refuses more units than the stock of the size with ERR_OCAPI_1011', async () => {
    const row = await t.database.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.pid', 'v.pid')
      .select(['v.pid', 'v.size', 'v.stock'])
      .where('v.stock', '>=', 1)
      .where('v.stock', '<', MAX_QUANTITY_PER_PRODUCT)
      .where('p.is_employee_only', '=', false)
      .orderBy('v.sku')
      .executeTakeFirstOrThrow();
    const before = await countRows(t.database.db);
    const res = await agent(t.app)
      .post(ADD)
      .send({ pid: row.pid, size: row.size, quantity: row.stock + 1 })
      .expect(409);
    expect(res.body.code).toBe('ERR_OCAPI_1011');
    expect(await countRows(t.database.db)).toEqual(before);
  });

  describe('bad input writes nothing', () => {
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['quantity 0', { quantity: 0 }, 400, 'ERR_API_1018'],
      ['negative quantity', { quantity: -1 }, 400, 'ERR_API_1018'],
      ['fractional quantity', { quantity: 1.5 }, 400, 'ERR_API_1018'],
      ['huge quantity', { quantity: 1e12 }, 400, 'ERR_API_1018'],
      ['quantity as text', { quantity: 'two' }, 400, 'ERR_API_1018'],
      ['unknown field', { gift: true }, 400, 'ERR_API_1018'],
      ['unknown size', { size: 'XXXL9' }, 404, 'ERR_PDT_API_1007'],
      ['unknown pid', { pid: 'ZZZZ0000NOPE' }, 404, 'ERR_PDT_API_1001'],
      ['malformed pid', { pid: 'ABC-123' }, 400, 'ERR_API_1009'],
      ['missing size', { size: undefined }, 400, 'ERR_API_1018'],
    ];
    it.each(cases)('%s', async (_label, patch, status, code) => {
      const v = await sellableVariant(t.database.db, 1, 3);
      const body = { pid: v.pid, size: v.size, quantity: 1, ...patch };
      const before = await countRows(t.database.db);
      const res = await agent(t.app).post(ADD).send(body).expect(status);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.code).toBe(code);
      expect(res.body.title.length).toBeGreaterThan(5);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await countRows(t.database.db)).toEqual(before);
    });

    it('a body that is not JSON', async () => {
      const res = await agent(t.app).post(ADD).set('Content-Type', 'application/json').send('{"pid":').expect(400);
      expect(res.body.code).toBe('ERR_API_1018');
    });

    it('a malformed locale', async () => {
      const v = await sellableVariant(t.database.db);
      const res = await agent(t.app)
        .post('/api/data/basket/add-item?locale=france')
        .send({ pid: v.pid, size: v.size })
        .expect(400);
      expect(res.body.code).toBe('ERR_API_1005');
    });

    it('a cross-site request is refused with ERR_API_1001', async () => {
      const v = await sellableVariant(t.database.db);
      const before = await countRows(t.database.db);
      const res = await request(t.app)
        .post(ADD)
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ pid: v.pid, size: v.size })
        .expect(403);
      expect(res.body.code).toBe('ERR_API_1001');
      const origin = await request(t.app)
        .post(ADD)
        .set('Origin', 'https://evil.example')
        .send({ pid: v.pid, size: v.size })
        .expect(403);
      expect(origin.body.code).toBe('ERR_API_1001');
      expect(await countRows(t.database.db)).toEqual(before);
    });

    it('the international site does not sell (ERR_OCAPI_1012)', async () => {
      const v = await sellableVariant(t.database.db);
      const res = await agent(t.app)
        .post('/api/data/basket/add-item?locale=en-en')
        .send({ pid: v.pid, size: v.size })
        .expect(409);
      expect(res.body.code).toBe('ERR_OCAPI_1012');
    });
  });

  describe('update and remove without a basket', () => {
    it('answers ERR_BSK_1003 / ERR_BSK_1002 without a basket, ERR_BSK_1005 / ERR_BSK_1004 for a foreign line', async () => {
      const fresh = agent(t.app);
      expect(
        (await fresh.patch('/api/data/basket/update-item?locale=fr-fr').send({ itemId: 'x', quantity: 1 }).expect(404))
          .body.code,
      ).toBe('ERR_BSK_1003');
      expect((await fresh.delete('/api/data/basket/remove-item?locale=fr-fr&itemId=x').expect(404)).body.code).toBe(
        'ERR_BSK_1002',
      );

      // Another shopper's line is not reachable from this session.
      const v = await sellableVariant(t.database.db, 1, 4);
      const owner = agent(t.app);
      const theirs = await owner.post(ADD).send({ pid: v.pid, size: v.size }).expect(200);
      const other = agent(t.app);
      await other.post(ADD).send({ pid: v.pid, size: v.size }).expect(200);
      const itemId = theirs.body.items[0].itemId;
      expect(
        (await other.patch('/api/data/basket/update-item?locale=fr-fr').send({ itemId, quantity: 1 }).expect(404)).body
          .code,
      ).toBe('ERR_BSK_1005');
      expect(
        (await other.delete(`/api/data/basket/remove-item?locale=fr-fr&itemId=${itemId}`).expect(404)).body.code,
      ).toBe('ERR_BSK_1004');
      expect((await owner.get(GET)).body.itemCount).toBe(1);
    });

    it.each([0, -1, 1.5, 1e12, 'two'])(
      'an update to quantity %s is refused (ERR_API_1018) and the line keeps its quantity',
      async (quantity) => {
        const v = await sellableVariant(t.database.db, 2, 6);
        const a = agent(t.app);
        const added = await a.post(ADD).send({ pid: v.pid, size: v.size, quantity: 2 }).expect(200);
        const res = await a
          .patch('/api/data/basket/update-item?locale=fr-fr')
          .send({ itemId: added.body.items[0].itemId, quantity })
          .expect(400);
        expect(res.body.code).toBe('ERR_API_1018');
        expect((await a.get(GET).expect(200)).body.items[0].quantity).toBe(2);
      },
    );
  });
});

// PGlite has a single connection and serialises everything: only PostgreSQL proves the row lock.
describe.skipIf(testDatabaseKind() !== 'postgres')('basket under concurrency (PostgreSQL)', () => {
  it(`never lets concurrent adds pass ${MAX_QUANTITY_PER_PRODUCT} units of one product`, async () => {
    const v = await sellableVariant(t.database.db, 20, 5);
    const a = agent(t.app);
    await a.post(ADD).send({ pid: v.pid, size: v.size }).expect(200); // creates the session
    const attempts = 12;
    const results = await Promise.all(
      Array.from({ length: attempts }, () => a.post(ADD).send({ pid: v.pid, size: v.size })),
    );
    const ok = results.filter((r) => r.status === 200).length;
    const refused = results.filter((r) => r.status === 409 && r.body.code === 'ERR_OCAPI_1010').length;
    expect(ok).toBe(MAX_QUANTITY_PER_PRODUCT - 1);
    expect(refused).toBe(attempts - ok);
    const basket = await a.get(GET).expect(200);
    expect(basket.body.itemCount).toBe(MAX_QUANTITY_PER_PRODUCT);
    expect(basket.body.items).toHaveLength(1);
  });
});
