// Accounts under concurrency. PGlite has a single connection and serialises everything: only PostgreSQL
// (TEST_DB=postgres with TEST_DATABASE_URL, as `npm test` runs it) proves the locks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabaseKind } from '../../test/settings.ts';
import { RateLimiter } from '../../shared/rate-limit.ts';
import { SessionService } from '../sessions/index.ts';
import { AccountService } from './service.ts';
import {
  RECAPTCHA,
  footprint,
  insertCustomer,
  mailCount,
  marketRequired,
  newEmail,
  newIp,
  sessionIdOf,
  setCookieValue,
  signedInSessions,
} from './test-support.ts';

const CS = '/customer-service/v1';
const PASSWORD = 'velvet-lantern-harbour-42';
const DAY_MS = 86_400_000;

describe.skipIf(testDatabaseKind() !== 'postgres')('accounts under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.database.db;

  it('20 simultaneous registrations of one new address over HTTP create exactly one account, without a failure', async () => {
    const email = newEmail('race');
    const body = {
      ...(await marketRequired(t.app, 'fr-fr')),
      emailAddress: email,
      password: PASSWORD,
      firstName: 'Camille',
      lastName: 'Lefevre',
      recaptchaToken: RECAPTCHA,
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(t.app)
          .post('/api/register?locale=fr-fr')
          .set('Sec-Fetch-Site', 'same-origin')
          .set('X-Forwarded-For', newIp())
          .send(body),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 204 && s !== 429),
      JSON.stringify(answers.find((r) => r.status >= 500)?.body ?? null),
    ).toEqual([]);
    // 3 registrations of an address a day: exactly 3 get through the limit, the others wait.
    expect(statuses.filter((s) => s === 204)).toHaveLength(3);
    const print = await footprint(db(), email);
    expect(print.customers).toBe(1);
    // The account's activation e-mail, then a new link for each registration that found it pending.
    expect(print.mails).toBe(3);
  });

  it('20 simultaneous registrations of one address reaching the service (no limit in the way) create exactly one account', async () => {
    const email = newEmail('race-service');
    // A limiter per call whose clock puts each call in a window of its own: all 20 reach the transaction.
    const services = Array.from(
      { length: 20 },
      (_, i) =>
        new AccountService(
          db(),
          new SessionService(db(), false),
          new RateLimiter(db(), () => Date.now() + (i + 2) * 2 * DAY_MS),
          { publicOrigin: 'http://localhost:3000' },
        ),
    );
    const results = await Promise.allSettled(
      services.map((s) =>
        s.register({ emailAddress: email, password: PASSWORD, locale: 'fr-fr' }, 'FR', { ip: newIp() }),
      ),
    );
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
    ).toEqual([]);
    expect((await footprint(db(), email)).customers).toBe(1);
    expect(await mailCount(db(), email)).toBe(20);
    const customer = await db()
      .selectFrom('customers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const live = await db()
      .selectFrom('account_tokens')
      .select('token_hash')
      .where('customer_id', '=', customer.id)
      .where('used_at', 'is', null)
      .execute();
    // Each new link supersedes the one before: one live activation link.
    expect(live).toHaveLength(1);
  });

  it('10 simultaneous redemptions of one sign-in code sign in one session at most', async () => {
    const c = await insertCustomer(db());
    const authn = await request(t.app)
      .post(`${CS}/authn?locale=fr-fr`)
      .set('Sec-Fetch-Site', 'same-origin')
      .set('X-Forwarded-For', newIp())
      .send({ email: c.email, password: c.password, recaptchaToken: RECAPTCHA });
    expect(authn.status, JSON.stringify(authn.body)).toBe(200);
    const token = setCookieValue(authn, 'cs_sid') as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(t.app)
          .post(`${CS}/login?locale=fr-fr&code=${authn.body.code}`)
          .set('Sec-Fetch-Site', 'same-origin')
          .set('X-Forwarded-For', newIp())
          .set('Cookie', `cs_sid=${token}`),
      ),
    );
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.status === 401 && r.body.code === 'ERR_API_1020')).toHaveLength(9);
    expect(await signedInSessions(db(), c.id)).toBe(1);
    const session = await db()
      .selectFrom('sessions')
      .select('customer_id')
      .where('id', '=', sessionIdOf(setCookieValue(ok[0] as never, 'cs_sid') as string))
      .executeTakeFirstOrThrow();
    expect(session.customer_id).toBe(c.id);
  });

  it('10 simultaneous profile reads with one sign-in code sign in one session at most', async () => {
    const c = await insertCustomer(db());
    const authn = await request(t.app)
      .post(`${CS}/authn?locale=fr-fr`)
      .set('Sec-Fetch-Site', 'same-origin')
      .set('X-Forwarded-For', newIp())
      .send({ email: c.email, password: c.password, recaptchaToken: RECAPTCHA });
    const token = setCookieValue(authn, 'sid') as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(t.app)
          .get(`/api/data/customer?locale=fr-fr&code=${authn.body.code}`)
          .set('Sec-Fetch-Site', 'same-origin')
          .set('X-Forwarded-For', newIp())
          .set('Cookie', `sid=${token}`),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status !== 200).map((r) => r.body.code)).toEqual(Array(9).fill('ERR_OKTA_1000'));
    expect(await signedInSessions(db(), c.id)).toBe(1);
  });
});
