import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'kysely';
import { BRAND, startProductsApp, type ProductsTestApp } from './test-fixtures.ts';
import { emailProblem, TEST_RECAPTCHA_TOKEN } from './service.ts';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';

let t: ProductsTestApp;
beforeAll(async () => {
  t = await startProductsApp();
});
afterAll(() => t.close());

// Each run writes its own addresses: the PostgreSQL database is shared by the run's test files.
const run = Math.random().toString(36).slice(2, 8);
const address = (name: string) => `${name}.${run}@example.org`;
const body = (over: Record<string, unknown> = {}) => ({
  email: address('claire'),
  size: '36',
  locale: 'fr-fr',
  recaptchaToken: TEST_RECAPTCHA_TOKEN,
  consent: true,
  ...over,
});
const post = (pid: string, payload: unknown) =>
  request(t.app)
    .post(`/api/data/product/${pid}/back-in-stock?locale=fr-fr`)
    .set('Sec-Fetch-Site', 'same-origin')
    .send(payload as object);
const alerts = async (pid: string) =>
  (
    await t.database.db
      .selectFrom('back_in_stock_subscriptions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('pid', '=', pid)
      .executeTakeFirstOrThrow()
  ).n;

describe('email rules (spec §5)', () => {
  it('refuses the typo blacklist and malformed addresses, accepts ordinary ones', () => {
    for (const bad of [
      'a@gmail.con',
      'a@gmal.com',
      'a@hotnail.fr',
      'a@yahooo.fr',
      'a@icloud.cmo',
      'a@gmai.com',
      'a@yaho.com',
      'a@email.tst',
      'a@site.om',
      '.a@x.fr',
      'a..b@x.fr',
      'a@-x.fr',
      'a@x.f1',
    ]) {
      expect(emailProblem(bad), bad).toBeDefined();
    }
    for (const good of [
      'claire.martin@example.org',
      'a+b@gmail.com',
      'x@sub.domain.consulting',
      'j@yahoo.fr',
      'o@hotmail.com',
    ]) {
      expect(emailProblem(good), good).toBeUndefined();
    }
  });
});

describe('POST /api/data/product/{pid}/back-in-stock', () => {
  it('registers an alert for a sold-out size, with the email lower-cased', async () => {
    const email = address('Julien.Bernard').toUpperCase().replace('EXAMPLE.ORG', 'Example.org');
    const res = await post('ZPDAVAIL1', body({ email, size: '37' })).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      pid: 'ZPDAVAIL1',
      size: '37',
      locale: 'fr-fr',
      status: 'subscribed',
      email: 'j•••••@example.org',
    });
    expect(Date.parse(res.body.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const row = await t.database.db
      .selectFrom('back_in_stock_subscriptions')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sku: 'ZPDAVAIL1-37', pid: 'ZPDAVAIL1', locale: 'fr-fr', notified_at: null });
    // The same address in another case is the same alert.
    const again = await post('ZPDAVAIL1', body({ email: email.toLowerCase(), size: '37' })).expect(409);
    expect(again.body.code).toBe('ERR_PDT_API_1013');
    // Another size of the same product is another alert.
    await post('ZPDSOLD', body({ email, size: '37' })).expect(201);
  });

  it('stores the alert in the body locale, or its country default', async () => {
    const res = await post('ZPDSOLD', body({ email: address('ko'), locale: 'ko-fr' })).expect(201);
    expect(res.body.locale).toBe('fr-fr');
  });

  it('refuses a size in stock, a product without alerts, an unknown size or product, and writes nothing', async () => {
    expect((await post('ZPDAVAIL1', body({ size: '36' })).expect(409)).body.code).toBe('ERR_PDT_API_1014');
    expect((await post('ZPDGONE', body()).expect(422)).body.code).toBe('ERR_PDT_API_1002');
    expect((await post('ZPDSOON', body()).expect(422)).body.code).toBe('ERR_PDT_API_1002');
    expect((await post('ZPDPRE', body()).expect(422)).body.code).toBe('ERR_PDT_API_1002');
    expect((await post('ZPDAVAIL1', body({ size: '99' })).expect(404)).body.code).toBe('ERR_PDT_API_1007');
    expect((await post('ZPDNOPE', body()).expect(404)).body.code).toBe('ERR_PDT_API_1001');
    expect((await post('ZPDEMP', body()).expect(404)).body.code).toBe('ERR_PDT_API_1001');
    expect(await alerts('ZPDGONE')).toBe(0);
    expect(await alerts('ZPDSOON')).toBe(0);
  });

  it('refuses a mistyped or malformed email with its code, and writes nothing', async () => {
    const before = await alerts('ZPDSOLD');
    for (const email of [`x.${run}@gmail.con`, `x.${run}@gmal.com`, `x.${run}@hotmai.fr`, `.x${run}@example.org`]) {
      const res = await post('ZPDSOLD', body({ email })).expect(422);
      expect(res.body.code, email).toBe('ERR_PDT_API_1002');
    }
    for (const email of ['no-at-sign', 'a@b.c', 'a@b.toolongtldname', 'a b@example.org']) {
      const res = await post('ZPDSOLD', body({ email })).expect(400);
      expect(res.body.code, email).toBe('ERR_API_1018');
    }
    expect(await alerts('ZPDSOLD')).toBe(before);
  });

  it('refuses a body outside the contract', async () => {
    const { recaptchaToken: _t, ...noToken } = body();
    expect((await post('ZPDSOLD', noToken).expect(400)).body.code).toBe('ERR_RECAPTCHA_1000');
    expect((await post('ZPDSOLD', body({ recaptchaToken: '' })).expect(400)).body.code).toBe('ERR_RECAPTCHA_1000');
    expect((await post('ZPDSOLD', body({ consent: false })).expect(400)).body.code).toBe('ERR_API_1018');
    expect((await post('ZPDSOLD', body({ extra: 1 })).expect(400)).body.code).toBe('ERR_API_1018');
    expect((await post('ZPDSOLD', body({ size: '' })).expect(400)).body.code).toBe('ERR_API_1018');
    expect((await post('ZPDSOLD', body({ locale: 'FR' })).expect(400)).body.code).toBe('ERR_API_1018');
    expect((await post('ZPD-1', body()).expect(400)).body.code).toBe('ERR_API_1009');
    const locale = await request(t.app)
      .post('/api/data/product/ZPDSOLD/back-in-stock?locale=fr')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(body())
      .expect(400);
    expect(locale.body.code).toBe('ERR_API_1005');
  });

  it('refuses a failed security check and cross-site calls', async () => {
    const res = await post('ZPDSOLD', body({ email: address('robot'), recaptchaToken: 'forged' })).expect(403);
    expect(res.body.code).toBe('ERR_RECAPTCHA_1002');
    const cross = await request(t.app)
      .post('/api/data/product/ZPDSOLD/back-in-stock?locale=fr-fr')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(body({ email: address('cross') }))
      .expect(403);
    expect(cross.body.code).toBe('ERR_API_1001');
    const rows = await t.database.db
      .selectFrom('back_in_stock_subscriptions')
      .select('id')
      .where('email', 'in', [address('robot'), address('cross')])
      .execute();
    expect(rows).toEqual([]);
  });

  it('cannot verify the security check in production until a verifier is configured', async () => {
    const config = loadConfig({ NODE_ENV: 'production', BRAND, CACHE_TTL_SECONDS: '0' });
    const { app } = await createApp({ config, database: t.database, logger: createLogger('silent'), pages: false });
    const res = await request(app)
      .post('/api/data/product/ZPDSOLD/back-in-stock?locale=fr-fr')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(body({ email: address('prod') }))
      .expect(502);
    expect(res.body.code).toBe('ERR_RECAPTCHA_1001');
    expect(
      await t.database.db
        .selectFrom('back_in_stock_subscriptions')
        .select('id')
        .where('email', '=', address('prod'))
        .execute(),
    ).toEqual([]);
  });

  it('takes the documented test token in production when the demo launcher asks for the test verifier', async () => {
    const config = loadConfig({ NODE_ENV: 'production', RECAPTCHA_VERIFIER: 'test', BRAND, CACHE_TTL_SECONDS: '0' });
    const { app } = await createApp({ config, database: t.database, logger: createLogger('silent'), pages: false });
    await request(app)
      .post('/api/data/product/ZPDSOLD/back-in-stock?locale=fr-fr')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(body({ email: address('demo') }))
      .expect(201);
    const forged = await request(app)
      .post('/api/data/product/ZPDSOLD/back-in-stock?locale=fr-fr')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(body({ email: address('demo2'), recaptchaToken: 'forged' }))
      .expect(403);
    expect(forged.body.code).toBe('ERR_RECAPTCHA_1002');
  });
});
