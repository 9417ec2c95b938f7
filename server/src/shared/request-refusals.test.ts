// Requests the database or the body parser cannot take: text PostgreSQL refuses (U+0000, lone surrogates),
// malformed percent-encoding, bodies too large, of another media type, charset or content encoding. Each
// answers a 4xx with its catalogue code before any service runs, and nothing is written; never a 5xx.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Logger } from 'pino';
import { agent, startTestApp, type TestApp } from '../test/harness.ts';
import { countRows, sellableVariant } from '../test/fixtures.ts';
import { marketRequired, newEmail, newIp, RECAPTCHA } from '../modules/accounts/test-support.ts';
import { TEST_RECAPTCHA_TOKEN } from './recaptcha.ts';
import { databaseRefusal, problemHandler, toAppError } from './error-handler.ts';
import { isStorableText, unstorableIssues } from './request-text.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const db = () => t.database.db;
const ADD = '/api/data/basket/add-item?locale=fr-fr';
const CONTACT = '/api/data/contact/contact-us?locale=fr-fr';
const CS = '/customer-service/v1';
const same = (r: request.Test) => r.set('Sec-Fetch-Site', 'same-origin').set('X-Forwarded-For', newIp());

function expectProblem(res: request.Response, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code });
}

const contactBody = (over: Record<string, unknown> = {}) => ({
  formType: 'contactUs',
  channel: 'email',
  topic: 'product',
  civility: 'MRS',
  firstName: 'Camille',
  lastName: 'Lefèvre',
  email: newEmail('contact'),
  message: 'Bonjour, la veste existe-t-elle en 38 ?',
  recaptchaToken: TEST_RECAPTCHA_TOKEN,
  ...over,
});
const contactRows = (email: string) =>
  db().selectFrom('contact_requests').select('id').where('email', '=', email).execute();

describe('text the database cannot store answers 400 and writes nothing', () => {
  it('a NUL or a lone surrogate in a basket size: ERR_API_1018 naming body/size, no session, no basket', async () => {
    const v = await sellableVariant(db(), 2, 0);
    for (const size of ['3\u00008', '\ud800', 'x\udc00']) {
      const before = await countRows(db());
      const res = await same(request(t.app).post(ADD)).send({ pid: v.pid, size });
      expectProblem(res, 400, 'ERR_API_1018');
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'body/size' })]);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await countRows(db())).toEqual(before);
    }
  });

  it('a NUL in an item id (update and removal): ERR_API_1018, the basket unchanged', async () => {
    const v = await sellableVariant(db(), 2, 1);
    const a = agent(t.app).set('X-Forwarded-For', newIp());
    const added = await a.post(ADD).send({ pid: v.pid, size: v.size }).expect(200);
    const before = await countRows(db());
    const upd = await a
      .patch('/api/data/basket/update-item?locale=fr-fr')
      .send({ itemId: `${added.body.items[0].itemId}\u0000`, quantity: 2 });
    expectProblem(upd, 400, 'ERR_API_1018');
    expect(upd.body.errors).toEqual([expect.objectContaining({ path: 'body/itemId' })]);
    const del = await a.delete(`/api/data/basket/remove-item?locale=fr-fr&itemId=${added.body.items[0].itemId}%00`);
    expectProblem(del, 400, 'ERR_API_1018');
    expect(del.body.errors).toEqual([expect.objectContaining({ path: 'query/itemId' })]);
    expect(await countRows(db())).toEqual(before);
    const basket = await a.get('/api/data/basket/get-basket?locale=fr-fr').expect(200);
    expect(basket.body.items).toEqual([expect.objectContaining({ itemId: added.body.items[0].itemId, quantity: 1 })]);
  });

  it('a NUL in a product id keeps the pid code (ERR_API_1009), as any malformed pid', async () => {
    const v = await sellableVariant(db(), 2, 0);
    expectProblem(
      await same(request(t.app).post(ADD)).send({ pid: `${v.pid}\u0000`, size: v.size }),
      400,
      'ERR_API_1009',
    );
  });

  it('a NUL in a contact message: ERR_API_1018 naming body/message, no contact request', async () => {
    const body = contactBody({ message: 'Bonjour\u0000, la veste ?' });
    const res = await same(request(t.app).post(CONTACT)).send(body);
    expectProblem(res, 400, 'ERR_API_1018');
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'body/message' })]);
    expect(await contactRows(body.email as string)).toHaveLength(0);
  });

  it('a NUL in a search query, and a query that is not percent-encoded UTF-8: 400 with the code of q (ERR_SEARCH_API_1000)', async () => {
    for (const q of ['a%00b', '%ZZ', '%ED%A0%80', '%E0%A4%A']) {
      const res = await request(t.app).get(`/api/data/search?brand=ysl&locale=fr-fr&q=${q}`);
      expectProblem(res, 400, 'ERR_SEARCH_API_1000');
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'query/q' })]);
    }
    // Elsewhere in the query, ERR_API_1018.
    expectProblem(
      await request(t.app).get('/api/data/search?brand=ysl&locale=fr-fr&q=sac&sort=%ZZ'),
      400,
      'ERR_API_1018',
    );
    // Well-formed text is searched as usual.
    expect(
      (await request(t.app).get('/api/data/search?brand=ysl&locale=fr-fr&q=%E3%83%90%E3%83%83%E3%82%B0')).status,
    ).toBe(200);
  });

  it('a malformed percent-encoding in a path: 400 ERR_API_1018', async () => {
    expectProblem(await request(t.app).get('/api/data/product/%E0%A4%A/prices?locale=fr-fr'), 400, 'ERR_API_1018');
  });

  it('the customer service API: a NUL in a registration name answers 400, no account', async () => {
    const fr = await marketRequired(t.app, 'fr-fr');
    const email = newEmail('nul');
    const res = await same(request(t.app).post(`${CS}/customer`)).send({
      ...fr,
      emailAddress: email,
      password: 'saffron-lattice-harbour-91',
      locale: 'fr-fr',
      recaptchaToken: RECAPTCHA,
      firstName: 'Ca\u0000mille',
    });
    expectProblem(res, 400, 'ERR_API_1018');
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'body/firstName' })]);
    expect(await db().selectFrom('customers').select('id').where('email', '=', email).execute()).toHaveLength(0);
    // A field without a pattern of its own (the reCAPTCHA token is never stored, but refused all the same).
    const status = await same(request(t.app).post(`${CS}/status?locale=fr-fr`)).send({
      email: newEmail('nul'),
      recaptchaToken: `${RECAPTCHA}\u0000`,
    });
    expect(status.status, JSON.stringify(status.body)).toBe(400);
    expect(status.body.errors).toEqual([expect.objectContaining({ path: 'body/recaptchaToken' })]);
  });
});

describe('bodies the server does not read', () => {
  const raw = (contentType: string, body: string | Buffer, headers: Record<string, string> = {}) => {
    const r = same(request(t.app).post(CONTACT)).set('Content-Type', contentType);
    for (const [k, v] of Object.entries(headers)) r.set(k, v);
    // As is: superagent would serialise a Buffer sent as JSON.
    return r.serialize((b: unknown) => b as string).send(body);
  };

  it('a charset that is not a UTF: 415 ERR_API_1030, nothing written', async () => {
    const body = contactBody();
    expectProblem(await raw('application/json; charset=foo-bar', JSON.stringify(body)), 415, 'ERR_API_1030');
    expectProblem(await raw('application/json; charset=iso-8859-1', JSON.stringify(body)), 415, 'ERR_API_1030');
    expect(await contactRows(body.email as string)).toHaveLength(0);
  });

  it('a Content-Encoding the server does not decode: 415 ERR_API_1030', async () => {
    const body = contactBody();
    expectProblem(
      await raw('application/json', JSON.stringify(body), { 'Content-Encoding': 'compress' }),
      415,
      'ERR_API_1030',
    );
    expect(await contactRows(body.email as string)).toHaveLength(0);
  });

  it('a gzip Content-Encoding on a body that is not gzip: 400 ERR_API_1018', async () => {
    const body = contactBody();
    expectProblem(
      await raw('application/json', JSON.stringify(body), { 'Content-Encoding': 'gzip' }),
      400,
      'ERR_API_1018',
    );
    expect(await contactRows(body.email as string)).toHaveLength(0);
  });

  it('a gzip body that is gzip is read as usual', async () => {
    const body = contactBody();
    expect((await raw('application/json', gzipSync(JSON.stringify(body)), { 'Content-Encoding': 'gzip' })).status).toBe(
      201,
    );
    expect(await contactRows(body.email as string)).toHaveLength(1);
  });

  it('a body over 32 KB: 413 ERR_API_1029, nothing written', async () => {
    const body = contactBody({ message: 'x'.repeat(40_000) });
    expectProblem(await raw('application/json', JSON.stringify(body)), 413, 'ERR_API_1029');
    // Compressed small, inflated past the limit: the limit is on the decoded body.
    expectProblem(
      await raw('application/json', gzipSync(JSON.stringify(body)), { 'Content-Encoding': 'gzip' }),
      413,
      'ERR_API_1029',
    );
    expect(await contactRows(body.email as string)).toHaveLength(0);
  });

  it.each([
    ['text/plain', JSON.stringify(contactBody())],
    ['application/x-www-form-urlencoded', 'formType=contactUs&message=hello'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="message"\r\n\r\nhello\r\n--x--\r\n',
    ],
    ['application/xml', '<contact><message>hello</message></contact>'],
  ])('a JSON operation sent %s: 415 ERR_API_1030', async (contentType, body) => {
    const before = (
      await db()
        .selectFrom('contact_requests')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expectProblem(await raw(contentType, body), 415, 'ERR_API_1030');
    expect(
      (
        await db()
          .selectFrom('contact_requests')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(before);
  });

  it('a GET with a body answers as without one (bodies of GET are never read)', async () => {
    const res = await request(t.app)
      .get('/api/data/basket/get-basket?locale=fr-fr')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'compress')
      .send('x'.repeat(40_000));
    expect(res.status).toBe(200);
  });
});

describe('the database refusing a value is a 400, logged as a warning (safety net)', () => {
  it.each(['22021', '22P05', '22P02', '54000'])('SQLSTATE %s → ERR_API_1018', (code) => {
    const err = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });
    expect(databaseRefusal(err)).toBe(code);
    expect(toAppError(err, new Map())?.code).toBe('ERR_API_1018');
    // Wrapped by a library, the cause still counts.
    expect(toAppError(new Error('query failed', { cause: err }), new Map())?.code).toBe('ERR_API_1018');
  });

  it('other database errors stay 500', () => {
    expect(toAppError(Object.assign(new Error('deadlock'), { code: '40P01' }), new Map())).toBeUndefined();
  });

  it('the problem handler answers 400 and logs a warning, not an error', () => {
    const logged: string[] = [];
    const logger = { warn: () => logged.push('warn'), error: () => logged.push('error') } as unknown as Logger;
    let status = 0;
    let sent: unknown;
    const res = {
      headersSent: false,
      status: (s: number) => ((status = s), res),
      type: () => res,
      set: () => res,
      json: (b: unknown) => ((sent = b), res),
    };
    problemHandler(logger, new Map())(
      Object.assign(new Error('x'), { code: '22021' }),
      { id: 'r1' } as never,
      res as never,
      () => {},
    );
    expect(status).toBe(400);
    expect(sent).toMatchObject({ code: 'ERR_API_1018' });
    expect(logged).toEqual(['warn']);
  });
});

describe('unstorable text', () => {
  it('finds NUL and lone surrogates in values and names, at any depth', () => {
    expect(isStorableText('Ünïcödé 😀 日本')).toBe(true);
    expect(isStorableText('\ud83d\ude00')).toBe(true);
    expect(isStorableText('\ud83d')).toBe(false);
    expect(isStorableText('a\u0000')).toBe(false);
    expect(
      unstorableIssues({ a: [{ b: 'x\u0000' }], 'k\u0000': 1 }, 'body')
        .map((i) => i.path)
        .sort(),
    ).toEqual(['body/a/0/b', 'body/k\\u0000']);
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(unstorableIssues(deep, 'body')).toHaveLength(1);
  });
});
