// Password limits under a burst of simultaneous attempts. Each attempt takes its place in the limit before its
// password is hashed, so no burst evaluates more than the limit. PGlite serialises statements but not
// requests; the proof that matters runs on PostgreSQL (TEST_DB=postgres) and with the counters in Redis
// (TEST_REDIS_URL, e.g. redis://127.0.0.1:6379/15).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { testDatabaseKind } from '../../../test/settings.ts';
import { LIMITS } from '../service.ts';
import {
  RECAPTCHA,
  awayFromWindowEnd,
  insertCustomer,
  newIp,
  setCookieValue,
  signedInSessions,
  signIn,
} from '../test-support.ts';
import { agent } from '../../../test/harness.ts';

const CS = '/customer-service/v1';
type Answer = request.Response;

/**
 * Sends the wrong attempts all at once and, while they are in flight, the right one as soon as the first
 * refusal shows the window full (the order in which simultaneous requests reach the limit is the server's).
 */
async function burst(wrong: (() => Promise<Answer>)[], right: () => Promise<Answer>): Promise<Answer[]> {
  let refused!: () => void;
  const full = new Promise<void>((resolve) => (refused = resolve));
  const sent = wrong.map((send) => send().then((r) => (r.status === 429 && refused(), r)));
  void Promise.allSettled(sent).then(() => refused());
  return Promise.all([...sent, full.then(right)]);
}
const redisUrl = process.env.TEST_REDIS_URL;
const backends: [string, boolean, Record<string, string>][] = [
  ['PostgreSQL', testDatabaseKind() === 'postgres', {}],
  ['Redis', Boolean(redisUrl), redisUrl ? { REDIS_URL: redisUrl } : {}],
];

/**
 * A burst may first wait up to a minute for a fresh window (awayFromWindowEnd), longer than the suite's 30 s per test.
 */
const BURST_TIMEOUT_MS = 120_000;

describe.each(backends)('password limits under a burst, counters in %s', (_name, enabled, env) => {
  let t: TestApp;
  beforeAll(async () => {
    if (enabled) t = await startTestApp(env);
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.database.db;
  const max = LIMITS.authnFailPerEmail.max;

  it.skipIf(!enabled)(
    `49 wrong passwords and then the right one, sent together: ${max} evaluated, the right one refused`,
    async () => {
      await awayFromWindowEnd(LIMITS.authnFailPerEmail.windowSeconds, 60);
      const c = await insertCustomer(db());
      const login = (password: string) =>
        request(t.app)
          .post('/api/auth/login?locale=fr-fr')
          .set('Sec-Fetch-Site', 'same-origin')
          .set('X-Forwarded-For', newIp())
          .send({ email: c.email, password, recaptchaToken: RECAPTCHA });
      const answers = await burst(
        Array.from({ length: 49 }, (_, i) => () => login(`wrong-guess-${i}`)),
        () => login(c.password),
      );
      const statuses = answers.map((r) => r.status);
      // Only the limit's number of attempts reached the password check; every other one was refused before.
      expect(statuses.filter((s) => s === 401)).toHaveLength(max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(50 - max);
      expect(
        answers
          .filter((r) => r.status === 429)
          .every((r) => r.body.code === 'ERR_API_1028' && Number(r.headers['retry-after']) > 0),
      ).toBe(true);
      // The right password at the end of the burst is refused: the address is locked for the window.
      expect(answers.at(-1)?.status).toBe(429);
      expect(await signedInSessions(db(), c.id)).toBe(0);
      expect((await login(c.password)).status).toBe(429);
    },
    BURST_TIMEOUT_MS,
  );

  it.skipIf(!enabled)(
    'the customer service sign-in and the expired-password change share the limit under a burst',
    async () => {
      await awayFromWindowEnd(LIMITS.authnFailPerEmail.windowSeconds, 60);
      const c = await insertCustomer(db(), { status: 'PASSWORD_EXPIRED' });
      const authn = (password: string) =>
        request(t.app)
          .post(`${CS}/authn?locale=fr-fr`)
          .set('Sec-Fetch-Site', 'same-origin')
          .set('X-Forwarded-For', newIp())
          .send({ email: c.email, password, recaptchaToken: RECAPTCHA });
      const change = (password: string) =>
        request(t.app)
          .post('/api/password/change-expired?locale=fr-fr')
          .set('Sec-Fetch-Site', 'same-origin')
          .set('X-Forwarded-For', newIp())
          .send({
            email: c.email,
            currentPassword: password,
            newPassword: 'quiet-orchard-lamplight-77',
            recaptchaToken: RECAPTCHA,
          });
      const answers = await burst(
        [
          ...Array.from({ length: 15 }, (_, i) => () => authn(`wrong-guess-${i}`)),
          ...Array.from({ length: 14 }, (_, i) => () => change(`wrong-again-${i}`)),
        ],
        () => change(c.password),
      );
      const statuses = answers.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 401),
        JSON.stringify(answers.filter((r) => r.status !== 401 && r.status !== 429).map((r) => r.body)),
      ).toHaveLength(max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - max);
      expect(answers.at(-1)?.status).toBe(429);
      const row = await db().selectFrom('customers').select('status').where('id', '=', c.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('PASSWORD_EXPIRED');
    },
    BURST_TIMEOUT_MS,
  );

  it.skipIf(!enabled)(
    'a burst of wrong current passwords on one session: 5 evaluated, the session signed out, the right one refused',
    async () => {
      await awayFromWindowEnd(LIMITS.changePerSession.windowSeconds, 60);
      const c = await insertCustomer(db());
      const b = agent(t.app).set('X-Forwarded-For', newIp());
      const token = setCookieValue(await signIn(b, c), 'sid') as string;
      const change = (current: string) =>
        request(t.app)
          .post('/api/password/change?locale=fr-fr')
          .set('Sec-Fetch-Site', 'same-origin')
          .set('Cookie', `sid=${token}`)
          .send({ currentPassword: current, newPassword: 'quiet-orchard-lamplight-77' });
      const answers = await burst(
        Array.from({ length: 19 }, (_, i) => () => change(`wrong-guess-${i}`)),
        () => change(c.password),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 400)).toHaveLength(LIMITS.changePerSession.max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LIMITS.changePerSession.max);
      expect(answers.at(-1)?.status).toBe(429);
      expect(await signedInSessions(db(), c.id)).toBe(0);
    },
    BURST_TIMEOUT_MS,
  );
});

if (!backends.some(([, enabled]) => enabled))
  it.skip('password limits under a burst (set TEST_DB=postgres or TEST_REDIS_URL)', () => {});
