import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { AppError } from '../../shared/errors.ts';
import { TEST_RECAPTCHA_TOKEN } from '../../shared/recaptcha.ts';
import { CONSENTS } from '../registration/index.ts';
import { CUSTOMER_SERVICE_BASE, startContactTestApp, type ContactTestApp } from '../registration/test-app.ts';
import { toStorefrontError } from './routes.ts';

let t: ContactTestApp;
beforeAll(async () => {
  t = await startContactTestApp();
});
afterAll(() => t.close());

// Each run writes its own addresses and counts its own IP addresses: the PostgreSQL database is shared.
const run = Math.random().toString(36).slice(2, 8);
const address = (name: string) => `${name}.${run}@example.org`;
let ipCounter = 0;
const nextIp = () => `10.${Math.floor(Math.random() * 200)}.${++ipCounter}.${Math.floor(Math.random() * 250) + 1}`;
const VERSION = CONSENTS.marketing_email.version;
const marketing = [{ id: 'marketing_email', granted: true, version: VERSION }];

const csBody = (over: Record<string, unknown> = {}) => ({
  email: address('claire'),
  civility: 'MS',
  locale: 'fr-fr',
  country: 'FR',
  consents: marketing,
  recaptchaToken: TEST_RECAPTCHA_TOKEN,
  ...over,
});
const sfBody = (over: Record<string, unknown> = {}) => ({
  email: address('julien'),
  civility: 'MR',
  consents: marketing,
  recaptchaToken: TEST_RECAPTCHA_TOKEN,
  ...over,
});
const cs = (payload: unknown, ip = nextIp()) =>
  request(t.app)
    .post(`${CUSTOMER_SERVICE_BASE}/subscription`)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('X-Forwarded-For', ip)
    .send(payload as object);
const sf = (payload: unknown, locale = 'fr-fr', ip = nextIp()) =>
  request(t.app)
    .post(`/api/newsletter/subscribe?locale=${locale}`)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('X-Forwarded-For', ip)
    .send(payload as object);

const mails = (email: string) =>
  t.database.db
    .selectFrom('email_outbox')
    .select(['template', 'locale', 'data', 'created_at'])
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();
const subscription = (email: string, country: string) =>
  t.database.db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('email', '=', email)
    .where('country', '=', country)
    .executeTakeFirst();
const tokenOf = (mail: { data: unknown }) =>
  /#token=([\w-]+)$/.exec((mail.data as { confirmUrl: string }).confirmUrl)?.[1] ?? '';

describe('customer service: POST /subscription', () => {
  it('subscribes a new address with a welcome e-mail, and answers the same without a second e-mail when subscribed again', async () => {
    const email = address('camille');
    const first = await cs(csBody({ email, source: 'newsletter-modal' })).expect(204);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(await subscription(email, 'FR')).toMatchObject({
      status: 'subscribed',
      civility: 'MS',
      locale: 'fr-fr',
      source: 'newsletter-modal',
      confirm_token_hash: null,
    });
    expect(await mails(email)).toMatchObject([{ template: 'newsletter-welcome', locale: 'fr-fr', data: {} }]);

    // No enumeration: the same answer; the new answers replace the earlier ones, no second e-mail.
    const again = await cs(
      csBody({
        email,
        civility: 'MRS',
        consents: [...marketing, { id: 'profiling', granted: true, version: CONSENTS.profiling.version }],
      }),
    ).expect(204);
    expect(again.text).toBe(first.text);
    const row = await subscription(email, 'FR');
    expect(row).toMatchObject({ status: 'subscribed', civility: 'MRS', source: 'footer' });
    expect((row?.consents as { id: string }[]).map((c) => c.id).sort()).toEqual(['marketing_email', 'profiling']);
    expect(await mails(email)).toHaveLength(1);
  });

  it('asks a confirmation first in the double opt-in markets, and welcomes once confirmed', async () => {
    const email = address('lena');
    await cs(csBody({ email, locale: 'de-de', country: 'DE', civility: 'MRS' })).expect(204);
    const row = await subscription(email, 'DE');
    expect(row).toMatchObject({ status: 'pending', locale: 'de-de' });
    expect(row?.confirm_token_hash).toBeTruthy();
    const [confirm] = await mails(email);
    expect(confirm).toMatchObject({ template: 'newsletter-confirm', locale: 'de-de' });
    expect((confirm?.data as { confirmUrl: string }).confirmUrl).toMatch(
      /^http:\/\/localhost:3000\/de-de\/newsletter\/confirm#token=[\w-]{43}$/,
    );
    // The digest only is stored.
    expect(row?.confirm_token_hash).not.toBe(tokenOf(confirm!));

    // Within 24 hours, asking again sends nothing.
    await cs(csBody({ email, locale: 'de-de', country: 'DE', civility: 'MRS' })).expect(204);
    expect(await mails(email)).toHaveLength(1);

    const newsletter = t.newsletterAt(Date.now);
    expect(await newsletter.confirm(tokenOf(confirm!), { ip: nextIp() })).toBe('confirmed');
    expect(await subscription(email, 'DE')).toMatchObject({ status: 'subscribed', confirm_token_expires_at: null });
    expect((await mails(email)).map((m) => m.template)).toEqual(['newsletter-confirm', 'newsletter-welcome']);
    // The same link again: harmless, no second welcome.
    expect(await newsletter.confirm(tokenOf(confirm!), { ip: nextIp() })).toBe('alreadyConfirmed');
    expect(await mails(email)).toHaveLength(2);
  });

  it('sends a new confirmation after 24 hours, which supersedes the first link', async () => {
    const email = address('hans');
    await cs(csBody({ email, locale: 'de-at', country: 'AT', civility: 'MR' })).expect(204);
    const [first] = await mails(email);
    const later = t.newsletterAt(() => Date.now() + 25 * 3600_000);
    await later.subscribe(csBody({ email, locale: 'de-at', country: 'AT', civility: 'MR' }) as never, { ip: nextIp() });
    const sent = await mails(email);
    expect(sent.map((m) => m.template)).toEqual(['newsletter-confirm', 'newsletter-confirm']);
    await expect(later.confirm(tokenOf(first!), { ip: nextIp() })).rejects.toMatchObject({ code: 'ERR_NWS_API_1003' });
    expect(await later.confirm(tokenOf(sent[1]!), { ip: nextIp() })).toBe('confirmed');
  });

  it('sends no second newsletter e-mail within 24 hours, even for another market', async () => {
    const email = address('marie');
    await cs(csBody({ email })).expect(204);
    await cs(csBody({ email, locale: 'fr-be', country: 'BE' })).expect(204);
    expect(await subscription(email, 'BE')).toMatchObject({ status: 'subscribed' });
    expect(await mails(email)).toHaveLength(1);
  });

  it('verifies the reCAPTCHA token before anything else', async () => {
    const email = `${run}@gmal.com`;
    const forged = await cs(csBody({ email, recaptchaToken: 'forged' })).expect(403);
    expect(forged.body.code).toBe('ERR_RECAPTCHA_1002');
    const { recaptchaToken: _t, ...noToken } = csBody();
    expect((await cs(noToken).expect(400)).body.code).toBe('ERR_RECAPTCHA_1000');
    expect(await mails(email)).toEqual([]);
  });

  it('refuses a mistyped or invalid address, naming the field', async () => {
    const typo = await cs(csBody({ email: `x.${run}@gmail.con` })).expect(422);
    expect(typo.body).toMatchObject({ code: 'ERR_FORM_1002', errors: [{ path: 'body/email' }] });
    const invalid = await cs(csBody({ email: `.x${run}@example.org` })).expect(422);
    expect(invalid.body).toMatchObject({ code: 'ERR_FORM_1001', errors: [{ path: 'body/email' }] });
    // The customer service takes lower-case addresses only (the storefront lower-cases them).
    expect((await cs(csBody({ email: address('Upper') })).expect(400)).body.code).toBe('ERR_API_1018');
  });

  it('refuses another country than the locale’s, and unknown or stale consents', async () => {
    const wrong = await cs(csBody({ email: address('pays'), country: 'BE' })).expect(400);
    expect(wrong.body).toMatchObject({
      code: 'ERR_API_1018',
      errors: [{ path: 'body/country', message: 'must be the country of the locale (FR)' }],
    });
    const stale = await cs(
      csBody({ email: address('stale'), consents: [{ id: 'marketing_email', granted: true, version: '2025-01' }] }),
    ).expect(400);
    expect(stale.body).toMatchObject({ code: 'ERR_API_1018', errors: [{ path: 'body/consents/0/version' }] });
    const sms = await cs(
      csBody({
        email: address('sms'),
        consents: [...marketing, { id: 'marketing_sms', granted: true, version: VERSION }],
      }),
    ).expect(400);
    expect(sms.body).toMatchObject({ code: 'ERR_API_1018', errors: [{ path: 'body/consents/1/id' }] });
    const twice = await cs(csBody({ email: address('twice'), consents: [...marketing, ...marketing] })).expect(400);
    expect(twice.body.code).toBe('ERR_API_1018');
    const refused = await cs(
      csBody({ email: address('refused'), consents: [{ id: 'marketing_email', granted: false, version: VERSION }] }),
    ).expect(400);
    expect(refused.body.code).toBe('ERR_API_1018');
    for (const name of ['pays', 'stale', 'sms', 'twice', 'refused']) expect(await mails(address(name))).toEqual([]);
  });

  it('limits subscriptions to 3 per address per day and 10 per IP address per hour', async () => {
    const email = address('often');
    for (let i = 0; i < 3; i++) await cs(csBody({ email })).expect(204);
    const limited = await cs(csBody({ email })).expect(429);
    expect(limited.body.code).toBe('ERR_API_1028');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const ip = nextIp();
    for (let i = 0; i < 10; i++) await cs(csBody({ email: address(`ip${i}`) }), ip).expect(204);
    expect((await cs(csBody({ email: address('ip10') }), ip).expect(429)).body.code).toBe('ERR_API_1028');
  });

  it('refuses cross-site calls', async () => {
    const res = await request(t.app)
      .post(`${CUSTOMER_SERVICE_BASE}/subscription`)
      .set('Sec-Fetch-Site', 'cross-site')
      .send(csBody({ email: address('cross') }))
      .expect(403);
    expect(res.body.code).toBe('ERR_API_1001');
  });
});

describe('storefront: POST /api/newsletter/subscribe', () => {
  it('subscribes through the customer service, in the market of the locale, the address lower-cased', async () => {
    const email = address('Julien.Bernard').replace('example.org', 'Example.ORG');
    const res = await sf(sfBody({ email, firstName: 'Julien', lastName: 'Bernard', genderPreference: 'U' })).expect(
      204,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await subscription(email.toLowerCase(), 'FR')).toMatchObject({
      status: 'subscribed',
      civility: 'MR',
      locale: 'fr-fr',
      source: 'footer',
    });
    expect(await mails(email.toLowerCase())).toMatchObject([{ template: 'newsletter-welcome' }]);
    // Same answer for an address already subscribed.
    await sf(sfBody({ email: email.toLowerCase() })).expect(204);

    const de = address('sf.de');
    await sf(sfBody({ email: de, source: 'newsletter-modal' }), 'de-de').expect(204);
    expect(await subscription(de, 'DE')).toMatchObject({ status: 'pending', source: 'newsletter-modal' });
    expect(await mails(de)).toMatchObject([{ template: 'newsletter-confirm', locale: 'de-de' }]);
  });

  it('answers the newsletter codes of the storefront contract', async () => {
    const { civility: _c, ...noCivility } = sfBody();
    expect((await sf(noCivility).expect(400)).body).toMatchObject({
      code: 'ERR_NWS_API_1000',
      errors: [{ path: 'body/civility' }],
    });
    expect((await sf(sfBody({ email: 'not-an-address' })).expect(400)).body.code).toBe('ERR_NWS_API_1000');
    // The customer service's further address check is a malformed address here.
    expect((await sf(sfBody({ email: `.x${run}@example.org` })).expect(400)).body).toMatchObject({
      code: 'ERR_NWS_API_1000',
      errors: [{ path: 'body/email' }],
    });
    expect((await sf(sfBody({ email: `x${run}@hotmai.fr` })).expect(422)).body).toMatchObject({
      code: 'ERR_FORM_1002',
      errors: [{ path: 'body/email' }],
    });
    expect((await sf(sfBody({ email: address('robot'), recaptchaToken: 'forged' })).expect(403)).body.code).toBe(
      'ERR_RECAPTCHA_1002',
    );
    const stale = await sf(
      sfBody({ email: address('sf.stale'), consents: [{ id: 'marketing_email', granted: true, version: '2020-01' }] }),
    ).expect(400);
    expect(stale.body).toMatchObject({ code: 'ERR_API_1018', errors: [{ path: 'body/consents/0/version' }] });
    expect((await sf(sfBody(), 'fr').expect(400)).body.code).toBe('ERR_API_1005');
    const cross = await request(t.app)
      .post('/api/newsletter/subscribe?locale=fr-fr')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(sfBody())
      .expect(403);
    expect(cross.body.code).toBe('ERR_API_1001');
    for (const name of ['robot', 'sf.stale']) expect(await mails(address(name))).toEqual([]);
  });

  it('limits subscriptions to 5 per IP address per 10 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) await sf(sfBody({ email: address(`sf.ip${i}`) }), 'fr-fr', ip).expect(204);
    const limited = await sf(sfBody({ email: address('sf.ip5') }), 'fr-fr', ip).expect(429);
    expect(limited.body.code).toBe('ERR_API_1028');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('maps failures of the customer service to the newsletter code', () => {
    const down = toStorefrontError(new AppError('ERR_API_1015')) as AppError;
    expect(down.code).toBe('ERR_NWS_API_1002');
    expect((toStorefrontError(new AppError('ERR_API_1000')) as AppError).code).toBe('ERR_NWS_API_1002');
    expect((toStorefrontError(new AppError('ERR_RECAPTCHA_1004')) as AppError).code).toBe('ERR_RECAPTCHA_1004');
    expect((toStorefrontError(new AppError('ERR_RECAPTCHA_1003')) as AppError).code).toBe('ERR_RECAPTCHA_1003');
    expect((toStorefrontError(new AppError('ERR_API_1028')) as AppError).code).toBe('ERR_API_1028');
  });
});
