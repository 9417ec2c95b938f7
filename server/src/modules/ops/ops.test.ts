import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('operations and the error catalogue', () => {
  it('answers liveness and readiness', async () => {
    await request(t.app).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(t.app).get('/readyz').expect(200);
    expect(ready.body.checks.database).toMatch(/pglite|postgres/);
  });

  it('answers an unknown API route with ERR_API_1002 as problem+json', async () => {
    const res = await request(t.app).get('/api/data/nothing-here').expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'ERR_API_1002', status: 404, title: 'The requested route was not found.' });
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers a wrong method with ERR_LIB_1000', async () => {
    const res = await request(t.app).put('/api/data/basket/get-basket?locale=en-us').expect(405);
    expect(res.body.code).toBe('ERR_LIB_1000');
  });

  it('keeps a sane request id from the caller and replaces a hostile one', async () => {
    const kept = await request(t.app).get('/healthz').set('X-Request-Id', 'abc-123');
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await request(t.app).get('/healthz').set('X-Request-Id', '<script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets security headers', async () => {
    const res = await request(t.app).get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
