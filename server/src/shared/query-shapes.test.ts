// Numbers past the floating-point range in numeric query parameters: coerced to Infinity, they passed the
// validator's bounds and reached the handlers (a 500 when the answer then failed its schema). Found by the
// contract fuzz suite. (Lists written as objects: content.test.ts, context tags.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('numeric query parameters past the floating-point range', () => {
  it.each([
    '/api/data/category/women-bags?locale=fr-fr&pageSize=1e400',
    '/api/data/category/women-bags?locale=fr-fr&pageSize=-1e400',
    '/api/data/category/women-bags?locale=fr-fr&page=1e400',
    '/api/data/category/women-bags?locale=fr-fr&pageSize=Infinity',
    '/api/data/locale-mdm/stores?locale=ja-jp&country=JP&latitude=35.6&longitude=1e400',
    '/api/data/locale-mdm/stores?locale=ja-jp&country=JP&latitude=-Infinity&longitude=139.7',
  ])('%s: 400 ERR_API_1018', async (url) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ERR_API_1018');
  });

  it('ordinary numbers are read as before', async () => {
    await request(t.app).get('/api/data/category/women-bags?locale=fr-fr&pageSize=1e1&page=1').expect(200);
    await request(t.app)
      .get('/api/data/locale-mdm/stores?locale=ja-jp&country=JP&latitude=35.6&longitude=139.7')
      .expect(200);
  });
});
