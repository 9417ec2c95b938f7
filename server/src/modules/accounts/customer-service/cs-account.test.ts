// Customer service API, account side: registration, profile update, status check, activation, recovery,
// reset and change of the password (contract: openapi/customer-service/paths/{customer,status,activation*,
// password@*}.yaml). Bad input each time leaves nothing written.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { agent, startTestApp, type TestApp } from '../../../test/harness.ts';
import { verifyPassword } from '../passwords/passwords.ts';
import { LIMITS } from '../service.ts';
import {
  awayFromWindowEnd,
  RECAPTCHA,
  expectProblem,
  expectTooMany,
  fillLimit,
  footprint,
  insertCustomer,
  lastMailData,
  marketRequired,
  linkParams,
  mailCount,
  newEmail,
  newIp,
  sessionIdOf,
  setCookieValue,
  signedInSessions,
  tableCounts,
  type TestCustomer,
} from '../test-support.ts';

const CS = '/customer-service/v1';
const ORIGIN = 'http://localhost:3000';
const NEW_PASSWORD = 'saffron-lattice-harbour-91';
let t: TestApp;
/** What the French market requires of a registration (civility, the required consents). */
let fr: Record<string, unknown>;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_ORIGIN: ORIGIN });
  fr = await marketRequired(t.app, 'fr-fr');
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;

function browser(ip = newIp()) {
  return agent(t.app).set('X-Forwarded-For', ip);
}
type Browser = ReturnType<typeof browser>;

async function signedIn(options: Parameters<typeof insertCustomer>[1] = {}) {
  const customer = await insertCustomer(db(), options);
  const b = browser();
  const a = await b
    .post(`${CS}/authn?locale=fr-fr`)
    .send({ email: customer.email, password: customer.password, recaptchaToken: RECAPTCHA });
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  const login = await b.post(`${CS}/login?locale=fr-fr&code=${a.body.code}`);
  expect(login.status).toBe(200);
  return { customer, b, token: setCookieValue(login, 'cs_sid') as string };
}

const customerRow = (id: string) =>
  db().selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const none = { customers: 0, mails: 0, addresses: 0 };
/** On PGlite (a database of this file's own), whole tables are compared too: nothing written anywhere. */
async function writesNothing(run: () => Promise<void>): Promise<void> {
  const before = await tableCounts(db());
  await run();
  if (t.database.kind === 'pglite') expect(await tableCounts(db())).toEqual(before);
}

describe('csCreateCustomer — POST /customer', () => {
  const register = (b: Browser, body: Record<string, unknown>) => b.post(`${CS}/customer`).send(body);
  const valid = (email: string, extra: Record<string, unknown> = {}) => ({
    ...fr,
    emailAddress: email,
    password: NEW_PASSWORD,
    firstName: 'Camille',
    lastName: 'Lefevre',
    locale: 'fr-fr',
    country: 'FR',
    recaptchaToken: RECAPTCHA,
    ...extra,
  });

  it('creates a PROVISIONED account with an argon2id hash and e-mails an activation link (202, no body)', async () => {
    const email = newEmail('camille');
    const b = browser();
    const res = await register(b, valid(email, { phone: '+33612345678', birthDate: '1990-05-17' }));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.text).toBe('');
    const row = await db().selectFrom('customers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'PROVISIONED',
      first_name: 'Camille',
      last_name: 'Lefevre',
      locale: 'fr-fr',
      country: 'FR',
      phone: '+33612345678',
      is_employee: false,
    });
    expect(row.client_id).toMatch(/^[1-9][0-9]{9}$/);
    expect(row.user_id).toMatch(/^00u[A-Za-z0-9]{17}$/);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row.password_hash as string, NEW_PASSWORD)).toBe(true);
    const mail = await lastMailData(db(), email, 'activation');
    expect(mail?.activationUrl).toMatch(
      new RegExp(`^${ORIGIN}/fr-fr/myaccount/activate\\?userId=${row.user_id}&token=[A-Za-z0-9_-]{43}$`),
    );
    // The token of the link is stored as a digest only.
    const token = linkParams(mail?.activationUrl).get('token') as string;
    const tokens = await db()
      .selectFrom('account_tokens')
      .select(['token_hash', 'kind'])
      .where('customer_id', '=', row.id)
      .execute();
    expect(tokens).toEqual([{ token_hash: expect.any(String), kind: 'activation' }]);
    expect(tokens[0]?.token_hash).not.toBe(token);
    // Nobody is signed in by a registration.
    expect(res.headers['set-cookie'] ?? []).toEqual([]);
    expect(await signedInSessions(db(), row.id)).toBe(0);
  });

  // Known bug: the market rules (RegistrationService.missingRequired) require every field the form marks
  // required, `password` included, so a registration without a password — which this operation documents —
  // is refused with 422 ERR_FORM_1000 body/password.
  it('creates an account without a password (chosen later through the recovery e-mail)', async () => {
    const email = newEmail('nopassword');
    const res = await register(browser(), {
      ...(await marketRequired(t.app, 'en-gb')),
      emailAddress: email,
      locale: 'en-gb',
      recaptchaToken: RECAPTCHA,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const row = await db().selectFrom('customers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, status: 'PROVISIONED', country: 'GB', locale: 'en-gb' });
    expect(await footprint(db(), email)).toEqual({ customers: 1, mails: 1, addresses: 0 });
  });

  it('refuses a registration the contract refuses (400) and writes nothing', async () => {
    await writesNothing(async () => {
      const cases: [Record<string, unknown>, string, string?][] = [
        [{ password: NEW_PASSWORD, locale: 'fr-fr', recaptchaToken: RECAPTCHA }, 'ERR_CDB_API_2000'],
        [valid('Camille@Example.fr'), 'ERR_CDB_API_2000', 'body/emailAddress'],
        [valid('camille at example.fr'), 'ERR_CDB_API_2000', 'body/emailAddress'],
        [valid(newEmail(), { recaptchaToken: undefined }), 'ERR_RECAPTCHA_1000'],
        [valid(newEmail(), { locale: 'FR_fr' }), 'ERR_API_1005'],
        [valid(newEmail(), { password: 'too-short' }), 'ERR_API_1018', 'body/password'],
        [valid(newEmail(), { civility: 'DR' }), 'ERR_API_1018', 'body/civility'],
        [valid(newEmail(), { isEmployee: true }), 'ERR_API_1018'],
        [valid(newEmail(), { birthDate: '1990-02-30' }), 'ERR_API_1018', 'body/birthDate'],
      ];
      for (const [body, code, path] of cases) {
        const res = await register(browser(), body);
        expectProblem(res, 400, code);
        if (path)
          expect(
            res.body.errors.map((e: { path: string }) => e.path),
            JSON.stringify(res.body),
          ).toContain(path);
        const email = String(body.emailAddress ?? '');
        if (email) expect(await footprint(db(), email), email).toEqual(none);
      }
    });
  });

  it('refuses what the schema cannot say (400 ERR_API_1018 naming the field) and writes nothing', async () => {
    await writesNothing(async () => {
      const young = new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10);
      const cases: [(email: string) => Record<string, unknown>, string][] = [
        [(e) => valid(e, { password: `${e.split('@')[0]}-secret` }), 'body/password'],
        [(e) => valid(e, { password: 'Camille-Lefevre-2024!' }), 'body/password'],
        [(e) => valid(e, { password: 'password1234' }), 'body/password'],
        [(e) => valid(e, { country: 'DE' }), 'body/country'],
        [(e) => valid(e, { birthDate: young }), 'body/birthDate'],
        [(e) => valid(e, { birthDate: '1899-12-31' }), 'body/birthDate'],
        [(e) => valid(e, { phone: '+3361234' }), 'body/phone'],
        [
          (e) =>
            valid(e, {
              consents: [
                { id: 'marketing_email', granted: true, version: '2026-03' },
                { id: 'marketing_email', granted: false, version: '2026-03' },
              ],
            }),
          'body/consents',
        ],
      ];
      for (const make of cases) {
        const email = newEmail('refused');
        const res = await register(browser(), make[0](email));
        expectProblem(res, 400, 'ERR_API_1018');
        expect(
          res.body.errors.map((e: { path: string }) => e.path),
          JSON.stringify(res.body),
        ).toContain(make[1]);
        expect(await footprint(db(), email), make[1]).toEqual(none);
      }
    });
  });

  it('refuses a registration lacking what the market requires (422 ERR_FORM_1000 naming it), writing nothing', async () => {
    await writesNothing(async () => {
      const consents = (fr.consents ?? []) as { id: string; granted: boolean; version: string }[];
      expect(consents.length).toBeGreaterThan(0);
      const cases: [string, (email: string) => Record<string, unknown>, string][] = [
        ['no consents', (e) => valid(e, { consents: undefined }), 'body/consents'],
        [
          'a required consent refused',
          (e) => valid(e, { consents: consents.map((c, i) => (i === 0 ? { ...c, granted: false } : c)) }),
          'body/consents/0/granted',
        ],
        ['no civility in France', (e) => valid(e, { civility: undefined }), 'body/civility'],
        ['no first name', (e) => valid(e, { firstName: undefined }), 'body/firstName'],
      ];
      const ja = await marketRequired(t.app, 'ja-jp');
      cases.push([
        'no katakana names in Japan',
        (e) => ({
          ...ja,
          emailAddress: e,
          password: NEW_PASSWORD,
          firstName: 'Camille',
          lastName: 'Lefevre',
          locale: 'ja-jp',
          recaptchaToken: RECAPTCHA,
          firstNameKana: undefined,
        }),
        'body/firstNameKana',
      ]);
      for (const [name, make, path] of cases) {
        const email = newEmail('form');
        const res = await register(browser(), make(email));
        expectProblem(res, 422, 'ERR_FORM_1000');
        expect(
          res.body.errors.map((e: { path: string }) => e.path),
          name,
        ).toContain(path);
        expect(await footprint(db(), email), name).toEqual(none);
      }
    });
  });

  it('refuses a consent the market does not have or an older version of its text (400 ERR_API_1018)', async () => {
    await writesNothing(async () => {
      const consents = (fr.consents ?? []) as { id: string; granted: boolean; version: string }[];
      for (const [decisions, path] of [
        [
          [...consents, { id: 'marketing_sms', granted: true, version: consents[0]?.version }],
          `body/consents/${consents.length}/id`,
        ],
        [consents.map((c, i) => (i === 0 ? { ...c, version: '2001-01' } : c)), 'body/consents/0/version'],
      ] as const) {
        const email = newEmail('consent');
        const res = await register(browser(), valid(email, { consents: decisions }));
        expectProblem(res, 400, 'ERR_API_1018');
        expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
        expect(await footprint(db(), email)).toEqual(none);
      }
    });
  });

  it('refuses a forged reCAPTCHA token (403) and e-mail typos (422), writing nothing', async () => {
    await writesNothing(async () => {
      const email = newEmail('forged');
      expectProblem(await register(browser(), valid(email, { recaptchaToken: 'forged' })), 403, 'ERR_RECAPTCHA_1002');
      expect(await footprint(db(), email)).toEqual(none);
      for (const [address, code] of [
        ['camille@hotmial.con', 'ERR_FORM_1002'],
        ['camille@yahooo.fr', 'ERR_FORM_1002'],
        ['.camille@example.fr', 'ERR_FORM_1001'],
      ] as const) {
        expectProblem(await register(browser(), valid(address)), 422, code);
        expect(await footprint(db(), address)).toEqual(none);
      }
    });
  });

  it('answers 429 with Retry-After past 3 registrations of an address a day and 5 from an IP address an hour', async () => {
    const email = newEmail('limited');
    for (let i = 0; i < 3; i++) expect((await register(browser(), valid(email))).status).toBe(202);
    const mailsBefore = await mailCount(db(), email);
    expectTooMany(await register(browser(), valid(email)), 86_400);
    expect(await mailCount(db(), email)).toBe(mailsBefore);

    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await register(browser(ip), valid(newEmail('ip')))).status).toBe(202);
    const sixth = newEmail('sixth');
    expectTooMany(await register(browser(ip), valid(sixth)), 3600);
    expect(await footprint(db(), sixth)).toEqual(none);
  });
});

describe('csUpdateCustomer — PUT /customer', () => {
  it("changes the signed-in customer's profile and answers it with its consents", async () => {
    const { customer, b } = await signedIn();
    const res = await b.put(`${CS}/customer`).send({
      clientId: customer.clientId,
      firstName: '  Hélène ',
      phone: '+33612345678',
      birthDate: '1988-11-02',
      consents: [{ id: 'marketing_email', granted: true, version: '2026-03' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      clientId: customer.clientId,
      firstName: 'Hélène',
      lastName: 'Lefevre',
      phone: '+33612345678',
      birthDate: '1988-11-02',
    });
    expect(res.body.consents).toEqual([{ id: 'marketing_email', granted: true, version: '2026-03' }]);
    const row = await customerRow(customer.id);
    expect(row.first_name).toBe('Hélène');
    expect(row.email).toBe(customer.email);
  });

  it('refuses a request the contract or the rules refuse (400) and changes nothing', async () => {
    const { customer, b } = await signedIn();
    const young = new Date(Date.now() - 15 * 365 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ firstName: 'Hélène' }, 'ERR_CDB_API_2002'],
      [{ clientId: '12345', firstName: 'Hélène' }, 'ERR_CDB_API_2002'],
      [{ clientId: customer.clientId }, 'ERR_API_1018'],
      [{ clientId: customer.clientId, emailAddress: 'other@example.com' }, 'ERR_API_1018'],
      [{ clientId: customer.clientId, firstName: 'Hélène', locale: 'fr_FR' }, 'ERR_API_1005'],
      [{ clientId: customer.clientId, firstName: 'Hélène', country: 'DE' }, 'ERR_API_1018', 'body/country'],
      [{ clientId: customer.clientId, firstName: 'Hélène', phone: '+336' }, 'ERR_API_1018', 'body/phone'],
      [{ clientId: customer.clientId, firstName: 'Hélène', birthDate: young }, 'ERR_API_1018', 'body/birthDate'],
      // Spec §5: a name needs a letter (the contract's pattern takes apostrophes and hyphens alone).
      [{ clientId: customer.clientId, lastName: "'-" }, 'ERR_API_1018', 'body/lastName'],
    ];
    const before = await customerRow(customer.id);
    for (const [body, code, path] of cases) {
      const res = await b.put(`${CS}/customer`).send(body);
      expectProblem(res, 400, code);
      if (path) expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await customerRow(customer.id)).toEqual(before);
  });

  it("answers 401 without a signed-in customer and 403 for another customer's client id", async () => {
    const { customer, b } = await signedIn();
    const victim = await insertCustomer(db(), { firstName: 'Victime' });
    const anon = browser();
    await anon.get(`${CS}/session?locale=fr-fr`).expect(200);
    expectProblem(
      await anon.put(`${CS}/customer`).send({ clientId: victim.clientId, firstName: 'Pirate' }),
      401,
      'ERR_API_1020',
    );
    expectProblem(
      await browser().put(`${CS}/customer`).send({ clientId: victim.clientId, firstName: 'Pirate' }),
      401,
      'ERR_HLP_1000',
    );
    expectProblem(
      await b.put(`${CS}/customer`).send({ clientId: victim.clientId, firstName: 'Pirate' }),
      403,
      'ERR_API_1001',
    );
    expect((await customerRow(victim.id)).first_name).toBe('Victime');
    expect((await customerRow(customer.id)).first_name).toBe('Camille');
    await db()
      .updateTable('sessions')
      .set({ auth_seen_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('customer_id', '=', customer.id)
      .execute();
    expectProblem(
      await b.put(`${CS}/customer`).send({ clientId: customer.clientId, firstName: 'Tard' }),
      401,
      'ERR_MWR_1000',
    );
  });

  it('answers 429 with Retry-After past 30 updates per session an hour', async () => {
    const { customer, b, token } = await signedIn();
    await fillLimit(db(), LIMITS.updatePerSession, sessionIdOf(token), 30);
    expectTooMany(await b.put(`${CS}/customer`).send({ clientId: customer.clientId, firstName: 'Encore' }), 3600);
    expect((await customerRow(customer.id)).first_name).toBe('Camille');
  });
});

/** The three e-mail operations share their shape, codes and limits. */
describe.each([
  ['csCheckAccountStatus', '/status'],
  ['csSendActivationEmail', '/activation'],
  ['csRequestPasswordRecovery', '/password/recovery'],
])('%s — POST %s (shared rules)', (_op, path) => {
  const post = (b: Browser, body: Record<string, unknown>, locale = 'fr-fr') =>
    b.post(`${CS}${path}?locale=${locale}`).send(body);

  it('refuses a bad request (400), a forged token (403) and a typo (422), sending nothing', async () => {
    await writesNothing(async () => {
      const email = newEmail('refused');
      expectProblem(await post(browser(), { email }), 400, 'ERR_RECAPTCHA_1000');
      expectProblem(await post(browser(), { email, recaptchaToken: '' }), 400, 'ERR_RECAPTCHA_1000');
      expectProblem(await post(browser(), { recaptchaToken: RECAPTCHA }), 400, 'ERR_API_1018');
      expectProblem(
        await post(browser(), { email: 'Upper@Example.com', recaptchaToken: RECAPTCHA }),
        400,
        'ERR_API_1018',
      );
      expectProblem(
        await post(browser(), { email, recaptchaToken: RECAPTCHA, userId: '00uAAAAAAAAAAAAAAAAA' }),
        400,
        'ERR_API_1018',
      );
      expectProblem(await post(browser(), { email, recaptchaToken: RECAPTCHA }, 'xx'), 400, 'ERR_API_1005');
      expectProblem(await post(browser(), { email, recaptchaToken: 'forged' }), 403, 'ERR_RECAPTCHA_1002');
      expectProblem(
        await post(browser(), { email: 'camille@gmai.com', recaptchaToken: RECAPTCHA }),
        422,
        'ERR_FORM_1002',
      );
      expectProblem(
        await post(browser(), { email: 'camille.@example.fr', recaptchaToken: RECAPTCHA }),
        422,
        'ERR_FORM_1001',
      );
      expect(await footprint(db(), email)).toEqual(none);
    });
  });

  it('answers 429 with Retry-After past 3 calls per address an hour (known or not) and 20 per IP address', async () => {
    for (const email of [newEmail('unknown'), (await insertCustomer(db(), { status: 'PROVISIONED' })).email]) {
      for (let i = 0; i < 3; i++)
        expect((await post(browser(), { email, recaptchaToken: RECAPTCHA })).status).toBe(204);
      const mails = await mailCount(db(), email);
      expectTooMany(await post(browser(), { email, recaptchaToken: RECAPTCHA }), 3600);
      expect(await mailCount(db(), email)).toBe(mails);
    }
    const ip = newIp();
    await fillLimit(db(), LIMITS.mailPerIp, ip, 19);
    expect((await post(browser(ip), { email: newEmail(), recaptchaToken: RECAPTCHA })).status).toBe(204);
    const last = (await insertCustomer(db(), { status: 'PROVISIONED' })).email;
    expectTooMany(await post(browser(ip), { email: last, recaptchaToken: RECAPTCHA }), 3600);
    expect(await mailCount(db(), last)).toBe(0);
  });
});

describe('csCheckAccountStatus — POST /status', () => {
  it('answers 204 for every address; the owner is told what to do next in the language of the locale', async () => {
    const unknown = newEmail('unknown');
    const pending = await insertCustomer(db(), { status: 'PROVISIONED' });
    const active = await insertCustomer(db());
    for (const email of [unknown, pending.email, active.email]) {
      const res = await browser().post(`${CS}/status?locale=de-de`).send({ email, recaptchaToken: RECAPTCHA });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
    }
    expect(await lastMailData(db(), unknown, 'account-none')).toEqual({ signUpUrl: `${ORIGIN}/de-de/signup` });
    expect((await lastMailData(db(), pending.email, 'activation'))?.activationUrl).toMatch(
      new RegExp(`^${ORIGIN}/de-de/myaccount/activate\\?userId=${pending.userId}&token=`),
    );
    expect(await lastMailData(db(), active.email, 'account-exists')).toMatchObject({
      signInUrl: `${ORIGIN}/de-de/signin`,
      resetUrl: `${ORIGIN}/de-de/signin?forgot=1`,
    });
    const locales = await db()
      .selectFrom('email_outbox')
      .select('locale')
      .where('recipient', 'in', [unknown, pending.email, active.email])
      .execute();
    expect(locales.map((l) => l.locale)).toEqual(['de-de', 'de-de', 'de-de']);
  });
});

describe('csSendActivationEmail — POST /activation', () => {
  it('sends a new link to a pending account only; the new link supersedes the earlier one', async () => {
    const pending = await insertCustomer(db(), { status: 'PROVISIONED' });
    const active = await insertCustomer(db());
    const unknown = newEmail('unknown');
    for (const email of [pending.email, active.email, unknown]) {
      expect(
        (await browser().post(`${CS}/activation?locale=fr-fr`).send({ email, recaptchaToken: RECAPTCHA })).status,
      ).toBe(204);
    }
    expect(await mailCount(db(), active.email)).toBe(0);
    expect(await mailCount(db(), unknown)).toBe(0);
    const first = linkParams((await lastMailData(db(), pending.email, 'activation'))?.activationUrl);
    expect(first.get('userId')).toBe(pending.userId);
    expect(
      (await browser().post(`${CS}/activation?locale=fr-fr`).send({ email: pending.email, recaptchaToken: RECAPTCHA }))
        .status,
    ).toBe(204);
    const second = linkParams((await lastMailData(db(), pending.email, 'activation'))?.activationUrl);
    expect(second.get('token')).not.toBe(first.get('token'));
    const confirm = (token: string | null) =>
      browser().post(`${CS}/activation/confirm?locale=fr-fr`).send({ userId: pending.userId, activationToken: token });
    expectProblem(await confirm(first.get('token')), 410, 'ERR_OKTA_1001');
    expect((await confirm(second.get('token'))).status).toBe(204);
  });
});

describe('csConfirmActivation — POST /activation/confirm', () => {
  const confirm = (b: Browser, body: Record<string, unknown>) =>
    b.post(`${CS}/activation/confirm?locale=fr-fr`).send(body);

  async function registered() {
    const email = newEmail('activate');
    expect(
      (
        await browser()
          .post(`${CS}/customer`)
          .send({ ...fr, emailAddress: email, password: NEW_PASSWORD, locale: 'fr-fr', recaptchaToken: RECAPTCHA })
      ).status,
    ).toBe(202);
    const link = linkParams((await lastMailData(db(), email, 'activation'))?.activationUrl);
    return { email, userId: link.get('userId') as string, token: link.get('token') as string };
  }

  it('activates the account, e-mails a welcome, and a second visit is harmless (204)', async () => {
    const r = await registered();
    const res = await confirm(browser(), { userId: r.userId, activationToken: r.token });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const row = await db()
      .selectFrom('customers')
      .select(['status', 'id'])
      .where('email', '=', r.email)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ACTIVE');
    expect(await lastMailData(db(), r.email, 'welcome')).toMatchObject({ signInUrl: `${ORIGIN}/fr-fr/signin` });
    // Not signed in by the activation.
    expect(await signedInSessions(db(), row.id)).toBe(0);
    expect((await confirm(browser(), { userId: r.userId, activationToken: r.token })).status).toBe(204);
    expect(await mailCount(db(), r.email)).toBe(2);
  });

  it('refuses a wrong, unknown, expired or foreign link with the same 410 ERR_OKTA_1001', async () => {
    const r = await registered();
    const other = await registered();
    const expired = await registered();
    await db()
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(
        'customer_id',
        '=',
        (await db().selectFrom('customers').select('id').where('email', '=', expired.email).executeTakeFirstOrThrow())
          .id,
      )
      .execute();
    const bodies: string[] = [];
    for (const body of [
      { userId: r.userId, activationToken: randomBytes(32).toString('base64url') },
      { userId: '00uABCDEFGHIJKLMNOPQ', activationToken: r.token },
      { userId: r.userId, activationToken: other.token },
      { userId: expired.userId, activationToken: expired.token },
    ]) {
      const res = await confirm(browser(), body);
      expectProblem(res, 410, 'ERR_OKTA_1001');
      const { requestId: _r, ...rest } = res.body;
      bodies.push(JSON.stringify(rest));
    }
    expect(new Set(bodies).size).toBe(1);
    const statuses = await db()
      .selectFrom('customers')
      .select('status')
      .where('email', 'in', [r.email, other.email, expired.email])
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['PROVISIONED', 'PROVISIONED', 'PROVISIONED']);
    // The other's token was not spent by the refusal.
    expect((await confirm(browser(), { userId: other.userId, activationToken: other.token })).status).toBe(204);
  });

  it('refuses a malformed body (400) and answers 429 past 10 calls per IP address in 15 minutes', async () => {
    await awayFromWindowEnd(900);
    expectProblem(
      await confirm(browser(), { userId: 'bob', activationToken: randomBytes(32).toString('base64url') }),
      400,
      'ERR_API_1018',
    );
    expectProblem(
      await confirm(browser(), { userId: '00uABCDEFGHIJKLMNOPQ', activationToken: 'short' }),
      400,
      'ERR_API_1018',
    );
    expectProblem(await confirm(browser(), { userId: '00uABCDEFGHIJKLMNOPQ' }), 400, 'ERR_API_1018');
    const ip = newIp();
    for (let i = 0; i < 10; i++)
      expectProblem(
        await confirm(browser(ip), {
          userId: '00uABCDEFGHIJKLMNOPQ',
          activationToken: randomBytes(32).toString('base64url'),
        }),
        410,
        'ERR_OKTA_1001',
      );
    const r = await registered();
    expectTooMany(await confirm(browser(ip), { userId: r.userId, activationToken: r.token }), 900);
    expect(
      (await db().selectFrom('customers').select('status').where('email', '=', r.email).executeTakeFirstOrThrow())
        .status,
    ).toBe('PROVISIONED');
  });
});

describe('csRequestPasswordRecovery — POST /password/recovery', () => {
  it('e-mails a reset link to ACTIVE, PROVISIONED and PASSWORD_EXPIRED accounts only; always 204', async () => {
    const sent: TestCustomer[] = [];
    for (const status of ['ACTIVE', 'PROVISIONED', 'PASSWORD_EXPIRED'] as const)
      sent.push(await insertCustomer(db(), { status }));
    const silent = [
      await insertCustomer(db(), { status: 'LOCKED_OUT' }),
      await insertCustomer(db(), { status: 'SUSPENDED' }),
    ];
    const unknown = newEmail('unknown');
    for (const email of [...sent.map((c) => c.email), ...silent.map((c) => c.email), unknown]) {
      const res = await browser()
        .post(`${CS}/password/recovery?locale=it-it`)
        .send({ email, recaptchaToken: RECAPTCHA });
      expect(res.status).toBe(204);
    }
    for (const c of sent) {
      expect((await lastMailData(db(), c.email, 'password-reset'))?.resetUrl).toMatch(
        new RegExp(`^${ORIGIN}/it-it/myaccount/reset-password\\?token=[A-Za-z0-9_-]{43}$`),
      );
    }
    for (const email of [...silent.map((c) => c.email), unknown]) expect(await mailCount(db(), email)).toBe(0);
  });
});

describe('csResetPassword — POST /password/reset', () => {
  const recover = async (email: string) => {
    expect(
      (await browser().post(`${CS}/password/recovery?locale=fr-fr`).send({ email, recaptchaToken: RECAPTCHA })).status,
    ).toBe(204);
    return linkParams((await lastMailData(db(), email, 'password-reset'))?.resetUrl).get('token') as string;
  };
  const reset = (b: Browser, token: string, newPassword: string) =>
    b.post(`${CS}/password/reset?locale=fr-fr`).send({ token, newPassword });

  it('sets the password once, ends every session, activates a pending account and sends a notice', async () => {
    const { customer, b } = await signedIn();
    const token = await recover(customer.email);
    const res = await reset(browser(), token, NEW_PASSWORD);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const row = await customerRow(customer.id);
    expect(await verifyPassword(row.password_hash as string, NEW_PASSWORD)).toBe(true);
    expect(await signedInSessions(db(), customer.id)).toBe(0);
    expectProblem(await b.get(`${CS}/customer?locale=fr-fr`), 401, 'ERR_API_1020');
    expect(await lastMailData(db(), customer.email, 'password-changed')).toMatchObject({
      resetUrl: `${ORIGIN}/fr-fr/signin?forgot=1`,
    });
    const again = await reset(browser(), token, 'another-fine-passphrase-7');
    expectProblem(again, 400, 'ERR_API_1018');
    expect(again.body.errors).toEqual([{ path: 'body/token', message: expect.any(String) }]);

    const pending = await insertCustomer(db(), { status: 'PROVISIONED', password: null });
    expect((await reset(browser(), await recover(pending.email), NEW_PASSWORD)).status).toBe(204);
    expect((await customerRow(pending.id)).status).toBe('ACTIVE');
  });

  it('refuses an unknown, superseded or expired token and a password the policy refuses, changing nothing', async () => {
    const c = await insertCustomer(db());
    const old = await recover(c.email);
    const token = await recover(c.email);
    const before = (await customerRow(c.id)).password_hash;
    const check = async (tokenToUse: string, password: string, path: string) => {
      const res = await reset(browser(), tokenToUse, password);
      expectProblem(res, 400, 'ERR_API_1018');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    };
    await check(randomBytes(32).toString('base64url'), NEW_PASSWORD, 'body/token');
    await check(old, NEW_PASSWORD, 'body/token');
    await check(token, c.password, 'body/newPassword'); // one of the last passwords
    await check(token, `x-${c.email}-x`, 'body/newPassword');
    await check(token, 'Lefevre-forever-and-ever', 'body/newPassword');
    await check(token, 'qwertyuiop123', 'body/newPassword');
    expectProblem(await reset(browser(), token, 'short'), 400, 'ERR_API_1018');
    expectProblem(
      await browser()
        .post(`${CS}/password/reset?locale=fr-fr`)
        .send({ token: 'bad token!', newPassword: NEW_PASSWORD }),
      400,
      'ERR_API_1018',
    );
    expect((await customerRow(c.id)).password_hash).toBe(before);
    // The refusals did not spend the token.
    expect((await reset(browser(), token, NEW_PASSWORD)).status).toBe(204);

    const late = await insertCustomer(db());
    const lateToken = await recover(late.email);
    await db()
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('customer_id', '=', late.id)
      .execute();
    await check(lateToken, NEW_PASSWORD, 'body/token');
  });

  it('answers 429 with Retry-After past 10 attempts per IP address in 15 minutes', async () => {
    await awayFromWindowEnd(900);
    const c = await insertCustomer(db());
    const token = await recover(c.email);
    const ip = newIp();
    for (let i = 0; i < 10; i++)
      expectProblem(await reset(browser(ip), randomBytes(32).toString('base64url'), NEW_PASSWORD), 400, 'ERR_API_1018');
    expectTooMany(await reset(browser(ip), token, NEW_PASSWORD), 900);
    expect(await verifyPassword((await customerRow(c.id)).password_hash as string, c.password)).toBe(true);
  });
});

describe('csChangePassword — POST /password/change', () => {
  const change = (b: Browser, currentPassword: string, newPassword: string) =>
    b.post(`${CS}/password/change?locale=fr-fr`).send({ currentPassword, newPassword });

  it('changes the password, rotates this session, ends the others and sends a notice', async () => {
    const { customer, b, token } = await signedIn();
    const other = browser();
    const a = await other
      .post(`${CS}/authn?locale=fr-fr`)
      .send({ email: customer.email, password: customer.password, recaptchaToken: RECAPTCHA });
    await other.post(`${CS}/login?locale=fr-fr&code=${a.body.code}`).expect(200);
    expect(await signedInSessions(db(), customer.id)).toBe(2);

    const res = await change(b, customer.password, NEW_PASSWORD);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    const rotated = setCookieValue(res, 'cs_sid');
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(rotated).not.toBe(token);
    expect(await verifyPassword((await customerRow(customer.id)).password_hash as string, NEW_PASSWORD)).toBe(true);
    expect((await b.get(`${CS}/customer?locale=fr-fr`)).status).toBe(200);
    expectProblem(await other.get(`${CS}/customer?locale=fr-fr`), 401, 'ERR_API_1020');
    expectProblem(
      await request(t.app).get(`${CS}/customer?locale=fr-fr`).set('Cookie', `cs_sid=${token}`),
      401,
      'ERR_API_1020',
    );
    expect(await signedInSessions(db(), customer.id)).toBe(1);
    expect(await lastMailData(db(), customer.email, 'password-changed')).toBeDefined();
  });

  it('refuses a wrong current password, the same password, a recent one or one the policy refuses (400)', async () => {
    const { customer, b } = await signedIn();
    const before = (await customerRow(customer.id)).password_hash;
    const check = async (current: string, next: string, path: string) => {
      const res = await change(b, current, next);
      expectProblem(res, 400, 'ERR_API_1018');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    };
    await check('not-the-current-password', NEW_PASSWORD, 'body/currentPassword');
    await check(customer.password, customer.password, 'body/newPassword');
    await check(customer.password, `${customer.email}!`, 'body/newPassword');
    await check(customer.password, 'Camille-was-here-2024', 'body/newPassword');
    await check(customer.password, '123456789012', 'body/newPassword');
    expectProblem(await change(b, customer.password, 'short'), 400, 'ERR_API_1018');
    expectProblem(
      await b.post(`${CS}/password/change?locale=fr-fr`).send({ newPassword: NEW_PASSWORD }),
      400,
      'ERR_API_1018',
    );
    expect((await customerRow(customer.id)).password_hash).toBe(before);

    // None of the last 4 passwords comes back.
    const history = ['first-rotation-phrase-11', 'second-rotation-phrase-22', 'third-rotation-phrase-33'];
    let current = customer.password;
    for (const next of history) {
      expect((await change(b, current, next)).status).toBe(204);
      current = next;
    }
    await check(current, customer.password, 'body/newPassword');
    await check(current, history[0] as string, 'body/newPassword');
  });

  it('needs a signed-in customer (401)', async () => {
    const anon = browser();
    await anon.get(`${CS}/session?locale=fr-fr`).expect(200);
    expectProblem(await change(anon, 'anything-goes-here', NEW_PASSWORD), 401, 'ERR_API_1020');
    expectProblem(await change(browser(), 'anything-goes-here', NEW_PASSWORD), 401, 'ERR_HLP_1000');
    const { customer, b } = await signedIn();
    await db()
      .updateTable('sessions')
      .set({ auth_seen_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('customer_id', '=', customer.id)
      .execute();
    expectProblem(await change(b, customer.password, NEW_PASSWORD), 401, 'ERR_MWR_1000');
  });

  it('answers 429 with Retry-After after 5 wrong current passwords in a session, even with the right one', async () => {
    const { customer, b } = await signedIn();
    for (let i = 0; i < 5; i++)
      expectProblem(await change(b, `wrong-password-${i}`, NEW_PASSWORD), 400, 'ERR_API_1018');
    expectTooMany(await change(b, customer.password, NEW_PASSWORD), 3600);
    expect(await verifyPassword((await customerRow(customer.id)).password_hash as string, customer.password)).toBe(
      true,
    );
  });

  // Contract (password@change.yaml): "after 5 incorrect current passwords the session is also signed out".
  it('signs the session out after 5 wrong current passwords', async () => {
    const { customer, b } = await signedIn();
    for (let i = 0; i < 5; i++)
      expectProblem(await change(b, `wrong-password-${i}`, NEW_PASSWORD), 400, 'ERR_API_1018');
    expect(await signedInSessions(db(), customer.id)).toBe(0);
  });
});
