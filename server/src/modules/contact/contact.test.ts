import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { TEST_RECAPTCHA_TOKEN } from '../../shared/recaptcha.ts';
import { hashToken } from '../sessions/index.ts';
import { startContactTestApp, type ContactTestApp } from '../registration/test-app.ts';
import { newReference, REFERENCE_PATTERN } from './index.ts';

let t: ContactTestApp;
beforeAll(async () => {
  t = await startContactTestApp();
});
afterAll(() => t.close());

// Each run writes its own addresses and counts its own IP addresses: the PostgreSQL database is shared.
const run = Math.random().toString(36).slice(2, 8);
const address = (name: string) => `${name}.${run}@example.org`;
let ipCounter = 0;
const nextIp = () => `10.${Math.floor(Math.random() * 200) + 1}.${++ipCounter}.${Math.floor(Math.random() * 250) + 1}`;

const body = (over: Record<string, unknown> = {}) => ({
  formType: 'contactUs',
  channel: 'email',
  topic: 'product',
  civility: 'MRS',
  firstName: 'Camille',
  lastName: 'Lefèvre',
  email: address('camille'),
  message: 'Bonjour, la veste existe-t-elle en 38 ?',
  recaptchaToken: TEST_RECAPTCHA_TOKEN,
  ...over,
});
const post = (
  payload: unknown,
  { locale = 'fr-fr', ip = nextIp(), cookie }: { locale?: string; ip?: string; cookie?: string } = {},
) => {
  const req = request(t.app)
    .post(`/api/data/contact/contact-us?locale=${locale}`)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('X-Forwarded-For', ip);
  if (cookie) req.set('Cookie', cookie);
  return req.send(payload as object);
};
const requests = (email: string) =>
  t.database.db.selectFrom('contact_requests').selectAll().where('email', '=', email).orderBy('id').execute();
const mails = (email: string) =>
  t.database.db
    .selectFrom('email_outbox')
    .select(['template', 'locale', 'data'])
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();

/** A signed-in session of a new customer (what sign-in leaves in the database), as its cookie. */
async function signedIn(): Promise<{ cookie: string; customerId: string }> {
  const customerId = randomUUID();
  await t.database.db
    .insertInto('customers')
    .values({
      id: customerId,
      client_id: `C${randomBytes(6).toString('hex')}`,
      user_id: `U${randomBytes(6).toString('hex')}`,
      email: address(`customer-${customerId.slice(0, 8)}`),
      password_hash: null,
      status: 'ACTIVE',
      civility: null,
      first_name: 'Claire',
      last_name: 'Martin',
      first_name_kana: null,
      last_name_kana: null,
      phone: null,
      birth_date: null,
      gender_preference: null,
      locale: 'fr-fr',
      country: 'FR',
      preferred_store_id: null,
      activation_sent_at: null,
      password_changed_at: null,
    })
    .execute();
  const token = randomBytes(16).toString('base64url');
  const now = new Date();
  await t.database.db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      expires_at: new Date(Date.now() + 86_400_000),
      customer_id: customerId,
      authenticated_at: now,
      auth_seen_at: now,
    })
    .execute();
  return { cookie: `sid=${token}`, customerId };
}

describe('references', () => {
  it('are CS-, the day and 6 letters or digits', () => {
    const ref = newReference(Date.parse('2026-11-21T09:27:03Z'));
    expect(ref).toMatch(REFERENCE_PATTERN);
    expect(ref.startsWith('CS-20261121-')).toBe(true);
    expect(new Set(Array.from({ length: 50 }, () => newReference(Date.now()))).size).toBe(50);
  });
});

describe('POST /api/data/contact/contact-us', () => {
  it('passes an e-mail request on, stores it with its reference and acknowledges it by e-mail', async () => {
    const email = address('Camille.Lefevre').replace('example.org', 'Example.org');
    const res = await post(body({ email })).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ channel: 'email', formType: 'contactUs', expectedAnswerWithinHours: 48 });
    expect(res.body.reference).toMatch(REFERENCE_PATTERN);
    expect(Date.parse(res.body.receivedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await requests(email.toLowerCase());
    expect(row).toMatchObject({ reference: res.body.reference, customer_id: null, locale: 'fr-fr' });
    expect(row?.data).toMatchObject({
      channel: 'email',
      topic: 'product',
      firstName: 'Camille',
      lastName: 'Lefèvre',
      phone: null,
      orderNumber: null,
      country: 'FR',
    });
    expect(await mails(email.toLowerCase())).toEqual([
      {
        template: 'contact-ack',
        locale: 'fr-fr',
        data: { reference: res.body.reference, subject: 'Un produit', firstName: 'Camille' },
      },
    ]);
  });

  it('takes a phone number for a call-back or a WhatsApp answer, and a guest’s order number as typed', async () => {
    const email = address('whatsapp');
    const res = await post(
      body({
        email,
        channel: 'whatsapp',
        topic: 'order',
        phone: '+33612345678',
        orderNumber: 'ysl-fr-00045871',
        firstName: '  Camille  ',
      }),
    ).expect(201);
    expect(res.body).toMatchObject({ channel: 'whatsapp', expectedAnswerWithinHours: 24 });
    const [row] = await requests(email);
    expect(row?.data).toMatchObject({ phone: '+33612345678', orderNumber: 'YSL-FR-00045871', firstName: 'Camille' });
    const call = await post(
      body({ email: address('call'), channel: 'phoneCall', phone: '+12129803030', topic: undefined }),
      { locale: 'en-us' },
    ).expect(201);
    expect(call.body.expectedAnswerWithinHours).toBe(24);
    expect((await mails(address('call')))[0]?.data).toMatchObject({ subject: 'Your message' });
  });

  it('refuses a call-back or WhatsApp answer without a phone number', async () => {
    for (const channel of ['phoneCall', 'whatsapp']) {
      const res = await post(body({ email: address(`nophone-${channel}`), channel })).expect(400);
      expect(res.body.code).toBe('ERR_API_1018');
      expect(JSON.stringify(res.body.errors)).toContain('phone');
    }
  });

  it('refuses form data the server-side rules refuse, naming each field (ERR_CTC_API_1000)', async () => {
    const typo = await post(body({ email: `x.${run}@gmail.con` })).expect(422);
    expect(typo.body).toMatchObject({ code: 'ERR_CTC_API_1000', errors: [{ path: 'body/email' }] });
    const invalid = await post(body({ email: `.x${run}@example.org` })).expect(422);
    expect(invalid.body).toMatchObject({ code: 'ERR_CTC_API_1000', errors: [{ path: 'body/email' }] });
    const phone = await post(body({ email: address('badphone'), channel: 'phoneCall', phone: '+3312345678' })).expect(
      422,
    );
    expect(phone.body).toMatchObject({
      code: 'ERR_CTC_API_1000',
      errors: [{ path: 'body/phone', message: 'is not a valid phone number for its country calling code' }],
    });
    // Japan's desk answers by e-mail and phone only.
    const channel = await post(body({ email: address('jp'), channel: 'whatsapp', phone: '+819012345678' }), {
      locale: 'ja-jp',
    }).expect(422);
    expect(channel.body).toMatchObject({
      code: 'ERR_CTC_API_1000',
      errors: [{ path: 'body/channel', message: 'is not offered in this market (ja-jp)' }],
    });
    const blank = await post(body({ email: address('blank'), message: '   ', firstName: "'-" })).expect(422);
    expect(blank.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['body/firstName', 'body/message']);
    for (const name of ['badphone', 'jp', 'blank']) expect(await requests(address(name))).toEqual([]);
  });

  it('refuses any order number of a signed-in customer until orders can be checked, and takes the rest', async () => {
    const { cookie, customerId } = await signedIn();
    const refused = await post(body({ email: address('signed'), orderNumber: 'YSL-FR-00045871' }), { cookie }).expect(
      422,
    );
    expect(refused.body).toMatchObject({
      code: 'ERR_CTC_API_1000',
      errors: [{ path: 'body/orderNumber', message: 'is not one of your orders' }],
    });
    await post(body({ email: address('signed') }), { cookie }).expect(201);
    expect(await requests(address('signed'))).toMatchObject([{ customer_id: customerId }]);
  });

  it('refuses a request outside the contract', async () => {
    const { recaptchaToken: _t, ...noToken } = body();
    expect((await post(noToken).expect(400)).body.code).toBe('ERR_RECAPTCHA_1000');
    expect((await post(body({ orderNumber: 'AB' })).expect(400)).body.code).toBe('ERR_CO_API_1000');
    expect((await post(body({ channel: 'fax' })).expect(400)).body.code).toBe('ERR_API_1018');
    expect((await post(body({ extra: 1 })).expect(400)).body.code).toBe('ERR_API_1018');
    expect((await post(body({ firstName: 'Camille2' })).expect(400)).body.code).toBe('ERR_API_1018');
    expect((await post(body(), { locale: 'fr' }).expect(400)).body.code).toBe('ERR_API_1005');
  });

  it('verifies the reCAPTCHA token first and refuses cross-site calls', async () => {
    const forged = await post(body({ email: `x${run}@gmal.com`, recaptchaToken: 'forged' })).expect(403);
    expect(forged.body.code).toBe('ERR_RECAPTCHA_1002');
    const cross = await request(t.app)
      .post('/api/data/contact/contact-us?locale=fr-fr')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(body({ email: address('cross') }))
      .expect(403);
    expect(cross.body.code).toBe('ERR_API_1001');
    expect(await requests(address('cross'))).toEqual([]);
  });

  it('limits messages to 3 per IP address per 10 minutes and 3 per address per hour', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) await post(body({ email: address(`ip${i}`) }), { ip }).expect(201);
    const limited = await post(body({ email: address('ip3') }), { ip }).expect(429);
    expect(limited.body.code).toBe('ERR_API_1028');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const email = address('often');
    for (let i = 0; i < 3; i++) await post(body({ email })).expect(201);
    expect((await post(body({ email })).expect(429)).body.code).toBe('ERR_API_1028');
    // A new hour, a new window.
    const later = t.contactAt(() => Date.now() + 3_600_000);
    const market = t.markets.resolve('fr-fr');
    await expect(later.send(body({ email }) as never, market, { ip: nextIp() })).resolves.toMatchObject({
      channel: 'email',
    });
  });
});

describe('GET /ssr/contact', () => {
  it('answers the form with its topics and the market’s channels, in the market’s language', async () => {
    const res = await request(t.app).get('/ssr/contact?locale=fr-fr').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body).toMatchObject({ pageType: 'contact', market: { locale: 'fr-fr', country: 'FR' } });
    expect(res.body.meta).toMatchObject({
      title: expect.stringContaining('Nous contacter'),
      canonical: 'http://localhost:3000/fr-fr/contact',
      robots: 'index, follow',
    });
    expect(res.body.meta.alternates).toEqual(
      expect.arrayContaining([
        { hreflang: 'x-default', href: 'http://localhost:3000/contact' },
        { hreflang: 'ja-jp', href: 'http://localhost:3000/ja-jp/contact' },
      ]),
    );
    expect(res.body.navigation.length).toBeGreaterThan(0);
    expect(res.body.form).toMatchObject({ formId: 'contactUs', channels: ['email', 'phoneCall', 'whatsapp', 'chat'] });
    expect(res.body.form.topics).toEqual([
      { value: 'order', label: 'Une commande' },
      { value: 'product', label: 'Un produit' },
      { value: 'returnExchange', label: 'Un retour ou un échange' },
      { value: 'account', label: 'Mon compte' },
      { value: 'boutique', label: 'Une boutique' },
      { value: 'other', label: 'Autre demande' },
    ]);
    expect(typeof res.body.form.recaptchaSiteKey).toBe('string');
    // The other channels: the desk's phone, chat and WhatsApp, not the form itself again.
    expect(res.body.contactChannels.map((c: { channel: string }) => c.channel)).toEqual([
      'phoneCall',
      'chat',
      'whatsapp',
    ]);
  });

  it('offers only the channels of the market’s desk', async () => {
    const ja = await request(t.app).get('/ssr/contact?locale=ja-jp').expect(200);
    expect(ja.body.form.channels).toEqual(['email', 'phoneCall']);
    expect(ja.body.form.topics[0]).toEqual({ value: 'order', label: 'ご注文について' });
    const us = await request(t.app).get('/ssr/contact?locale=en-us').expect(200);
    expect(us.body.meta.canonical).toBe('http://localhost:3000/contact');
    expect(us.body.form.channels).toEqual(['email', 'phoneCall', 'chat']);
  });

  it('refuses a malformed locale and undocumented parameters', async () => {
    expect((await request(t.app).get('/ssr/contact?locale=fr').expect(400)).body.code).toBe('ERR_API_1005');
    expect((await request(t.app).get('/ssr/contact?locale=fr-fr&x=1').expect(400)).body.code).toBe('ERR_API_1018');
  });
});
