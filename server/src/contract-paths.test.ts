// Express routes paths case-insensitively; the contract validators were mounted on case-sensitive path tests,
// so `/API/DATA/...` and `/CUSTOMER-SERVICE/V1/...` reached the handlers without any validation (a 500 from a
// pid that was an object, undocumented parameters accepted, a 502 for an unknown language). Found by the
// contract fuzz suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from './test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('paths in another case are validated like the contract paths', () => {
  it('a body the contract refuses: 400, not the handler crashing on it', async () => {
    const res = await request(t.app)
      .post('/API/DATA/BASKET/ADD-ITEM?locale=fr-fr')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ pid: { a: 1 }, size: [1], quantity: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ERR_API_1009');
  });

  it.each([
    ['/Api/data/category?locale=fr-fr&zzz=1', 'ERR_API_1018'],
    ['/API/DATA/TRANSLATIONS/KO/ORDERS', 'ERR_API_1021'],
    ['/SSR/SEARCH?locale=fr-fr&q%5Ba%5D=1', 'ERR_SEARCH_API_1000'],
    ['/CUSTOMER-SERVICE/V1/FIELDS-AND-CONSENT?locale=fr-fr&zzz=1', 'ERR_API_1018'],
  ])('GET %s answers 400 %s', async (url, code) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
