// Spec §9: no password, token or e-mail address reaches the logs. The real app with its logger at `trace`
// writing to memory, through registration, activation, sign-in, password change, recovery and reset.
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { agent } from '../../test/harness.ts';
import { snapshotPath, TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';
import {
  RECAPTCHA,
  lastMailData,
  linkParams,
  marketRequired,
  newEmail,
  newIp,
  setCookieValue,
} from './test-support.ts';

const CS = '/customer-service/v1';
let app: Express;
let database: DatabaseHandle;
let close: () => Promise<void>;
const lines: string[] = [];

beforeAll(async () => {
  database =
    testDatabaseKind() === 'postgres'
      ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 4 })
      : await openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: new Blob([readFileSync(snapshotPath())]) });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    BRAND: TEST_BRAND,
    VALIDATE_RESPONSES: 'true',
    CACHE_TTL_SECONDS: '0',
  });
  const created = await createApp({ config, database, logger: createLogger('trace', sink), pages: false });
  app = created.app;
  close = created.close;
});
afterAll(async () => {
  await close?.();
  await database?.close();
});

/** Everything secret or personal the flow handles, by what it is. */
const secrets = new Map<string, string>();
function secret(kind: string, value: string | null | undefined): string {
  if (!value) throw new Error(`no ${kind}`);
  secrets.set(`${kind} (${value.slice(0, 6)}…)`, value);
  return value;
}

describe('logs of the account flows', () => {
  it('hold no password, token, link or e-mail address, at level trace', async () => {
    const email = secret('e-mail address', newEmail('logged'));
    const typed = secret('e-mail address as typed', email.replace('logged', 'Logged'));
    const first = secret('password', 'velvet-lantern-harbour-42');
    const second = secret('password', 'quiet-orchard-lamplight-77');
    const third = secret('password', 'marble-heron-twilight-35');
    const wrong = secret('wrong password', 'not-my-password-at-all-9');
    const b = agent(app).set('X-Forwarded-For', newIp());
    const db = database.db;

    const fr = await marketRequired(app, 'fr-fr');
    const reg = await b.post('/api/register?locale=fr-fr').send({
      ...fr,
      emailAddress: email,
      password: first,
      firstName: 'Camille',
      lastName: 'Lefevre',
      recaptchaToken: RECAPTCHA,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(204);
    const activationUrl = secret('activation link', (await lastMailData(db, email, 'activation'))?.activationUrl);
    const activation = linkParams(activationUrl);
    secret('activation token', activation.get('token'));
    expect((await b.get(`/ssr/myaccount/activate?locale=fr-fr&userId=${activation.get('userId')}`)).status).toBe(200);
    expect(
      (
        await b
          .post('/api/account/activate?locale=fr-fr')
          .send({ userId: activation.get('userId'), activationToken: activation.get('token') })
      ).status,
    ).toBe(204);

    // A refused sign-in, a status check and an e-mail typed in capitals: paths that log warnings or errors.
    expect(
      (await b.post('/api/auth/login?locale=fr-fr').send({ email, password: wrong, recaptchaToken: RECAPTCHA })).status,
    ).toBe(401);
    expect((await b.post(`${CS}/status?locale=fr-fr`).send({ email, recaptchaToken: RECAPTCHA })).status).toBe(204);
    await b.post('/api/password/reset?locale=fr-fr').send({ email: typed, recaptchaToken: RECAPTCHA });

    const login = await b
      .post('/api/auth/login?locale=fr-fr')
      .send({ email, password: first, recaptchaToken: RECAPTCHA });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    secret('session token', setCookieValue(login, 'sid'));
    expect((await b.get('/api/data/customer?locale=fr-fr')).status).toBe(200);
    const change = await b
      .post('/api/password/change?locale=fr-fr')
      .send({ currentPassword: first, newPassword: second });
    expect(change.status, JSON.stringify(change.body)).toBe(204);
    secret('session token', setCookieValue(change, 'sid'));
    expect((await b.get(`${CS}/logout`)).status).toBe(204);

    expect((await b.post('/api/password/reset?locale=fr-fr').send({ email, recaptchaToken: RECAPTCHA })).status).toBe(
      204,
    );
    const resetUrl = secret('reset link', (await lastMailData(db, email, 'password-reset'))?.resetUrl);
    const resetToken = secret('reset token', linkParams(resetUrl).get('token'));
    // The reset page carries the token in its query.
    expect((await b.get(`/ssr/myaccount/reset-password?locale=fr-fr&token=${resetToken}`)).body.tokenValid).toBe(true);
    expect(
      (await b.post('/api/password/new-password?locale=fr-fr').send({ token: resetToken, newPassword: third })).status,
    ).toBe(204);

    // Sign-in through the customer service: the one-time code, then the profile with it.
    const authn = await b.post(`${CS}/authn?locale=fr-fr`).send({ email, password: third, recaptchaToken: RECAPTCHA });
    expect(authn.status).toBe(200);
    secret('sign-in code', authn.body.code);
    secret('session token', setCookieValue(authn, 'cs_sid'));
    const me = await b.get(`/api/data/customer?locale=fr-fr&code=${authn.body.code}`);
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    secret('session token', setCookieValue(me, 'sid'));

    // The capture works: every request of the flow is logged, the customer service's calls included.
    expect(lines.some((l) => l.includes('/api/password/new-password'))).toBe(true);
    expect(lines.some((l) => l.includes(`${CS}/login?`))).toBe(true);
    const leaks: string[] = [];
    for (const [what, value] of secrets) {
      const hits = lines.filter((l) => l.includes(value) || l.includes(encodeURIComponent(value)));
      if (hits.length) leaks.push(`${what}: ${hits.length} line(s), e.g. ${hits[0]?.slice(0, 300)}`);
    }
    expect(leaks).toEqual([]);
  });
});
