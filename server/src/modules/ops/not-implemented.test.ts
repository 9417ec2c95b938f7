import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// The sitemaps are described but not served yet.
const SITEMAP = '/sitemaps/fr-fr/sitemap-products.xml';

describe('operations described but not implemented yet', () => {
  it('answer 501 ERR_API_1036 to a valid request, never a fake success', async () => {
    const res = await agent(t.app).get(SITEMAP).expect(501);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'ERR_API_1036', status: 501 });
  });

  it('still validate requests against their contract first', async () => {
    const bad = await agent(t.app).get(`${SITEMAP}?extra=1`).expect(400);
    expect(bad.body.code).toBe('ERR_API_1018');
    const id = await agent(t.app).get('/sitemaps/FRANCE/sitemap-products.xml').expect(400);
    expect(id.body.code).toBe('ERR_API_1021');
  });

  it('answers unknown customer service routes with ERR_API_1002', async () => {
    const res = await agent(t.app).get('/customer-service/v1/nothing').expect(404);
    expect(res.body.code).toBe('ERR_API_1002');
  });
});

describe('field codes from the contract, per operation', () => {
  it('a code on the body schema applies to its fields (login → ERR_AUTH_API_1000)', async () => {
    const res = await agent(t.app).post('/api/auth/login?locale=fr-fr').send({ password: 'x', recaptchaToken: 'y' }).expect(400);
    expect(res.body.code).toBe('ERR_AUTH_API_1000');
  });
  it('the same field name keeps its own code in each operation', async () => {
    const res = await agent(t.app).post('/api/data/cdb/update-customer?locale=fr-fr').send({}).expect(400);
    expect(res.body.code).toBe('ERR_CDB_API_2002');
  });
});
