// The sign-in callback (`GET /api/auth/callback`, OAuth 2.0 authorization code with PKCE) and the flows that
// start it: an activation or a password reset with `signIn: true`. The real app on a real database; the
// storefront reaches the customer service over its loopback port as in production.
import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buyableVariant } from '../../checkout/test-support.ts';
import { verifyPassword } from '../passwords/passwords.ts';
import { AccountRepository } from '../repository.ts';
import { ACTIVATION_TTL_MS, RESET_TTL_MS } from '../service.ts';
import { acceptedTextLanguage, continuationPage, sameSitePage } from './sign-in-callback.ts';
import {
  expectProblem,
  insertCustomer,
  newIp,
  sessionIdOf,
  setCookieValue,
  signIn,
  type TestCustomer,
} from '../test-support.ts';

const CS = '/customer-service/v1';
const NEW_PASSWORD = 'velvet-orchard-lantern-74';
const CONTINUE = /^\/api\/auth\/callback\?code=([A-Za-z0-9_-]{43})&state=([A-Za-z0-9_-]{22})$/;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;
const repo = () => new AccountRepository(db());

function browser(ip = newIp()) {
  return agent(t.app).set('X-Forwarded-For', ip);
}
type Browser = ReturnType<typeof browser>;

/** A registered account waiting for activation, and its link's token. */
async function provisioned(
  options: Parameters<typeof insertCustomer>[1] = {},
): Promise<{ customer: TestCustomer; token: string }> {
  const customer = await insertCustomer(db(), { status: 'PROVISIONED', ...options });
  const token = await repo().issueToken(db(), customer.id, 'activation', ACTIVATION_TTL_MS, Date.now());
  return { customer, token };
}

/** Activates with `signIn: true`: the continuation, its code and state, and the session cookie it left. */
async function activateAndContinue(b: Browser, locale = 'fr-fr') {
  const { customer, token } = await provisioned();
  const res = await b
    .post(`/api/account/activate?locale=${locale}`)
    .send({ userId: customer.userId, activationToken: token, signIn: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const match = CONTINUE.exec(res.body.continueTo);
  expect(match, res.body.continueTo).not.toBeNull();
  return {
    customer,
    continueTo: res.body.continueTo as string,
    code: match![1]!,
    state: match![2]!,
    sid: setCookieValue(res, 'sid'),
  };
}

/** Whether the browser's session is signed in (the storefront's customer answer). */
async function signedInAs(b: Browser): Promise<string | undefined> {
  const res = await b.get('/api/data/customer?locale=fr-fr');
  return res.status === 200 ? (res.body.emailAddress as string) : undefined;
}
/** Whether a session id (a `sid` cookie value) is signed in, asked by a client with only that cookie. */
async function sidSignedInAs(sid: string): Promise<string | undefined> {
  const res = await request(t.app).get('/api/data/customer?locale=fr-fr').set('Cookie', `sid=${sid}`);
  return res.status === 200 ? (res.body.emailAddress as string) : undefined;
}
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
const randomState = () => randomBytes(16).toString('base64url');

describe('activation with signIn: true ends signed in', () => {
  it('answers the callback, which signs in, rotates the session id and continues to the account page', async () => {
    const b = browser();
    const { customer, continueTo, sid } = await activateAndContinue(b);
    expect(sid).toBeTruthy();
    // Started anonymous: the activation does not sign in by itself.
    expect(await signedInAs(b)).toBeUndefined();

    const res = await b.get(continueTo).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(res.text).toContain('<meta http-equiv="refresh" content="0;url=/fr-fr/myaccount">');
    expect(res.text).toContain('<a href="/fr-fr/myaccount">Accéder à votre compte</a>');
    expect(res.text).toContain('<title>Connexion en cours…</title>');
    expect(res.text).toContain('<html lang="fr">');
    expect(res.text).not.toMatch(/<script/);

    const rotated = setCookieValue(res, 'sid');
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(sid);
    expect(setCookieValue(res, 'cs_sid')).toBe(rotated);
    expect(await signedInAs(b)).toBe(customer.email);
    // The session id seen before the sign-in is worthless after it.
    expect(await sidSignedInAs(sid!)).toBeUndefined();
    expect(await sidSignedInAs(rotated!)).toBe(customer.email);
    const row = await db()
      .selectFrom('customers')
      .select('status')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ACTIVE');
  });

  it('keeps only digests of the code and the state, bound to the challenge and to the session', async () => {
    const b = browser();
    const { customer, code, state, sid } = await activateAndContinue(b);
    const codeRow = await db()
      .selectFrom('sign_in_codes')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(codeRow.code_hash).toBe(digest(code));
    expect(codeRow.session_id).toBeNull();
    const stateRow = await db()
      .selectFrom('sign_in_states')
      .selectAll()
      .where('state_hash', '=', digest(state))
      .executeTakeFirstOrThrow();
    expect(stateRow.session_id).toBe(sessionIdOf(sid!));
    expect(createHash('sha256').update(stateRow.code_verifier).digest('base64url')).toBe(codeRow.code_challenge);
    expect(stateRow.continue_to).toBe('/fr-fr/myaccount');
    const ttl = new Date(stateRow.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    expect(new Date(codeRow.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it('without signIn answers 204 as before, and leaves no code nor state', async () => {
    const b = browser();
    const { customer, token } = await provisioned();
    await b
      .post('/api/account/activate?locale=fr-fr')
      .send({ userId: customer.userId, activationToken: token })
      .expect(204);
    expect(
      await db().selectFrom('sign_in_codes').select('code_hash').where('customer_id', '=', customer.id).execute(),
    ).toHaveLength(0);
  });

  it('a link followed again, or an account without a password, is never signed in (204)', async () => {
    const b = browser();
    const { customer, token } = await provisioned();
    await b
      .post('/api/account/activate?locale=fr-fr')
      .send({ userId: customer.userId, activationToken: token })
      .expect(204);
    await b
      .post('/api/account/activate?locale=fr-fr')
      .send({ userId: customer.userId, activationToken: token, signIn: true })
      .expect(204);
    const passwordless = await provisioned({ password: null });
    await b
      .post('/api/account/activate?locale=fr-fr')
      .send({ userId: passwordless.customer.userId, activationToken: passwordless.token, signIn: true })
      .expect(204);
    const codes = await db()
      .selectFrom('sign_in_codes')
      .select('code_hash')
      .where('customer_id', 'in', [customer.id, passwordless.customer.id])
      .execute();
    expect(codes).toHaveLength(0);
    expect(await signedInAs(b)).toBeUndefined();
  });

  it('a refused link stays ERR_CUSTOMER_API and writes no state', async () => {
    const b = browser();
    const { customer } = await provisioned();
    const before = await db()
      .selectFrom('sign_in_states')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await b
      .post('/api/account/activate?locale=fr-fr')
      .send({ userId: customer.userId, activationToken: randomBytes(32).toString('base64url'), signIn: true });
    expectProblem(res, 410, 'ERR_CUSTOMER_API');
    const after = await db()
      .selectFrom('sign_in_states')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('signIn is a boolean: anything else is ERR_API_1018', async () => {
    const { customer, token } = await provisioned();
    const res = await browser()
      .post('/api/account/activate?locale=fr-fr')
      .send({ userId: customer.userId, activationToken: token, signIn: 'yes' });
    expectProblem(res, 400, 'ERR_API_1018');
  });

  it("merges the guest's basket into the account, as the sign-in does", async () => {
    const b = browser();
    const v = await buyableVariant(db());
    await b.post('/api/data/basket/add-item?locale=fr-fr').send({ pid: v.pid, size: v.size, quantity: 1 }).expect(200);
    const { customer, continueTo } = await activateAndContinue(b);
    const res = await b.get(continueTo).expect(200);
    const basket = (await b.get('/api/data/basket/get-basket?locale=fr-fr').expect(200)).body;
    expect(basket.items.map((i: { pid: string; quantity: number }) => [i.pid, i.quantity])).toEqual([[v.pid, 1]]);
    const row = await db()
      .selectFrom('baskets')
      .select(['customer_id', 'session_id'])
      .where('customer_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(row.session_id).toBe(sessionIdOf(setCookieValue(res, 'sid')!));
  });
});

describe('password reset with signIn: true ends signed in', () => {
  it('sets the password, ends the other sessions, and signs this browser in (Japanese page)', async () => {
    const customer = await insertCustomer(db());
    const elsewhere = browser();
    await signIn(elsewhere, customer);
    const b = browser();
    const token = await repo().issueToken(db(), customer.id, 'reset', RESET_TTL_MS, Date.now());
    const res = await b
      .post('/api/password/new-password?locale=ja-jp')
      .send({ token, newPassword: NEW_PASSWORD, signIn: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = await b.get(res.body.continueTo).expect(200);
    expect(page.text).toContain('<title>ログインしています…</title>');
    expect(page.text).toContain('url=/ja-jp/myaccount');
    expect(await signedInAs(b)).toBe(customer.email);
    expect(await signedInAs(elsewhere)).toBeUndefined();
    const row = await db()
      .selectFrom('customers')
      .select('password_hash')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash!, NEW_PASSWORD)).toBe(true);
  });

  it('a browser signed in to the account before its reset signs in again on a new session', async () => {
    const customer = await insertCustomer(db());
    const b = browser();
    const login = await signIn(b, customer);
    const before = setCookieValue(login, 'sid')!;
    const token = await repo().issueToken(db(), customer.id, 'reset', RESET_TTL_MS, Date.now());
    const res = await b
      .post('/api/password/new-password?locale=fr-fr')
      .send({ token, newPassword: NEW_PASSWORD, signIn: true })
      .expect(200);
    await b.get(res.body.continueTo).expect(200);
    expect(await signedInAs(b)).toBe(customer.email);
    expect(await sidSignedInAs(before)).toBeUndefined();
  });

  it('without signIn answers 204 as before', async () => {
    const customer = await insertCustomer(db());
    const token = await repo().issueToken(db(), customer.id, 'reset', RESET_TTL_MS, Date.now());
    await browser()
      .post('/api/password/new-password?locale=fr-fr')
      .send({ token, newPassword: NEW_PASSWORD })
      .expect(204);
    expect(
      await db().selectFrom('sign_in_codes').select('code_hash').where('customer_id', '=', customer.id).execute(),
    ).toHaveLength(0);
  });

  it('a locked account is reset but never signed in', async () => {
    const customer = await insertCustomer(db(), { status: 'LOCKED_OUT' });
    const token = await repo().issueToken(db(), customer.id, 'reset', RESET_TTL_MS, Date.now());
    await browser()
      .post('/api/password/new-password?locale=fr-fr')
      .send({ token, newPassword: NEW_PASSWORD, signIn: true })
      .expect(204);
  });
});

describe('the callback refuses, and then nothing is signed in', () => {
  /** Calls the callback and checks the refusal: the code, the headers, no session cookie, still anonymous. */
  async function refused(b: Browser, url: string, status: number, code: string) {
    const res = await b.get(url);
    expectProblem(res, status, code);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(setCookieValue(res, 'sid')).toBeUndefined();
    expect(await signedInAs(b)).toBeUndefined();
    return res;
  }

  it('a missing or malformed code is ERR_AUTH_API_1001, and the state is not spent', async () => {
    const b = browser();
    const { code, state, continueTo } = await activateAndContinue(b);
    await refused(b, `/api/auth/callback?state=${state}`, 400, 'ERR_AUTH_API_1001');
    await refused(b, `/api/auth/callback?code=short&state=${state}`, 400, 'ERR_AUTH_API_1001');
    // Within the contract's pattern, but not a code the identity provider issues.
    await refused(b, `/api/auth/callback?code=${code.slice(0, 20)}&state=${state}`, 400, 'ERR_AUTH_API_1001');
    await b.get(continueTo).expect(200);
  });

  it('a missing, malformed or unknown state is ERR_AUTH_API_1003; an undocumented parameter ERR_API_1018', async () => {
    const b = browser();
    const { code, continueTo } = await activateAndContinue(b);
    await refused(b, `/api/auth/callback?code=${code}`, 400, 'ERR_AUTH_API_1003');
    await refused(b, `/api/auth/callback?code=${code}&state=not*a*state`, 400, 'ERR_AUTH_API_1003');
    await refused(b, `/api/auth/callback?code=${code}&state=${randomState()}`, 400, 'ERR_AUTH_API_1003');
    await refused(b, `${continueTo}&next=https://elsewhere.example`, 400, 'ERR_API_1018');
  });

  it('an expired state is ERR_AUTH_API_1003', async () => {
    const b = browser();
    const { state, continueTo } = await activateAndContinue(b);
    await db()
      .updateTable('sign_in_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('state_hash', '=', digest(state))
      .execute();
    await refused(b, continueTo, 400, 'ERR_AUTH_API_1003');
  });

  it('a state is used once, even after a success', async () => {
    const b = browser();
    const { customer, continueTo } = await activateAndContinue(b);
    await b.get(continueTo).expect(200);
    const again = await b.get(continueTo);
    expectProblem(again, 400, 'ERR_AUTH_API_1003');
    expect(setCookieValue(again, 'sid')).toBeUndefined();
    expect(await signedInAs(b)).toBe(customer.email);
  });

  it('login CSRF: a continuation issued to another browser is refused, and that browser can still use it', async () => {
    const attacker = browser();
    const planted = await activateAndContinue(attacker);
    const victim = browser();
    await victim.post('/api/data/session?locale=fr-fr').send({}).expect(200);
    await refused(victim, planted.continueTo, 400, 'ERR_AUTH_API_1003');
    // A browser with no session at all, likewise.
    await refused(agent(t.app).set('X-Forwarded-For', newIp()), planted.continueTo, 400, 'ERR_AUTH_API_1003');
    await attacker.get(planted.continueTo).expect(200);
    expect(await signedInAs(attacker)).toBe(planted.customer.email);
  });

  it('the right state with another code of the same session is refused without its verifier (ERR_OKTA_1000)', async () => {
    const b = browser();
    const first = await activateAndContinue(b);
    const second = await activateAndContinue(b);
    await refused(b, `/api/auth/callback?code=${second.code}&state=${first.state}`, 401, 'ERR_OKTA_1000');
  });

  it('a wrong verifier is ERR_OKTA_1000', async () => {
    const b = browser();
    const { state, continueTo } = await activateAndContinue(b);
    await db()
      .updateTable('sign_in_states')
      .set({ code_verifier: randomBytes(32).toString('base64url') })
      .where('state_hash', '=', digest(state))
      .execute();
    await refused(b, continueTo, 401, 'ERR_OKTA_1000');
  });

  it('an expired code is ERR_OKTA_1000', async () => {
    const b = browser();
    const { customer, continueTo } = await activateAndContinue(b);
    await db()
      .updateTable('sign_in_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('customer_id', '=', customer.id)
      .execute();
    await refused(b, continueTo, 401, 'ERR_OKTA_1000');
  });

  it('a code is redeemed once (ERR_OKTA_1000 the second time, even with a fresh state and the right verifier)', async () => {
    const b = browser();
    const { code, state, continueTo } = await activateAndContinue(b);
    const pending = await db()
      .selectFrom('sign_in_states')
      .selectAll()
      .where('state_hash', '=', digest(state))
      .executeTakeFirstOrThrow();
    const ok = await b.get(continueTo).expect(200);
    // The same verifier, under a new state of the (rotated) session.
    const fresh = randomState();
    await db()
      .insertInto('sign_in_states')
      .values({
        ...pending,
        state_hash: digest(fresh),
        session_id: sessionIdOf(setCookieValue(ok, 'sid')!),
        used_at: null,
      })
      .execute();
    const again = await b.get(`/api/auth/callback?code=${code}&state=${fresh}`);
    expectProblem(again, 401, 'ERR_OKTA_1000');
  });

  it('the page to continue to is always of this site: the table refuses anything else, the page never follows it', async () => {
    const b = browser();
    const { state } = await activateAndContinue(b);
    const pending = await db()
      .selectFrom('sign_in_states')
      .selectAll()
      .where('state_hash', '=', digest(state))
      .executeTakeFirstOrThrow();
    for (const page of [
      '//evil.example/fr-fr/myaccount',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '/fr-fr/myaccount?x="><script>',
    ]) {
      await expect(
        db()
          .insertInto('sign_in_states')
          .values({ ...pending, state_hash: digest(randomState()), continue_to: page })
          .execute(),
      ).rejects.toThrow();
    }
    for (const page of ['//evil.example', '/fr-fr//evil.example', 'https://evil.example', '/\\evil.example'])
      expect(sameSitePage(page)).toBeUndefined();
    expect(sameSitePage('/fr-fr/myaccount')).toBe('/fr-fr/myaccount');
    expect(continuationPage('/fr-fr/myaccount', 'fr-fr')).toContain('url=/fr-fr/myaccount"');
  });
});

describe('a refused callback loaded as a page (the shopper followed the link)', () => {
  it("answers the same status and code as a page in the shopper's language, with a way to sign in", async () => {
    const b = browser();
    const { customer, continueTo } = await activateAndContinue(b);
    await b.get(continueTo).expect(200);
    // The same link again (the back button, a second click): a page, not JSON.
    const page = await b
      .get(continueTo)
      .set('Sec-Fetch-Mode', 'navigate')
      .set('Sec-Fetch-Dest', 'document')
      .set('Accept-Language', 'fr-FR,fr;q=0.9,en;q=0.8');
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('data-error-code="ERR_AUTH_API_1003"');
    expect(page.text).toContain('<html lang="fr">');
    expect(page.text).toContain('Ce lien de connexion n’est plus utilisable');
    expect(page.text).toContain('<a href="/signin">Se connecter</a>');
    expect(page.text).not.toMatch(/<script/i);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(setCookieValue(page, 'sid')).toBeUndefined();
    // Still the account of the first, successful load: nothing changed.
    expect(await signedInAs(b)).toBe(customer.email);
  });

  it('a contract refusal (undocumented parameter) is a page too; a program asking for JSON still gets the problem', async () => {
    const b = browser();
    const { continueTo } = await activateAndContinue(b);
    const page = await b
      .get(`${continueTo}&next=https://elsewhere.example`)
      .set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8')
      .set('Accept-Language', 'ja-JP');
    expect(page.status).toBe(400);
    expect(page.text).toContain('data-error-code="ERR_API_1018"');
    expect(page.text).toContain('このログインリンクはご利用いただけません');
    expect(page.text).not.toContain('elsewhere.example');
    const json = await b.get(`${continueTo}&next=https://elsewhere.example`).set('Accept', 'application/json');
    expectProblem(json, 400, 'ERR_API_1018');
    // The state was not spent by either refusal: the link still signs in.
    await b.get(continueTo).set('Sec-Fetch-Mode', 'navigate').expect(200);
  });

  it('reads the first language of Accept-Language the storefront writes in', () => {
    expect(acceptedTextLanguage('de-CH,de;q=0.9')).toBe('de');
    expect(acceptedTextLanguage('nl-NL,nl;q=0.9,it;q=0.8')).toBe('it');
    expect(acceptedTextLanguage('en;q=0.5,ko;q=0.9')).toBe('ko');
    expect(acceptedTextLanguage('zh-TW,zh;q=0.9')).toBe('zh-hant');
    expect(acceptedTextLanguage('nl-NL')).toBe('en');
    expect(acceptedTextLanguage('*')).toBe('en');
    expect(acceptedTextLanguage(undefined)).toBe('en');
  });
});

describe('the customer service: codes bound to a PKCE challenge', () => {
  const verifier = () => randomBytes(32).toString('base64url');
  const challengeOf = (v: string) => createHash('sha256').update(v).digest('base64url');

  it('POST /activation/confirm with a challenge answers 200 {code, expiresIn}; POST /login redeems it only with the verifier', async () => {
    const { customer, token } = await provisioned();
    const v = verifier();
    const b = browser();
    const res = await b
      .post(`${CS}/activation/confirm?locale=fr-fr`)
      .send({ userId: customer.userId, activationToken: token, codeChallenge: challengeOf(v) })
      .expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresIn: 60 });
    await b.get(`${CS}/session?locale=fr-fr`).expect(200);
    // Not a session-bound code: no body, or another verifier, is the unknown code's answer.
    expectProblem(await b.post(`${CS}/login?locale=fr-fr&code=${res.body.code}`), 401, 'ERR_API_1020');
    expectProblem(
      await b.post(`${CS}/login?locale=fr-fr&code=${res.body.code}`).send({ codeVerifier: verifier() }),
      401,
      'ERR_API_1020',
    );
    expectProblem(await b.get(`${CS}/customer?locale=fr-fr&code=${res.body.code}`), 401, 'ERR_API_1020');
    expectProblem(
      await b.post(`${CS}/login?locale=fr-fr&code=${res.body.code}`).send({ codeVerifier: v, extra: 1 }),
      400,
      'ERR_API_1018',
    );
    const ok = await b.post(`${CS}/login?locale=fr-fr&code=${res.body.code}`).send({ codeVerifier: v }).expect(200);
    expect(ok.body.customerAuthenticated).toBe(true);
    expectProblem(
      await b.post(`${CS}/login?locale=fr-fr&code=${res.body.code}`).send({ codeVerifier: v }),
      401,
      'ERR_API_1020',
    );
  });

  it('a code of POST /authn is not redeemed with a verifier', async () => {
    const customer = await insertCustomer(db());
    const b = browser();
    const authn = await b
      .post(`${CS}/authn?locale=fr-fr`)
      .send({ email: customer.email, password: customer.password, recaptchaToken: 'test-recaptcha-token' })
      .expect(200);
    expectProblem(
      await b.post(`${CS}/login?locale=fr-fr&code=${authn.body.code}`).send({ codeVerifier: verifier() }),
      401,
      'ERR_API_1020',
    );
    await b.post(`${CS}/login?locale=fr-fr&code=${authn.body.code}`).expect(200);
  });

  it('a malformed challenge is ERR_API_1018', async () => {
    const { customer, token } = await provisioned();
    expectProblem(
      await browser()
        .post(`${CS}/activation/confirm?locale=fr-fr`)
        .send({ userId: customer.userId, activationToken: token, codeChallenge: 'plain' }),
      400,
      'ERR_API_1018',
    );
  });
});
