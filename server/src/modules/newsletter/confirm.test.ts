// Newsletter double opt-in confirmation: the customer service's `POST /subscription/confirm`, the storefront's
// `POST /api/newsletter/confirm` and the page data `GET /ssr/newsletter/confirm`, on the real app and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { TEST_RECAPTCHA_TOKEN } from '../../shared/recaptcha.ts';
import { CONSENTS } from '../registration/index.ts';
import { CUSTOMER_SERVICE_BASE, startContactTestApp, type ContactTestApp } from '../registration/test-app.ts';
import { CONFIRM_LINK_MS } from './service.ts';

let t: ContactTestApp;
beforeAll(async () => {
  t = await startContactTestApp();
});
afterAll(() => t.close());

// Each run writes its own addresses and counts its own IP addresses: the PostgreSQL database is shared.
const run = Math.random().toString(36).slice(2, 8);
const address = (name: string) => `${name}.${run}@example.org`;
let ipCounter = 0;
const nextIp = () => `10.${Math.floor(Math.random() * 200) + 20}.${++ipCounter}.${Math.floor(Math.random() * 250) + 1}`;
const marketing = [{ id: 'marketing_email', granted: true, version: CONSENTS.marketing_email.version }];
/** A well-formed token that no e-mail ever carried. */
const unknownToken = () =>
  Buffer.from(`${run}-${Math.random()}-unknown-token-of-32-bytes`).toString('base64url').slice(0, 43);

const subscribe = (email: string, locale = 'de-de', country = 'DE') =>
  request(t.app)
    .post(`${CUSTOMER_SERVICE_BASE}/subscription`)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('X-Forwarded-For', nextIp())
    .send({ email, civility: 'MRS', locale, country, consents: marketing, recaptchaToken: TEST_RECAPTCHA_TOKEN })
    .expect(204);
const cs = (payload: unknown, ip = nextIp()) =>
  request(t.app)
    .post(`${CUSTOMER_SERVICE_BASE}/subscription/confirm`)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('X-Forwarded-For', ip)
    .send(payload as object);
const sf = (payload: unknown, locale = 'de-de', ip = nextIp()) =>
  request(t.app)
    .post(`/api/newsletter/confirm?locale=${locale}`)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('X-Forwarded-For', ip)
    .send(payload as object);

const mails = (email: string) =>
  t.database.db
    .selectFrom('email_outbox')
    .select(['template', 'locale', 'data'])
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();
const subscription = (email: string, country = 'DE') =>
  t.database.db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('email', '=', email)
    .where('country', '=', country)
    .executeTakeFirstOrThrow();
/** The token of the newest confirmation e-mail to the address (from the fragment of its link). */
async function tokenFor(email: string): Promise<string> {
  const confirm = (await mails(email)).filter((m) => m.template === 'newsletter-confirm').at(-1);
  const token = /#token=([\w-]+)$/.exec((confirm?.data as { confirmUrl?: string } | undefined)?.confirmUrl ?? '')?.[1];
  if (!token) throw new Error(`no confirmation e-mail to ${email}`);
  return token;
}
/** Everything a confirmation may write: the subscription and the e-mails of the address. */
const snapshot = async (email: string, country = 'DE') => ({
  row: await subscription(email, country),
  mails: await mails(email),
});

describe('customer service: POST /subscription/confirm', () => {
  it('confirms a pending subscription once, welcomes it, and answers "already confirmed" to the same link', async () => {
    const email = address('lena');
    await subscribe(email);
    expect(await subscription(email)).toMatchObject({ status: 'pending', confirmed_at: null });
    const token = await tokenFor(email);

    const first = await cs({ token }).expect(200);
    expect(first.body).toEqual({ status: 'confirmed' });
    expect(first.headers['cache-control']).toBe('no-store');
    const row = await subscription(email);
    expect(row).toMatchObject({ status: 'subscribed', confirm_token_expires_at: null });
    expect(row.confirmed_at).toBeInstanceOf(Date);
    expect((await mails(email)).map((m) => [m.template, m.locale])).toEqual([
      ['newsletter-confirm', 'de-de'],
      ['newsletter-welcome', 'de-de'],
    ]);

    const before = await snapshot(email);
    expect((await cs({ token }).expect(200)).body).toEqual({ status: 'alreadyConfirmed' });
    expect(await snapshot(email)).toEqual(before);
  });

  it('confirms exactly once when the link is followed several times at once', async () => {
    const email = address('simultan');
    await subscribe(email, 'de-ch', 'CH');
    const token = await tokenFor(email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => cs({ token })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.status).sort()).toEqual([
      'alreadyConfirmed',
      'alreadyConfirmed',
      'alreadyConfirmed',
      'alreadyConfirmed',
      'alreadyConfirmed',
      'confirmed',
    ]);
    expect((await mails(email)).map((m) => m.template)).toEqual(['newsletter-confirm', 'newsletter-welcome']);
    expect(await subscription(email, 'CH')).toMatchObject({ status: 'subscribed' });
  });

  it('answers ERR_NWS_API_1003 to an unknown, expired or superseded link, and writes nothing', async () => {
    const unknown = await cs({ token: unknownToken() }).expect(410);
    expect(unknown.body).toMatchObject({ code: 'ERR_NWS_API_1003', status: 410 });
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);

    // Expired: the link lapses 7 days after its e-mail.
    const email = address('abgelaufen');
    await subscribe(email, 'de-at', 'AT');
    const token = await tokenFor(email);
    const before = await snapshot(email, 'AT');
    const later = t.newsletterAt(() => Date.now() + CONFIRM_LINK_MS + 60_000);
    await expect(later.confirm(token, { ip: nextIp() })).rejects.toMatchObject({ code: 'ERR_NWS_API_1003' });
    expect(await snapshot(email, 'AT')).toEqual(before);
    // Just within the 7 days it still confirms.
    const inTime = t.newsletterAt(() => Date.now() + CONFIRM_LINK_MS - 60_000);
    expect(await inTime.confirm(token, { ip: nextIp() })).toBe('confirmed');

    // Superseded: a later subscription (after the 24-hour quiet time) sends a new link; the first no longer confirms.
    const again = address('ersetzt');
    await subscribe(again);
    const old = await tokenFor(again);
    const dayLater = t.newsletterAt(() => Date.now() + 25 * 3600_000);
    await dayLater.subscribe(
      {
        email: again,
        civility: 'MRS',
        locale: 'de-de',
        country: 'DE',
        consents: marketing,
        recaptchaToken: TEST_RECAPTCHA_TOKEN,
      } as never,
      { ip: nextIp() },
    );
    const fresh = await tokenFor(again);
    expect(fresh).not.toBe(old);
    const pending = await snapshot(again);
    expect((await cs({ token: old }).expect(410)).body.code).toBe('ERR_NWS_API_1003');
    expect(await snapshot(again)).toEqual(pending);
    expect((await cs({ token: fresh }).expect(200)).body.status).toBe('confirmed');
  });

  it('refuses a malformed request with ERR_API_1018, naming the field, and writes nothing', async () => {
    const email = address('kaputt');
    await subscribe(email);
    const token = await tokenFor(email);
    const before = await snapshot(email);
    const cut = await cs({ token: token.slice(0, 12) }).expect(400);
    expect(cut.body).toMatchObject({ code: 'ERR_API_1018', errors: [{ path: 'body/token' }] });
    expect((await cs({}).expect(400)).body).toMatchObject({ code: 'ERR_API_1018', errors: [{ path: 'body/token' }] });
    expect((await cs({ token: `${token}!` }).expect(400)).body.code).toBe('ERR_API_1018');
    expect((await cs({ token, email }).expect(400)).body.code).toBe('ERR_API_1018');
    expect(await snapshot(email)).toEqual(before);
    // The link still works afterwards.
    expect((await cs({ token }).expect(200)).body.status).toBe('confirmed');
  });

  it('limits confirmations to 20 per IP address per 15 minutes, and refuses cross-site calls', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) await cs({ token: unknownToken() }, ip).expect(410);
    const limited = await cs({ token: unknownToken() }, ip).expect(429);
    expect(limited.body.code).toBe('ERR_API_1028');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const email = address('fremd');
    await subscribe(email);
    const token = await tokenFor(email);
    const cross = await request(t.app)
      .post(`${CUSTOMER_SERVICE_BASE}/subscription/confirm`)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ token })
      .expect(403);
    expect(cross.body.code).toBe('ERR_API_1001');
    expect(await subscription(email)).toMatchObject({ status: 'pending' });
  });
});

describe('storefront: POST /api/newsletter/confirm', () => {
  it('confirms through the customer service: pending → subscribed once, then "already confirmed"', async () => {
    const email = address('sf.jonas');
    await request(t.app)
      .post('/api/newsletter/subscribe?locale=de-de')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('X-Forwarded-For', nextIp())
      .send({
        email,
        civility: 'MR',
        consents: marketing,
        recaptchaToken: TEST_RECAPTCHA_TOKEN,
        source: 'newsletter-modal',
      })
      .expect(204);
    expect(await subscription(email)).toMatchObject({ status: 'pending' });
    const token = await tokenFor(email);

    const first = await sf({ token }).expect(200);
    expect(first.body).toEqual({ status: 'confirmed' });
    expect(first.headers['cache-control']).toBe('no-store');
    expect(await subscription(email)).toMatchObject({ status: 'subscribed' });
    // The page's locale does not matter: the welcome is in the subscription's language.
    expect((await sf({ token }, 'fr-fr').expect(200)).body).toEqual({ status: 'alreadyConfirmed' });
    expect((await mails(email)).map((m) => [m.template, m.locale])).toEqual([
      ['newsletter-confirm', 'de-de'],
      ['newsletter-welcome', 'de-de'],
    ]);
  });

  it('answers the codes of the storefront contract, and writes nothing on bad input', async () => {
    const email = address('sf.codes');
    await subscribe(email);
    const token = await tokenFor(email);
    const before = await snapshot(email);

    const gone = await sf({ token: unknownToken() }).expect(410);
    expect(gone.body).toMatchObject({ code: 'ERR_NWS_API_1003', status: 410 });
    expect((await sf({ token: token.slice(0, 10) }).expect(400)).body).toMatchObject({
      code: 'ERR_API_1018',
      errors: [{ path: 'body/token' }],
    });
    expect((await sf({}).expect(400)).body.code).toBe('ERR_API_1018');
    expect((await sf({ token, status: 'subscribed' }).expect(400)).body.code).toBe('ERR_API_1018');
    expect((await sf({ token }, 'de').expect(400)).body.code).toBe('ERR_API_1005');
    const cross = await request(t.app)
      .post('/api/newsletter/confirm?locale=de-de')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ token })
      .expect(403);
    expect(cross.body.code).toBe('ERR_API_1001');
    expect(await snapshot(email)).toEqual(before);

    expect((await sf({ token }).expect(200)).body.status).toBe('confirmed');
  });

  it('limits confirmations to 10 per IP address per 15 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) await sf({ token: unknownToken() }, 'de-de', ip).expect(410);
    const limited = await sf({ token: unknownToken() }, 'de-de', ip).expect(429);
    expect(limited.body.code).toBe('ERR_API_1028');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('page data: GET /ssr/newsletter/confirm', () => {
  it('is the same for every visitor of a market, noindex, in the language of the locale', async () => {
    const de = await request(t.app).get('/ssr/newsletter/confirm?locale=de-de').expect(200);
    expect(de.body).toMatchObject({
      pageType: 'newsletter-confirm',
      market: { locale: 'de-de', country: 'DE' },
      title: 'Ihr Newsletter-Abonnement',
      continueUrl: '/de-de/',
      meta: {
        robots: 'noindex, nofollow',
        canonical: 'http://localhost:3000/de-de/newsletter/confirm',
        alternates: [],
      },
    });
    expect(de.headers['cache-control']).toBe('public, max-age=60');
    const us = await request(t.app).get('/ssr/newsletter/confirm?locale=en-us').expect(200);
    expect(us.body).toMatchObject({ title: 'Your newsletter subscription', continueUrl: '/' });
    expect((await request(t.app).get('/ssr/newsletter/confirm?locale=de').expect(400)).body.code).toBe('ERR_API_1005');
    expect((await request(t.app).get('/ssr/newsletter/confirm?locale=de-de&token=abc').expect(400)).body.code).toBe(
      'ERR_API_1018',
    );
  });
});
