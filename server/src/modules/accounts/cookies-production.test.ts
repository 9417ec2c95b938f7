// Session cookies of a production deployment over HTTPS (NODE_ENV=production, PUBLIC_ORIGIN=https://…):
// `__Host-` names, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { signEmployeeSaleToken } from './profile/employee-sale.ts';
import { RECAPTCHA, expectProblem, insertCustomer, newIp, setCookieLine, setCookieValue } from './test-support.ts';

const CS = '/customer-service/v1';
let t: TestApp;
beforeAll(async () => {
  // The test verifier stands in for Google's; no EMPLOYEE_SALE_SECRET is configured.
  t = await startTestApp({
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'https://shop.example.com',
    RECAPTCHA_VERIFIER: 'test',
    LOG_LEVEL: 'silent',
  });
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;

/** A same-origin browser call over the production origin; cookies by hand (supertest keeps Secure ones for HTTPS). */
const call = (method: 'get' | 'post', path: string, cookie?: string) => {
  const r = (method === 'get' ? request(t.app).get(path) : request(t.app).post(path))
    .set('Sec-Fetch-Site', 'same-origin')
    .set('X-Forwarded-For', newIp());
  return cookie ? r.set('Cookie', cookie) : r;
};

async function signedIn(options: Parameters<typeof insertCustomer>[1] = {}) {
  const customer = await insertCustomer(db(), options);
  const res = await call('post', '/api/auth/login?locale=fr-fr').send({
    email: customer.email,
    password: customer.password,
    recaptchaToken: RECAPTCHA,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { customer, res, token: setCookieValue(res, '__Host-sid') as string };
}

describe('session cookies in production over HTTPS', () => {
  it('are __Host- cookies: Secure, HttpOnly, SameSite=Lax, Path=/, without Domain', async () => {
    const { res, token } = await signedIn();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const name of ['__Host-sid', '__Host-cs_sid']) {
      const line = setCookieLine(res, name) as string;
      expect(line, name).toBeDefined();
      const attributes = line
        .split(';')
        .slice(1)
        .map((a) => a.trim());
      for (const a of ['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']) expect(attributes, `${name} ${a}`).toContain(a);
      expect(attributes.some((a) => /^Domain=/i.test(a))).toBe(false);
    }
    expect(setCookieValue(res, '__Host-cs_sid')).toBe(token);
    // No cookie under the plain names.
    expect(setCookieLine(res, 'sid')).toBeUndefined();
    expect(setCookieLine(res, 'cs_sid')).toBeUndefined();
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('are read under their __Host- names only', async () => {
    const { customer, token } = await signedIn();
    const me = await call('get', '/api/data/customer?locale=fr-fr', `__Host-sid=${token}`);
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.customerUUID).toBe(customer.id);
    expect((await call('get', `${CS}/customer?locale=fr-fr`, `__Host-cs_sid=${token}`)).status).toBe(200);
    // A cookie without the prefix (settable by a sibling subdomain or over plain HTTP) is ignored.
    expect((await call('get', '/api/data/customer?locale=fr-fr', `sid=${token}`)).status).toBe(401);
    expect((await call('get', `${CS}/customer?locale=fr-fr`, `cs_sid=${token}`)).status).toBe(401);
  });

  it('are cleared, Secure, on sign-out', async () => {
    const { token } = await signedIn();
    const out = await call('get', `${CS}/logout`, `__Host-cs_sid=${token}; __Host-sid=${token}`);
    expect(out.status).toBe(204);
    for (const name of ['__Host-sid', '__Host-cs_sid']) {
      const line = setCookieLine(out, name) as string;
      expect(line).toMatch(new RegExp(`^${name}=;`));
      expect(line).toMatch(/; Secure/);
    }
    expect((await call('get', '/api/data/customer?locale=fr-fr', `__Host-sid=${token}`)).status).toBe(401);
  });
});

describe('employee-sale session sync without a configured secret', () => {
  it('refuses every token (403 ERR_API_1001)', async () => {
    const { customer, token } = await signedIn({ isEmployee: true });
    const claims = {
      aud: 'storefront',
      exp: Math.floor(Date.now() / 1000) + 60,
      jti: `jti-${Date.now()}`,
      clientId: customer.clientId,
    };
    for (const secret of ['', 'undefined', 'any-secret-an-attacker-may-guess-0123456789']) {
      const res = await call('post', `${CS}/session/sync?locale=fr-fr`, `__Host-cs_sid=${token}`).send({
        employeeSaleToken: signEmployeeSaleToken(secret, claims),
      });
      expectProblem(res, 403, 'ERR_API_1001');
    }
  });
});
