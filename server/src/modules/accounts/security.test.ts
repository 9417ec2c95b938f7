// Attacks on accounts and sessions: brute force, CSRF, IDOR, mass assignment, session fixation, session
// timeouts, sessions ended by a password change or reset, cookie attributes and the stored password hash.
// Each test fails if the property it names were removed.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { verifyPassword } from './passwords/passwords.ts';
import {
  awayFromWindowEnd,
  RECAPTCHA,
  expectProblem,
  expectTooMany,
  footprint,
  insertCustomer,
  lastMailData,
  linkParams,
  marketRequired,
  newEmail,
  newIp,
  sessionIdOf,
  setCookieLine,
  setCookieValue,
  signedInSessions,
  signIn,
  tableCounts,
} from './test-support.ts';

const CS = '/customer-service/v1';
const NEW_PASSWORD = 'quiet-orchard-lamplight-77';
let t: TestApp;
let fr: Record<string, unknown>;
beforeAll(async () => {
  t = await startTestApp();
  fr = await marketRequired(t.app, 'fr-fr');
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;
const pglite = () => t.database.kind === 'pglite';

function browser(ip = newIp()) {
  return agent(t.app).set('X-Forwarded-For', ip);
}
type Browser = ReturnType<typeof browser>;

async function signedIn(options: Parameters<typeof insertCustomer>[1] = {}) {
  const customer = await insertCustomer(db(), options);
  const b = browser();
  const login = await signIn(b, customer);
  return { customer, b, token: setCookieValue(login, 'sid') as string };
}
const login = (b: Browser, email: string, password: string) =>
  b.post('/api/auth/login?locale=fr-fr').send({ email, password, recaptchaToken: RECAPTCHA });
const customerRow = (id: string) =>
  db().selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** A browser request with no Fetch Metadata of its own (cookies by hand). */
const bare = () => request(t.app);

describe('brute force on sign-in', () => {
  it('refuses the 6th attempt for an address after 5 failures (429 with Retry-After), even with the right password', async () => {
    await awayFromWindowEnd(900);
    const c = await insertCustomer(db());
    // From 5 different client addresses: the limit counts per e-mail address.
    for (let i = 0; i < 5; i++)
      expectProblem(await login(browser(), c.email, `guess-number-${i}`), 401, 'ERR_OKTA_1000');
    const res = await login(browser(), c.email, c.password);
    expectTooMany(res, 900);
    expect(await signedInSessions(db(), c.id)).toBe(0);
    expectTooMany(
      await browser()
        .post(`${CS}/authn?locale=fr-fr`)
        .send({ email: c.email, password: c.password, recaptchaToken: RECAPTCHA }),
      900,
    );
    // Another address is not concerned.
    const other = await insertCustomer(db());
    expect((await login(browser(), other.email, other.password)).status).toBe(200);
  });

  it('counts the failures of an unknown address alike', async () => {
    await awayFromWindowEnd(900);
    const email = newEmail('nobody');
    for (let i = 0; i < 5; i++) expectProblem(await login(browser(), email, `guess-number-${i}`), 401, 'ERR_OKTA_1000');
    expectTooMany(await login(browser(), email, 'guess-number-5'), 900);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const c = await insertCustomer(db());
    for (let i = 0; i < 4; i++)
      expectProblem(await login(browser(), c.email, `guess-number-${i}`), 401, 'ERR_OKTA_1000');
    expect((await login(browser(), c.email, c.password)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expectProblem(await login(browser(), c.email, `guess-again-${i}`), 401, 'ERR_OKTA_1000');
    // 8 failures in the window, but only 4 since the success.
    expect((await login(browser(), c.email, c.password)).status).toBe(200);
  });
});

describe('CSRF: state-changing calls from another site', () => {
  const STATE_CHANGING: [string, string, Record<string, unknown>][] = [
    ['post', '/api/auth/login?locale=fr-fr', { email: 'a@example.com', password: 'x', recaptchaToken: RECAPTCHA }],
    [
      'post',
      '/api/register?locale=fr-fr',
      { emailAddress: 'csrf@example.com', password: NEW_PASSWORD, recaptchaToken: RECAPTCHA },
    ],
    ['post', '/api/account/activate?locale=fr-fr', { email: 'csrf@example.com', recaptchaToken: RECAPTCHA }],
    ['post', '/api/password/reset?locale=fr-fr', { email: 'csrf@example.com', recaptchaToken: RECAPTCHA }],
    ['post', '/api/password/new-password?locale=fr-fr', { token: 'a'.repeat(43), newPassword: NEW_PASSWORD }],
    ['post', '/api/password/change?locale=fr-fr', { currentPassword: 'x', newPassword: NEW_PASSWORD }],
    [
      'post',
      '/api/password/change-expired?locale=fr-fr',
      { email: 'a@example.com', currentPassword: 'x', newPassword: NEW_PASSWORD, recaptchaToken: RECAPTCHA },
    ],
    ['post', '/api/data/cdb/update-customer?locale=fr-fr', { clientId: '1234567890', firstName: 'Pirate' }],
    ['post', '/api/data/session?locale=fr-fr', {}],
    ['post', `${CS}/authn?locale=fr-fr`, { email: 'a@example.com', password: 'x', recaptchaToken: RECAPTCHA }],
    ['post', `${CS}/login?locale=fr-fr&code=${'a'.repeat(43)}`, {}],
    ['post', `${CS}/customer`, { emailAddress: 'csrf@example.com', locale: 'fr-fr', recaptchaToken: RECAPTCHA }],
    ['put', `${CS}/customer`, { clientId: '1234567890', firstName: 'Pirate' }],
    ['post', `${CS}/status?locale=fr-fr`, { email: 'csrf@example.com', recaptchaToken: RECAPTCHA }],
    ['post', `${CS}/activation?locale=fr-fr`, { email: 'csrf@example.com', recaptchaToken: RECAPTCHA }],
    [
      'post',
      `${CS}/activation/confirm?locale=fr-fr`,
      { userId: '00uAAAAAAAAAAAAAAAAA', activationToken: 'a'.repeat(43) },
    ],
    ['post', `${CS}/password/recovery?locale=fr-fr`, { email: 'csrf@example.com', recaptchaToken: RECAPTCHA }],
    ['post', `${CS}/password/reset?locale=fr-fr`, { token: 'a'.repeat(43), newPassword: NEW_PASSWORD }],
    ['post', `${CS}/password/change?locale=fr-fr`, { currentPassword: 'x', newPassword: NEW_PASSWORD }],
    ['post', `${CS}/session/sync?locale=fr-fr`, { employeeSaleToken: 'a.b.c' }],
  ];
  const send = (method: string, path: string, body: Record<string, unknown>) =>
    (method === 'put' ? bare().put(path) : bare().post(path)).set('X-Forwarded-For', newIp()).send(body);

  it('refuses every one with 403 ERR_API_1001 on Fetch Metadata (cross-site, same-site) or a foreign Origin, writing nothing', async () => {
    const before = await tableCounts(db());
    for (const [method, path, body] of STATE_CHANGING) {
      for (const site of ['cross-site', 'same-site']) {
        expectProblem(await send(method, path, body).set('Sec-Fetch-Site', site), 403, 'ERR_API_1001');
      }
      expectProblem(await send(method, path, body).set('Origin', 'https://evil.example'), 403, 'ERR_API_1001');
      expectProblem(await send(method, path, body).set('Origin', 'null'), 403, 'ERR_API_1001');
    }
    expect(await footprint(db(), 'csrf@example.com')).toEqual({ customers: 0, mails: 0, addresses: 0 });
    if (pglite()) expect(await tableCounts(db())).toEqual(before);
  });

  it('lets a same-origin call through, by Fetch Metadata or, without it, by an Origin naming this host', async () => {
    const email = newEmail('origin');
    const res = await bare()
      .post('/api/password/reset?locale=fr-fr')
      .set('X-Forwarded-For', newIp())
      .set('Host', 'shop.example')
      .set('Origin', 'https://shop.example')
      .send({ email, recaptchaToken: RECAPTCHA });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
  });

  it('keeps a signed-in customer safe from a forged form: no change of profile, password or address book', async () => {
    const { customer, token } = await signedIn();
    const cookie = `sid=${token}`;
    const forged = (path: string, body: Record<string, unknown>) =>
      bare().post(path).set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site').send(body);
    expectProblem(
      await forged('/api/data/cdb/update-customer?locale=fr-fr', {
        clientId: customer.clientId,
        firstName: 'Pirate',
        addresses: [
          { firstName: 'A', lastName: 'B', addressLine1: '1 rue X', city: 'Paris', country: 'FR', postalCode: '75001' },
        ],
      }),
      403,
      'ERR_API_1001',
    );
    expectProblem(
      await forged('/api/password/change?locale=fr-fr', {
        currentPassword: customer.password,
        newPassword: NEW_PASSWORD,
      }),
      403,
      'ERR_API_1001',
    );
    const row = await customerRow(customer.id);
    expect(row.first_name).toBe('Camille');
    expect(await verifyPassword(row.password_hash as string, customer.password)).toBe(true);
    expect(await footprint(db(), customer.email)).toEqual({ customers: 1, mails: 0, addresses: 0 });
  });

  it('refuses a cross-site GET /logout (link or image) with 403, and the session stays signed in', async () => {
    const { customer, b, token } = await signedIn();
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
    ]) {
      const res = await bare().get(`${CS}/logout`).set('Cookie', `cs_sid=${token}; sid=${token}`).set(headers);
      expectProblem(res, 403, 'ERR_API_1001');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await signedInSessions(db(), customer.id)).toBe(1);
    expect((await b.get('/api/data/customer?locale=fr-fr')).status).toBe(200);
    // The browser's own sign-out works.
    expect((await b.get(`${CS}/logout`)).status).toBe(204);
    expect(await signedInSessions(db(), customer.id)).toBe(0);
  });
});

describe("IDOR: another customer's data", () => {
  const address = (line: string) => ({
    firstName: 'Camille',
    lastName: 'Lefevre',
    addressLine1: line,
    city: 'Paris',
    country: 'FR',
    postalCode: '75001',
  });

  it("customer B can neither read nor edit customer A's address", async () => {
    const a = await signedIn();
    const savedA = await a.b
      .post('/api/data/cdb/update-customer?locale=fr-fr')
      .send({ clientId: a.customer.clientId, addresses: [{ ...address('1 rue de A'), isDefault: true }] });
    expect(savedA.status, JSON.stringify(savedA.body)).toBe(200);
    const idA = savedA.body.addresses[0].id as string;
    const before = await db()
      .selectFrom('customer_addresses')
      .selectAll()
      .where('id', '=', idA)
      .executeTakeFirstOrThrow();

    const b = await signedIn();
    // Reading A's address through B's edit page: not found.
    expectProblem(
      await b.b.get(`/ssr/myaccount/edit-address-book?locale=fr-fr&addressId=${idA}`),
      404,
      'ERR_PAGE_1000',
    );
    // Writing to A's client id: refused.
    expectProblem(
      await b.b
        .post('/api/data/cdb/update-customer?locale=fr-fr')
        .send({ clientId: a.customer.clientId, addresses: [{ ...address('1 rue de B'), id: idA }] }),
      403,
      'ERR_API_1001',
    );
    // Naming A's address id in B's own book creates a new address for B; A's is untouched.
    const savedB = await b.b
      .post('/api/data/cdb/update-customer?locale=fr-fr')
      .send({ clientId: b.customer.clientId, addresses: [{ ...address('1 rue de B'), id: idA }] });
    expect(savedB.status, JSON.stringify(savedB.body)).toBe(200);
    expect(savedB.body.addresses).toHaveLength(1);
    expect(savedB.body.addresses[0].id).not.toBe(idA);
    expect(savedB.body.addresses[0].addressLine1).toBe('1 rue de B');
    expect(
      await db().selectFrom('customer_addresses').selectAll().where('id', '=', idA).executeTakeFirstOrThrow(),
    ).toEqual(before);
    const bookA = await a.b.get('/ssr/myaccount/address-book?locale=fr-fr');
    expect(bookA.body.addresses).toEqual([{ ...address('1 rue de A'), id: idA, isDefault: true }]);
    // An empty book for B does not empty A's.
    expect(
      (
        await b.b
          .post('/api/data/cdb/update-customer?locale=fr-fr')
          .send({ clientId: b.customer.clientId, addresses: [] })
      ).status,
    ).toBe(200);
    expect(
      await db().selectFrom('customer_addresses').select('id').where('id', '=', idA).executeTakeFirst(),
    ).toBeDefined();
  });

  it("customer B cannot read A's client file or profile by A's ids", async () => {
    const a = await signedIn();
    const b = await signedIn();
    expectProblem(
      await b.b.get(`/api/data/cdb/customer-information?locale=fr-fr&socialId=${a.customer.userId}`),
      403,
      'ERR_API_1001',
    );
    expectProblem(
      await b.b.put(`${CS}/customer`).send({ clientId: a.customer.clientId, lastName: 'Pirate' }),
      403,
      'ERR_API_1001',
    );
    // The customer read has no id to tamper with: it is always the session's own.
    const me = await b.b.get(`/api/data/customer?locale=fr-fr`);
    expect(me.body.customerUUID).toBe(b.customer.id);
    expectProblem(await b.b.get(`/api/data/customer?locale=fr-fr&customerUUID=${a.customer.id}`), 400, 'ERR_API_1018');
    expect((await customerRow(a.customer.id)).last_name).toBe('Lefevre');
  });
});

describe('mass assignment', () => {
  it('refuses a registration naming isEmployee, status, clientId or other server fields (400), creating nothing', async () => {
    for (const extra of [
      { isEmployee: true },
      { status: 'ACTIVE' },
      { accountStatus: 'ACTIVE' },
      { clientId: '1234567890' },
      { customerUUID: '7d3c1f5e-6a0b-4c2e-9d8f-1a2b3c4d5e6f' },
      { userId: '00uAAAAAAAAAAAAAAAAA' },
    ]) {
      const email = newEmail('mass');
      const valid = {
        ...fr,
        emailAddress: email,
        password: NEW_PASSWORD,
        firstName: 'Camille',
        lastName: 'Lefevre',
        recaptchaToken: RECAPTCHA,
      };
      const storefront = await browser()
        .post('/api/register?locale=fr-fr')
        .send({ ...valid, ...extra });
      expectProblem(storefront, 400, 'ERR_API_1018');
      const service = await browser()
        .post(`${CS}/customer`)
        .send({ ...valid, locale: 'fr-fr', ...extra });
      expectProblem(service, 400, 'ERR_API_1018');
      expect(await footprint(db(), email), JSON.stringify(extra)).toEqual({ customers: 0, mails: 0, addresses: 0 });
    }
  });

  it('refuses a profile update naming isEmployee, status or the e-mail address (400), changing nothing', async () => {
    const { customer, b } = await signedIn();
    const before = await customerRow(customer.id);
    for (const extra of [
      { isEmployee: true },
      { status: 'ACTIVE' },
      { accountStatus: 'ACTIVE' },
      { emailAddress: 'pirate@example.com' },
      { password: NEW_PASSWORD },
    ]) {
      expectProblem(
        await b
          .post('/api/data/cdb/update-customer?locale=fr-fr')
          .send({ clientId: customer.clientId, firstName: 'Pirate', ...extra }),
        400,
        'ERR_API_1018',
      );
      expectProblem(
        await b.put(`${CS}/customer`).send({ clientId: customer.clientId, firstName: 'Pirate', ...extra }),
        400,
        'ERR_API_1018',
      );
    }
    expect(await customerRow(customer.id)).toEqual(before);
  });
});

describe('session fixation', () => {
  it('does not sign in the session id the browser had before; the new cookie differs', async () => {
    const c = await insertCustomer(db());
    const b = browser();
    const anon = await b.post('/api/data/session?locale=fr-fr').expect(200);
    const before = setCookieValue(anon, 'sid') as string;
    const res = await signIn(b, c);
    const after = setCookieValue(res, 'sid') as string;
    expect(after).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(after).not.toBe(before);
    expect(setCookieValue(res, 'cs_sid')).toBe(after);
    expect(
      await db().selectFrom('sessions').select('id').where('id', '=', sessionIdOf(before)).executeTakeFirst(),
    ).toBeUndefined();
    // The attacker who planted or saw the old id gets nothing.
    expectProblem(
      await bare().get('/api/data/customer?locale=fr-fr').set('Cookie', `sid=${before}`),
      401,
      'ERR_API_1020',
    );
    expect(
      (await bare().post('/api/data/session?locale=fr-fr').set('Cookie', `sid=${before}`)).body.customerAuthenticated,
    ).toBe(false);
    expect((await b.get('/api/data/customer?locale=fr-fr')).status).toBe(200);
  });

  it('never adopts a session id chosen by an attacker', async () => {
    const c = await insertCustomer(db());
    const planted = randomBytes(16).toString('base64url');
    const res = await bare()
      .post('/api/auth/login?locale=fr-fr')
      .set('X-Forwarded-For', newIp())
      .set('Cookie', `sid=${planted}`)
      .send({ email: c.email, password: c.password, recaptchaToken: RECAPTCHA });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(setCookieValue(res, 'sid')).not.toBe(planted);
    expect(
      await db().selectFrom('sessions').select('id').where('id', '=', sessionIdOf(planted)).executeTakeFirst(),
    ).toBeUndefined();
    expectProblem(
      await bare().get('/api/data/customer?locale=fr-fr').set('Cookie', `sid=${planted}`),
      401,
      'ERR_API_1020',
    );
  });

  it('rotates the id again when signing out, keeping nothing signed in', async () => {
    const { b, token } = await signedIn();
    const out = await b.get(`${CS}/logout`);
    expect(out.status).toBe(204);
    expect(setCookieValue(out, 'sid')).toBe('');
    expectProblem(
      await bare().get('/api/data/customer?locale=fr-fr').set('Cookie', `sid=${token}`),
      401,
      'ERR_API_1020',
    );
  });
});

describe('session timeouts', () => {
  const setAuthTimes = (customerId: string, times: { auth_seen_at?: Date; authenticated_at?: Date }) =>
    db().updateTable('sessions').set(times).where('customer_id', '=', customerId).execute();
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

  it('lapses after 24 hours without activity: ERR_MWR_1000 once, then an anonymous session', async () => {
    const { customer, b } = await signedIn();
    const usid = (await b.post('/api/data/session?locale=fr-fr')).body.usid;
    await setAuthTimes(customer.id, { auth_seen_at: hoursAgo(25) });
    expectProblem(await b.get('/api/data/customer?locale=fr-fr'), 401, 'ERR_MWR_1000');
    expectProblem(await b.get('/api/data/customer?locale=fr-fr'), 401, 'ERR_API_1020');
    const session = await b.post('/api/data/session?locale=fr-fr');
    expect(session.body).toMatchObject({ customerAuthenticated: false, keringClientId: null, usid });
    expect(await signedInSessions(db(), customer.id)).toBe(0);
  });

  it('stays signed in with activity within 24 hours, which slides the idle timeout', async () => {
    const { customer, b } = await signedIn();
    await setAuthTimes(customer.id, { auth_seen_at: hoursAgo(23) });
    expect((await b.get('/api/data/customer?locale=fr-fr')).status).toBe(200);
    const row = await db()
      .selectFrom('sessions')
      .select('auth_seen_at')
      .where('customer_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(Date.now() - new Date(row.auth_seen_at as Date).getTime()).toBeLessThan(60_000);
  });

  it('lapses 30 days after the sign-in whatever the activity', async () => {
    const { customer, b } = await signedIn();
    await setAuthTimes(customer.id, { authenticated_at: hoursAgo(31 * 24), auth_seen_at: hoursAgo(0.01) });
    expectProblem(await b.get('/api/data/customer?locale=fr-fr'), 401, 'ERR_MWR_1000');
    expect((await b.post('/api/data/session?locale=fr-fr')).body.customerAuthenticated).toBe(false);
    const fresh = await signedIn();
    await setAuthTimes(fresh.customer.id, { authenticated_at: hoursAgo(29 * 24), auth_seen_at: hoursAgo(0.01) });
    expect((await fresh.b.get('/api/data/customer?locale=fr-fr')).status).toBe(200);
  });
});

describe('sessions ended by a password change or reset', () => {
  it('a password change ends the other sessions (signed in before) and keeps this one', async () => {
    const c = await insertCustomer(db());
    const here = browser();
    await signIn(here, c);
    const elsewhere = browser();
    await signIn(elsewhere, c);
    expect((await elsewhere.get('/api/data/customer?locale=fr-fr')).status).toBe(200);
    const res = await here
      .post('/api/password/change?locale=fr-fr')
      .send({ currentPassword: c.password, newPassword: NEW_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expectProblem(await elsewhere.get('/api/data/customer?locale=fr-fr'), 401, 'ERR_API_1020');
    expect((await elsewhere.post('/api/data/session?locale=fr-fr')).body.customerAuthenticated).toBe(false);
    expect((await here.get('/api/data/customer?locale=fr-fr')).status).toBe(200);
    expect(await signedInSessions(db(), c.id)).toBe(1);
  });

  it('a reset ends every session of the account', async () => {
    const c = await insertCustomer(db());
    const one = browser();
    await signIn(one, c);
    const two = browser();
    await signIn(two, c);
    expect(
      (await browser().post('/api/password/reset?locale=fr-fr').send({ email: c.email, recaptchaToken: RECAPTCHA }))
        .status,
    ).toBe(204);
    const token = linkParams((await lastMailData(db(), c.email, 'password-reset'))?.resetUrl).get('token');
    expect(
      (await browser().post('/api/password/new-password?locale=fr-fr').send({ token, newPassword: NEW_PASSWORD }))
        .status,
    ).toBe(204);
    for (const b of [one, two]) expectProblem(await b.get('/api/data/customer?locale=fr-fr'), 401, 'ERR_API_1020');
    expect(await signedInSessions(db(), c.id)).toBe(0);
  });
});

describe('session cookies', () => {
  it('are HttpOnly, SameSite=Lax, Path=/, host-only, at most 90 days, the same token under both names', async () => {
    const c = await insertCustomer(db());
    const res = await signIn(browser(), c);
    for (const name of ['sid', 'cs_sid']) {
      const line = setCookieLine(res, name) as string;
      expect(line, name).toBeDefined();
      const attributes = line
        .split(';')
        .slice(1)
        .map((a) => a.trim());
      expect(attributes).toContain('HttpOnly');
      expect(attributes).toContain('SameSite=Lax');
      expect(attributes).toContain('Path=/');
      expect(attributes.some((a) => /^Domain=/i.test(a))).toBe(false);
      const maxAge = Number(attributes.find((a) => a.startsWith('Max-Age='))?.slice('Max-Age='.length));
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(90 * 86_400);
    }
    expect(setCookieValue(res, 'sid')).toBe(setCookieValue(res, 'cs_sid'));
    // Only a digest of the token is stored.
    const token = setCookieValue(res, 'sid') as string;
    expect(await db().selectFrom('sessions').select('id').where('id', '=', token).executeTakeFirst()).toBeUndefined();
    expect(
      await db().selectFrom('sessions').select('id').where('id', '=', sessionIdOf(token)).executeTakeFirst(),
    ).toBeDefined();
  });
});

describe('stored passwords', () => {
  const ARGON2ID = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

  it('are argon2id hashes (OWASP parameters) after registration, reset and change, never the password', async () => {
    const email = newEmail('hash');
    const first = 'velvet-lantern-harbour-42';
    const registered = await browser()
      .post('/api/register?locale=fr-fr')
      .send({
        ...fr,
        emailAddress: email,
        password: first,
        firstName: 'Camille',
        lastName: 'Lefevre',
        recaptchaToken: RECAPTCHA,
      });
    expect(registered.status, JSON.stringify(registered.body)).toBe(204);
    const row = await db().selectFrom('customers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(ARGON2ID);
    expect(row.password_hash).not.toContain(first);

    const link = linkParams((await lastMailData(db(), email, 'activation'))?.activationUrl);
    expect(
      (
        await browser()
          .post('/api/account/activate?locale=fr-fr')
          .send({ userId: link.get('userId'), activationToken: link.get('token') })
      ).status,
    ).toBe(204);
    expect(
      (await browser().post('/api/password/reset?locale=fr-fr').send({ email, recaptchaToken: RECAPTCHA })).status,
    ).toBe(204);
    const token = linkParams((await lastMailData(db(), email, 'password-reset'))?.resetUrl).get('token');
    expect(
      (await browser().post('/api/password/new-password?locale=fr-fr').send({ token, newPassword: NEW_PASSWORD }))
        .status,
    ).toBe(204);
    const b = browser();
    await signIn(b, { email, password: NEW_PASSWORD });
    const third = 'marble-heron-twilight-35';
    expect(
      (await b.post('/api/password/change?locale=fr-fr').send({ currentPassword: NEW_PASSWORD, newPassword: third }))
        .status,
    ).toBe(204);

    const history = await db()
      .selectFrom('password_history')
      .select('password_hash')
      .where('customer_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(history).toHaveLength(3);
    const hashes = history.map((h) => h.password_hash);
    for (const hash of hashes) expect(hash).toMatch(ARGON2ID);
    expect(new Set(hashes).size).toBe(3);
    expect((await customerRow(row.id)).password_hash).toBe(hashes[2]);
    // Each hash has its own salt: the same password hashed twice differs.
    expect(hashes[0]?.split('$')[4]).not.toBe(hashes[1]?.split('$')[4]);
    const tokens = await db()
      .selectFrom('account_tokens')
      .select('token_hash')
      .where('customer_id', '=', row.id)
      .execute();
    expect(tokens.map((x) => x.token_hash)).not.toContain(token);
    expect(tokens.map((x) => x.token_hash)).not.toContain(link.get('token'));
  });
});
