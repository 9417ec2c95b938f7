// Customer service API, sign-in side: session, authn, login, logout, the customer read and the employee-sale
// session sync (contract: openapi/customer-service/paths/{session,authn,login,logout,customer,session@sync}.yaml).
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { agent, startTestApp, type TestApp } from '../../../test/harness.ts';
import { signEmployeeSaleToken } from '../profile/employee-sale.ts';
import { AccountService, LIMITS } from '../service.ts';
import { SessionService } from '../../sessions/index.ts';
import { RateLimiter } from '../../../shared/rate-limit.ts';
import { AppError } from '../../../shared/errors.ts';
import {
  awayFromWindowEnd,
  RECAPTCHA,
  expectProblem,
  expectTooMany,
  fillLimit,
  insertCustomer,
  newEmail,
  newIp,
  sessionIdOf,
  setCookieLine,
  setCookieValue,
  signedInSessions,
  type TestCustomer,
} from '../test-support.ts';

const CS = '/customer-service/v1';
const SECRET = 'employee-sale-secret-of-the-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ EMPLOYEE_SALE_SECRET: SECRET });
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;

/** A browser (same-origin Fetch Metadata, cookie jar) from a client address of its own. */
function browser(ip = newIp()) {
  return agent(t.app).set('X-Forwarded-For', ip);
}
type Browser = ReturnType<typeof browser>;

function authn(b: Browser, c: { email: string; password: string }, query = 'locale=fr-fr') {
  return b.post(`${CS}/authn?${query}`).send({ email: c.email, password: c.password, recaptchaToken: RECAPTCHA });
}

/** Signs a browser in through the customer service (authn, then login). */
async function csSignIn(b: Browser, c: TestCustomer) {
  const a = await authn(b, c);
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  const login = await b.post(`${CS}/login?locale=fr-fr&code=${a.body.code}`);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login;
}

async function signedIn(options: Parameters<typeof insertCustomer>[1] = {}) {
  const customer = await insertCustomer(db(), options);
  const b = browser();
  const login = await csSignIn(b, customer);
  return { customer, b, token: setCookieValue(login, 'cs_sid') as string };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const randomCode = () => randomBytes(32).toString('base64url');

describe('csGetSession — GET /session', () => {
  it('creates an anonymous session with its cookie, then answers it again without a new cookie', async () => {
    const b = browser();
    const first = await b.get(`${CS}/session?locale=fr-fr`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const line = setCookieLine(first, 'cs_sid');
    expect(line).toMatch(/^cs_sid=[A-Za-z0-9_-]{22};/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    // One session for both APIs: the storefront's `sid` carries the same token.
    expect(setCookieValue(first, 'sid')).toBe(setCookieValue(first, 'cs_sid'));
    expect(first.body).toEqual({
      usid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customerAuthenticated: false,
      keringClientId: null,
      customerUUID: null,
      phoneNumberE164: null,
      phoneNumberNormalized: null,
      emailSha256: null,
      isEmployee: false,
      isEmployeeTraffic: false,
      currentContextTags: ['market-fr', 'lang-fr', 'region-emea', 'segment-guest'],
    });
    const second = await b.get(`${CS}/session?locale=fr-fr`);
    expect(second.status).toBe(200);
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(second.body.usid).toBe(first.body.usid);
  });

  it('answers the signed-in customer, with the raw employee flag kept off the answer', async () => {
    const { customer, b } = await signedIn({ isEmployee: true });
    await db().updateTable('customers').set({ phone: '+33612345678' }).where('id', '=', customer.id).execute();
    const res = await b.get(`${CS}/session?locale=fr-fr`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      customerAuthenticated: true,
      keringClientId: customer.clientId,
      customerUUID: customer.id,
      phoneNumberE164: '+33612345678',
      phoneNumberNormalized: '33612345678',
      emailSha256: sha256(customer.email),
      isEmployee: false,
      isEmployeeTraffic: false,
      currentContextTags: ['market-fr', 'lang-fr', 'region-emea', 'segment-registered'],
    });
  });

  it('answers a lapsed signed-in state as anonymous, without an error', async () => {
    const { customer, b } = await signedIn();
    await db()
      .updateTable('sessions')
      .set({ auth_seen_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('customer_id', '=', customer.id)
      .execute();
    const res = await b.get(`${CS}/session?locale=fr-fr`);
    expect(res.status).toBe(200);
    expect(res.body.customerAuthenticated).toBe(false);
    expect(res.body.keringClientId).toBeNull();
  });

  it('refuses a malformed locale (ERR_API_1005) and an undocumented parameter (ERR_API_1018)', async () => {
    expectProblem(await browser().get(`${CS}/session?locale=FR`), 400, 'ERR_API_1005');
    expectProblem(await browser().get(`${CS}/session?locale=fr-fr&debug=1`), 400, 'ERR_API_1018');
  });
});

describe('csAuthn — POST /authn', () => {
  it('answers a one-time code bound to a new session, and signs nobody in', async () => {
    const c = await insertCustomer(db());
    const b = browser();
    const res = await authn(b, c);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresIn: 60,
      redirectPath: '/fr-fr/myaccount',
    });
    const token = setCookieValue(res, 'cs_sid');
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const session = await db()
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionIdOf(token as string))
      .executeTakeFirstOrThrow();
    expect(session.customer_id).toBeNull();
    // Only a digest of the code is stored.
    const codes = await db()
      .selectFrom('sign_in_codes')
      .select(['code_hash', 'session_id'])
      .where('customer_id', '=', c.id)
      .execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]?.code_hash).not.toBe(res.body.code);
    expect(codes[0]?.session_id).toBe(session.id);
    expect(await signedInSessions(db(), c.id)).toBe(0);
  });

  it('answers no redirect path for the modal, and sets no cookie when the browser has a session', async () => {
    const c = await insertCustomer(db());
    const b = browser();
    await b.get(`${CS}/session?locale=en-gb`).expect(200);
    const res = await authn(b, c, 'locale=en-gb&authStoreModal=true');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.redirectPath).toBeNull();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a body the contract refuses (400) before anything else', async () => {
    const c = await insertCustomer(db());
    const b = browser();
    const post = (body: Record<string, unknown>, query = 'locale=fr-fr') => b.post(`${CS}/authn?${query}`).send(body);
    expectProblem(await post({ email: c.email, password: c.password }), 400, 'ERR_RECAPTCHA_1000');
    expectProblem(await post({ email: c.email, password: c.password, recaptchaToken: '' }), 400, 'ERR_RECAPTCHA_1000');
    expectProblem(await post({ email: c.email, recaptchaToken: RECAPTCHA }), 400, 'ERR_API_1018');
    expectProblem(
      await post({ email: 'not-an-address', password: c.password, recaptchaToken: RECAPTCHA }),
      400,
      'ERR_API_1018',
    );
    expectProblem(
      await post({ email: c.email, password: c.password, recaptchaToken: RECAPTCHA, remember: true }),
      400,
      'ERR_API_1018',
    );
    expectProblem(
      await post({ email: c.email, password: c.password, recaptchaToken: RECAPTCHA }, 'locale=french'),
      400,
      'ERR_API_1005',
    );
    expect(
      (await db().selectFrom('sign_in_codes').select('code_hash').where('customer_id', '=', c.id).execute()).length,
    ).toBe(0);
  });

  it('answers ERR_OKTA_1000 for a wrong password, an unknown address and every account that may not sign in', async () => {
    const active = await insertCustomer(db());
    expectProblem(
      await authn(browser(), { email: active.email, password: 'not-the-password-at-all' }),
      401,
      'ERR_OKTA_1000',
    );
    expectProblem(
      await authn(browser(), { email: newEmail('nobody'), password: active.password }),
      401,
      'ERR_OKTA_1000',
    );
    for (const status of ['PROVISIONED', 'LOCKED_OUT', 'SUSPENDED', 'PASSWORD_EXPIRED'] as const) {
      const c = await insertCustomer(db(), { status });
      expectProblem(await authn(browser(), c), 401, 'ERR_OKTA_1000');
    }
    const noPassword = await insertCustomer(db(), { password: null });
    expectProblem(
      await authn(browser(), { email: noPassword.email, password: 'anything-at-all-1' }),
      401,
      'ERR_OKTA_1000',
    );
  });

  it('refuses a reCAPTCHA token that does not validate (403 ERR_RECAPTCHA_1002) and checks it first', async () => {
    const c = await insertCustomer(db());
    const res = await browser()
      .post(`${CS}/authn?locale=fr-fr`)
      .send({ email: c.email, password: c.password, recaptchaToken: 'forged-token' });
    expectProblem(res, 403, 'ERR_RECAPTCHA_1002');
    // Checked before the address: a typo is not even looked at.
    expectProblem(
      await browser()
        .post(`${CS}/authn?locale=fr-fr`)
        .send({ email: 'x@example.con', password: 'p', recaptchaToken: 'forged-token' }),
      403,
      'ERR_RECAPTCHA_1002',
    );
  });

  it('answers 422 for an address with a typo (ERR_FORM_1002) or failing the address check (ERR_FORM_1001)', async () => {
    expectProblem(
      await authn(browser(), { email: 'camille@example.con', password: 'whatever-it-is' }),
      422,
      'ERR_FORM_1002',
    );
    expectProblem(
      await authn(browser(), { email: 'camille@gmal.com', password: 'whatever-it-is' }),
      422,
      'ERR_FORM_1002',
    );
    expectProblem(
      await authn(browser(), { email: 'camille..lefevre@example.fr', password: 'whatever-it-is' }),
      422,
      'ERR_FORM_1001',
    );
    expectProblem(
      await authn(browser(), { email: 'camille@-example.fr', password: 'whatever-it-is' }),
      422,
      'ERR_FORM_1001',
    );
  });

  it('answers 429 with Retry-After past 20 attempts from one IP address in 15 minutes', async () => {
    await awayFromWindowEnd(900);
    const c = await insertCustomer(db());
    const ip = newIp();
    await fillLimit(db(), LIMITS.authnPerIp, ip, 19);
    expect((await authn(browser(ip), c)).status).toBe(200);
    expectTooMany(await authn(browser(ip), c), 900);
    // Another address is not concerned.
    expect((await authn(browser(), c)).status).toBe(200);
  });
});

describe('csAuthn while the session changes', () => {
  // Found by the contract fuzz suite on PostgreSQL: two sign-ins of one browser at once; the second, past its
  // password check, wrote its code for a session id the first had just rotated (a foreign-key violation, 500).
  it('a session rotated or ended during the password check: 503 ERR_API_1015 (sign in again), not a database error', async () => {
    const customer = await insertCustomer(db());
    const accounts = new AccountService(db(), new SessionService(db(), false), new RateLimiter(db()), {
      publicOrigin: 'http://localhost',
    });
    const gone = { id: sessionIdOf(randomBytes(16).toString('base64url')) };
    const refused = await accounts.authn(customer.email, customer.password, { ip: newIp(), session: gone }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('ERR_API_1015');
  });
});

describe('csLogin — POST /login', () => {
  it('redeems the code: signs the session in and rotates its cookie', async () => {
    const c = await insertCustomer(db());
    const b = browser();
    const a = await authn(b, c);
    const before = setCookieValue(a, 'cs_sid') as string;
    const res = await b.post(`${CS}/login?locale=fr-fr&code=${a.body.code}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const after = setCookieValue(res, 'cs_sid');
    expect(after).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(after).not.toBe(before);
    expect(setCookieValue(res, 'sid')).toBe(after);
    expect(res.body).toMatchObject({
      customerAuthenticated: true,
      keringClientId: c.clientId,
      customerUUID: c.id,
      emailSha256: sha256(c.email),
      isEmployee: false,
    });
    expect(res.body.currentContextTags).toContain('segment-registered');
    const row = await db()
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionIdOf(after as string))
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(c.id);
    expect(row.authenticated_at).not.toBeNull();
    // The id seen before the sign-in is worthless.
    expect(
      await db().selectFrom('sessions').select('id').where('id', '=', sessionIdOf(before)).executeTakeFirst(),
    ).toBeUndefined();
    expectProblem(
      await request(t.app).get(`${CS}/customer?locale=fr-fr`).set('Cookie', `cs_sid=${before}`),
      401,
      'ERR_API_1020',
    );
  });

  it('refuses a missing or malformed code (400 ERR_AUTH_API_1001)', async () => {
    const b = browser();
    await b.get(`${CS}/session?locale=fr-fr`).expect(200);
    expectProblem(await b.post(`${CS}/login?locale=fr-fr`), 400, 'ERR_AUTH_API_1001');
    expectProblem(await b.post(`${CS}/login?locale=fr-fr&code=short`), 400, 'ERR_AUTH_API_1001');
    expectProblem(await b.post(`${CS}/login?locale=fr-fr&code=${'a'.repeat(42)}%2B`), 400, 'ERR_AUTH_API_1001');
  });

  it('refuses a code that is unknown, used, expired or issued to another session (401 ERR_API_1020)', async () => {
    const c = await insertCustomer(db());
    // Unknown.
    const anon = browser();
    await anon.get(`${CS}/session?locale=fr-fr`).expect(200);
    expectProblem(await anon.post(`${CS}/login?locale=fr-fr&code=${randomCode()}`), 401, 'ERR_API_1020');
    // No session at all.
    expectProblem(
      await request(t.app).post(`${CS}/login?locale=fr-fr&code=${randomCode()}`).set('X-Forwarded-For', newIp()),
      401,
      'ERR_API_1020',
    );

    // Issued to another session: the code of A does nothing for B.
    const a = browser();
    const issued = await authn(a, c);
    const thief = browser();
    await thief.get(`${CS}/session?locale=fr-fr`).expect(200);
    expectProblem(await thief.post(`${CS}/login?locale=fr-fr&code=${issued.body.code}`), 401, 'ERR_API_1020');
    // Not used by the refusal: the owner redeems it, once.
    expect((await a.post(`${CS}/login?locale=fr-fr&code=${issued.body.code}`)).status).toBe(200);
    expectProblem(await a.post(`${CS}/login?locale=fr-fr&code=${issued.body.code}`), 401, 'ERR_API_1020');

    // Expired (60 seconds).
    const late = browser();
    const old = await authn(late, c);
    await db()
      .updateTable('sign_in_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('session_id', '=', sessionIdOf(setCookieValue(old, 'cs_sid') as string))
      .execute();
    expectProblem(await late.post(`${CS}/login?locale=fr-fr&code=${old.body.code}`), 401, 'ERR_API_1020');
    expect(await signedInSessions(db(), c.id)).toBe(1);
  });

  it('answers 429 with Retry-After past 10 calls from one IP address in a minute', async () => {
    await awayFromWindowEnd(60);
    const ip = newIp();
    const b = browser(ip);
    await b.get(`${CS}/session?locale=fr-fr`).expect(200);
    for (let i = 0; i < 10; i++)
      expectProblem(await b.post(`${CS}/login?locale=fr-fr&code=${randomCode()}`), 401, 'ERR_API_1020');
    expectTooMany(await b.post(`${CS}/login?locale=fr-fr&code=${randomCode()}`), 60);
  });
});

describe('csLogout — GET /logout', () => {
  it('ends the signed-in session and clears both cookies', async () => {
    const { customer, b, token } = await signedIn();
    const res = await b.get(`${CS}/logout`);
    expect(res.status).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of ['cs_sid', 'sid']) {
      const line = setCookieLine(res, name);
      expect(line, name).toMatch(new RegExp(`^${name}=;`));
      expect(line).toMatch(/Expires=Thu, 01 Jan 1970/);
    }
    expect(
      await db().selectFrom('sessions').select('id').where('id', '=', sessionIdOf(token)).executeTakeFirst(),
    ).toBeUndefined();
    expect(await signedInSessions(db(), customer.id)).toBe(0);
    expectProblem(
      await request(t.app).get(`${CS}/customer?locale=fr-fr`).set('Cookie', `cs_sid=${token}`),
      401,
      'ERR_API_1020',
    );
  });

  it('answers 401 ERR_API_1022 without a signed-in customer', async () => {
    const anon = browser();
    await anon.get(`${CS}/session?locale=fr-fr`).expect(200);
    expectProblem(await anon.get(`${CS}/logout`), 401, 'ERR_API_1022');
    expectProblem(await browser().get(`${CS}/logout`), 401, 'ERR_API_1022');
    const { customer, b } = await signedIn();
    await db()
      .updateTable('sessions')
      .set({ auth_seen_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('customer_id', '=', customer.id)
      .execute();
    expectProblem(await b.get(`${CS}/logout`), 401, 'ERR_API_1022');
  });

  it('refuses an undocumented parameter (400 ERR_API_1018) and signs nobody out', async () => {
    const { customer, b } = await signedIn();
    expectProblem(await b.get(`${CS}/logout?everywhere=true`), 400, 'ERR_API_1018');
    expect(await signedInSessions(db(), customer.id)).toBe(1);
  });
});

describe('csGetCustomer — GET /customer', () => {
  it("answers the session's own profile, private, with consents only when asked", async () => {
    const { customer, b } = await signedIn({ firstName: 'Hélène', lastName: 'Dupré' });
    const res = await b.get(`${CS}/customer?locale=fr-fr`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      clientId: customer.clientId,
      customerUUID: customer.id,
      emailAddress: customer.email,
      locale: 'fr-fr',
      country: 'FR',
      accountStatus: 'ACTIVE',
      firstName: 'Hélène',
      lastName: 'Dupré',
    });
    const withConsents = await b.get(`${CS}/customer?locale=fr-fr&queryEntity=profileAndConsents`);
    expect(withConsents.status).toBe(200);
    expect(withConsents.body.consents).toEqual([]);
  });

  it('redeems a code first when the session is not signed in, rotating the cookie', async () => {
    const c = await insertCustomer(db());
    const b = browser();
    const a = await authn(b, c);
    const before = setCookieValue(a, 'cs_sid');
    const res = await b.get(`${CS}/customer?locale=fr-fr&code=${a.body.code}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.customerUUID).toBe(c.id);
    const after = setCookieValue(res, 'cs_sid');
    expect(after).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(after).not.toBe(before);
    expect((await b.get(`${CS}/session?locale=fr-fr`)).body.customerAuthenticated).toBe(true);
    // The code is spent.
    const again = browser();
    await again.get(`${CS}/session?locale=fr-fr`).expect(200);
    expectProblem(await again.get(`${CS}/customer?locale=fr-fr&code=${a.body.code}`), 401, 'ERR_API_1020');
  });

  it('refuses an unknown code (401 ERR_API_1020) and a malformed one (400 ERR_AUTH_API_1001)', async () => {
    const b = browser();
    await b.get(`${CS}/session?locale=fr-fr`).expect(200);
    expectProblem(await b.get(`${CS}/customer?locale=fr-fr&code=${randomCode()}`), 401, 'ERR_API_1020');
    expectProblem(await b.get(`${CS}/customer?locale=fr-fr&code=abc`), 400, 'ERR_AUTH_API_1001');
  });

  it('answers 401 without a signed-in customer: ERR_API_1020 anonymous, ERR_HLP_1000 no cookie, ERR_MWR_1000 lapsed', async () => {
    const anon = browser();
    await anon.get(`${CS}/session?locale=fr-fr`).expect(200);
    expectProblem(await anon.get(`${CS}/customer?locale=fr-fr`), 401, 'ERR_API_1020');
    expectProblem(await browser().get(`${CS}/customer?locale=fr-fr`), 401, 'ERR_HLP_1000');
    const { customer, b } = await signedIn();
    await db()
      .updateTable('sessions')
      .set({ auth_seen_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('customer_id', '=', customer.id)
      .execute();
    expectProblem(await b.get(`${CS}/customer?locale=fr-fr`), 401, 'ERR_MWR_1000');
    expectProblem(await b.get(`${CS}/customer?locale=fr-fr`), 401, 'ERR_API_1020');
  });

  it('refuses a malformed locale (ERR_API_1005) or query entity (ERR_API_1018)', async () => {
    const { b } = await signedIn();
    expectProblem(await b.get(`${CS}/customer?locale=fr`), 400, 'ERR_API_1005');
    expectProblem(await b.get(`${CS}/customer?locale=fr-fr&queryEntity=everything`), 400, 'ERR_API_1018');
  });
});

describe('csSyncEmployeeSaleSession — POST /session/sync', () => {
  const claims = (clientId: string, extra: Record<string, unknown> = {}) => ({
    aud: 'storefront',
    exp: Math.floor(Date.now() / 1000) + 120,
    jti: `jti-${randomBytes(8).toString('hex')}`,
    clientId,
    ...extra,
  });
  const sync = (b: Browser, employeeSaleToken: string) =>
    b.post(`${CS}/session/sync?locale=fr-fr`).send({ employeeSaleToken });
  const sessionData = async (token: string) =>
    (await db().selectFrom('sessions').select('data').where('id', '=', sessionIdOf(token)).executeTakeFirstOrThrow())
      .data as Record<string, unknown>;

  it('marks the session as employee traffic; the answer keeps isEmployee false and hides the internal tag', async () => {
    const { customer, b, token } = await signedIn({ isEmployee: true });
    const res = await sync(b, signEmployeeSaleToken(SECRET, claims(customer.clientId)));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      customerAuthenticated: true,
      keringClientId: customer.clientId,
      isEmployee: false,
      isEmployeeTraffic: true,
    });
    expect(res.body.currentContextTags).not.toContain('employee-sale');
    const data = await sessionData(token);
    expect(data).toMatchObject({ isEmployee: true, isEmployeeTraffic: true });
    expect(data.contextTags).toContain('employee-sale');
  });

  it('refuses every bad token with the same 403 ERR_API_1001 and leaves the session unchanged', async () => {
    const { customer, b, token } = await signedIn({ isEmployee: true });
    const other = await insertCustomer(db(), { isEmployee: true });
    const head = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const bad = [
      signEmployeeSaleToken('another-secret-of-the-same-length-0123456789', claims(customer.clientId)),
      signEmployeeSaleToken(SECRET, claims(customer.clientId, { aud: 'another-site' })),
      signEmployeeSaleToken(SECRET, claims(customer.clientId, { exp: Math.floor(Date.now() / 1000) - 5 })),
      signEmployeeSaleToken(SECRET, claims(customer.clientId, { exp: Math.floor(Date.now() / 1000) + 3600 })),
      signEmployeeSaleToken(SECRET, claims(customer.clientId, { jti: 'short' })),
      signEmployeeSaleToken(SECRET, claims(other.clientId)),
      `${head}.${Buffer.from(JSON.stringify(claims(customer.clientId))).toString('base64url')}.c2ln`,
    ];
    const bodies = [];
    for (const tokenOfSite of bad) {
      const res = await sync(b, tokenOfSite);
      expectProblem(res, 403, 'ERR_API_1001');
      const { requestId: _r, ...body } = res.body;
      bodies.push(body);
    }
    expect(new Set(bodies.map((x) => JSON.stringify(x))).size).toBe(1);
    const data = await sessionData(token);
    expect(data.isEmployeeTraffic).toBeUndefined();
    expect(data.contextTags ?? []).not.toContain('employee-sale');
  });

  it('accepts a token once (a replay is refused) and never for an account that is not an employee', async () => {
    const { customer, b } = await signedIn({ isEmployee: true });
    const once = signEmployeeSaleToken(SECRET, claims(customer.clientId));
    expect((await sync(b, once)).status).toBe(200);
    expectProblem(await sync(b, once), 403, 'ERR_API_1001');
    const plain = await signedIn({ isEmployee: false });
    expectProblem(
      await sync(plain.b, signEmployeeSaleToken(SECRET, claims(plain.customer.clientId))),
      403,
      'ERR_API_1001',
    );
    expect((await plain.b.get(`${CS}/session?locale=fr-fr`)).body.isEmployeeTraffic).toBe(false);
  });

  it('needs a signed-in customer (401) and a well-formed token (400)', async () => {
    const anon = browser();
    await anon.get(`${CS}/session?locale=fr-fr`).expect(200);
    expectProblem(await sync(anon, signEmployeeSaleToken(SECRET, claims('1234567890'))), 401, 'ERR_API_1020');
    expectProblem(await sync(browser(), signEmployeeSaleToken(SECRET, claims('1234567890'))), 401, 'ERR_HLP_1000');
    const { b } = await signedIn({ isEmployee: true });
    expectProblem(await sync(b, 'not a token'), 400, 'ERR_API_1018');
    expectProblem(await b.post(`${CS}/session/sync?locale=fr-fr`).send({}), 400, 'ERR_API_1018');
  });

  it('answers 429 with Retry-After past 10 calls per session in a minute', async () => {
    await awayFromWindowEnd(60);
    const { customer, b } = await signedIn({ isEmployee: true });
    for (let i = 0; i < 10; i++)
      expectProblem(
        await sync(b, signEmployeeSaleToken('another-secret-of-the-same-length-0123456789', claims(customer.clientId))),
        403,
        'ERR_API_1001',
      );
    expectTooMany(await sync(b, signEmployeeSaleToken(SECRET, claims(customer.clientId))), 60);
  });
});
