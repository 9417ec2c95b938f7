import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { CONSENTS, consentIdsOf } from './index.ts';
import { CUSTOMER_SERVICE_BASE, startContactTestApp, type ContactTestApp } from './test-app.ts';

let t: ContactTestApp;
beforeAll(async () => {
  t = await startContactTestApp();
});
afterAll(() => t.close());

const names = (locale: string) => t.registration.form(locale).fields.map((f) => f.name);
const field = (locale: string, name: string) => t.registration.form(locale).fields.find((f) => f.name === name);

describe('registration form of each market', () => {
  it('lists the fields in display order with the market rules (United States)', () => {
    const form = t.registration.form('en-us');
    expect(form).toMatchObject({ locale: 'en-us', country: 'US' });
    expect(names('en-us')).toEqual([
      'civility',
      'firstName',
      'lastName',
      'emailAddress',
      'password',
      'phone',
      'birthDate',
      'country',
    ]);
    expect(field('en-us', 'civility')).toMatchObject({ type: 'select', required: false, label: 'Title' });
    expect(field('en-us', 'civility')?.options?.map((o) => o.label)).toEqual(['Mr.', 'Mrs.', 'Ms.', 'Mx.']);
    expect(field('en-us', 'birthDate')).toMatchObject({ type: 'date', required: false, dateFormat: 'MM/dd/yyyy' });
    expect(field('en-us', 'phone')).toMatchObject({ type: 'tel', required: false, maxLength: 16 });
    expect(field('en-us', 'country')).toMatchObject({
      required: true,
      options: [{ value: 'US', label: 'United States' }],
    });
    expect(field('en-gb', 'civility')?.options?.map((o) => o.label)).toEqual(['Mr', 'Mrs', 'Ms', 'Mx']);
  });

  it('asks katakana names and a phone number in Japan, family name first in Japanese', () => {
    expect(names('ja-jp')).toEqual([
      'civility',
      'lastName',
      'firstName',
      'lastNameKana',
      'firstNameKana',
      'emailAddress',
      'password',
      'phone',
      'birthDate',
      'country',
    ]);
    expect(field('ja-jp', 'lastNameKana')).toMatchObject({ required: true, label: 'セイ（カナ）', maxLength: 50 });
    expect(field('ja-jp', 'phone')).toMatchObject({ required: true, label: '電話番号' });
    expect(field('ja-jp', 'birthDate')?.dateFormat).toBe('yyyy/MM/dd');
    expect(field('ja-jp', 'country')?.options).toEqual([{ value: 'JP', label: '日本' }]);
    // English in Japan: the Japanese market's rules, in English and English order.
    expect(names('en-jp')).toEqual([
      'civility',
      'firstName',
      'lastName',
      'firstNameKana',
      'lastNameKana',
      'emailAddress',
      'password',
      'phone',
      'birthDate',
      'country',
    ]);
    expect(field('en-jp', 'firstNameKana')).toMatchObject({ required: true, label: 'First name (katakana)' });
    expect(names('fr-fr')).not.toContain('firstNameKana');
  });

  it('writes dates as spec §9 says and requires the civility where the market does', () => {
    expect(field('ko-kr', 'birthDate')?.dateFormat).toBe('yyyy/MM/dd');
    expect(field('en-ca', 'birthDate')?.dateFormat).toBe('yyyy/MM/dd');
    expect(field('fr-ca', 'birthDate')?.dateFormat).toBe('yyyy/MM/dd');
    expect(field('fr-fr', 'birthDate')?.dateFormat).toBe('dd/MM/yyyy');
    expect(field('en-gb', 'birthDate')?.dateFormat).toBe('dd/MM/yyyy');
    expect(field('fr-fr', 'civility')).toMatchObject({ required: true, label: 'Civilité' });
    expect(field('de-de', 'civility')?.options?.map((o) => o.value)).toEqual(['MR', 'MRS', 'MX']);
    expect(field('zh-tw', 'emailAddress')?.label).toBe('電子郵件地址');
    expect(field('zh-sg', 'emailAddress')?.label).toBe('电子邮箱');
  });

  it('falls back to the US market for an unknown country and to the country default for another language', () => {
    expect(t.registration.form('en-zz')).toMatchObject({ locale: 'en-us', country: 'US' });
    expect(t.registration.form('ko-fr')).toMatchObject({ locale: 'fr-fr', country: 'FR' });
  });

  it('has the consent texts of each market in its language, with versions and links', () => {
    const fr = t.registration.consents('fr-fr');
    expect(fr.consents.map((c) => c.id)).toEqual(['privacy_notice', 'terms_of_use', 'marketing_email', 'profiling']);
    expect(fr.consents[0]).toMatchObject({
      kind: 'privacyNotice',
      required: true,
      version: '2026-03',
      links: [{ label: 'Politique de confidentialité', href: '/fr-fr/legal/privacy-policy' }],
    });
    expect(fr.consents[1]?.links?.[0]?.href).toBe('/fr-fr/legal/terms-and-conditions');
    expect(t.registration.consents('en-us').consents.map((c) => c.id)).toEqual([
      'privacy_notice',
      'terms_of_use',
      'marketing_email',
      'marketing_sms',
    ]);
    expect(t.registration.consents('en-us').consents[0]?.text).toContain('\n\nCalifornia residents');
    expect(t.registration.consents('ja-jp').consents.map((c) => c.id)).toEqual([
      'privacy_notice',
      'terms_of_use',
      'marketing_email',
    ]);
    // Double opt-in markets say the subscription is confirmed by e-mail.
    for (const locale of ['de-de', 'de-at', 'fr-ch']) {
      expect(t.registration.doubleOptIn(locale)).toBe(true);
      expect(
        t.registration
          .consents(locale)
          .consents.find((c) => c.id === 'marketing_email')
          ?.text.split('\n\n'),
      ).toHaveLength(2);
    }
    expect(t.registration.doubleOptIn('fr-fr')).toBe(false);
  });

  it('answers every locale of every market with complete texts', () => {
    for (const country of t.markets.countries()) {
      for (const locale of country.locales) {
        const form = t.registration.form(locale);
        for (const f of form.fields) {
          expect(f.label.length, `${locale} ${f.name}`).toBeGreaterThan(0);
          expect(f.label.length).toBeLessThanOrEqual(80);
          for (const o of f.options ?? []) expect(o.label, `${locale} ${f.name} ${o.value}`).not.toBe('');
        }
        for (const c of form.consents) {
          expect(c.version).toMatch(/^[0-9]{4}-[0-9]{2}(?:\.[0-9]{1,3})?$/);
          expect(c.label && c.text, `${locale} ${c.id}`).toBeTruthy();
          for (const l of c.links ?? []) expect(l.href).toMatch(/^\/[a-z]{2}-[a-z]{2}\//);
        }
        expect(form.consents.map((c) => c.id)).toEqual(consentIdsOf(form.country));
      }
    }
  });
});

describe('consent and required-field checks', () => {
  const v = CONSENTS.privacy_notice.version;

  it('reports unknown and stale consents (ERR_API_1018 issues)', () => {
    expect(
      t.registration.checkConsents(
        [
          { id: 'privacy_notice', granted: true, version: v },
          { id: 'profiling', granted: false, version: v },
        ],
        'fr-fr',
      ),
    ).toEqual([]);
    expect(t.registration.checkConsents([{ id: 'marketing_sms', granted: true, version: v }], 'fr-fr')).toEqual([
      { path: 'body/consents/0/id', message: 'is not a consent of this market (fr-fr)' },
    ]);
    expect(
      t.registration.checkConsents(
        [
          { id: 'privacy_notice', granted: true, version: v },
          { id: 'terms_of_use', granted: true, version: '2025-09' },
        ],
        'ja-jp',
        'body/x',
      ),
    ).toEqual([
      {
        path: 'body/x/1/version',
        message: `is not the current version of terms_of_use (${CONSENTS.terms_of_use.version})`,
      },
    ]);
  });

  it('reports the fields and consents a market requires but the body lacks (ERR_FORM_1000 issues)', () => {
    const consents = [
      { id: 'privacy_notice', granted: true, version: v },
      { id: 'terms_of_use', granted: true, version: v },
    ];
    const body = {
      emailAddress: 'hanako@example.jp',
      password: 'a long enough pass',
      firstName: '花子',
      lastName: '山田',
      consents,
    };
    expect(t.registration.missingRequired(body, 'ja-jp').map((i) => i.path)).toEqual([
      'body/lastNameKana',
      'body/firstNameKana',
      'body/phone',
    ]);
    expect(
      t.registration.missingRequired(
        { ...body, lastNameKana: 'ヤマダ', firstNameKana: ' ', phone: '+819012345678' },
        'ja-jp',
      ),
    ).toEqual([{ path: 'body/firstNameKana', message: 'is required in this market (ja-jp)' }]);
    // The country comes from the locale when absent; the US asks no civility, France does.
    expect(t.registration.missingRequired(body, 'en-us')).toEqual([]);
    expect(t.registration.missingRequired(body, 'fr-fr').map((i) => i.path)).toEqual(['body/civility']);
    expect(
      t.registration.missingRequired({ ...body, consents: [{ ...consents[0], granted: false }] }, 'en-us'),
    ).toEqual([
      { path: 'body/consents/0/granted', message: 'must be true: privacy_notice is required in this market (en-us)' },
      { path: 'body/consents', message: 'must include terms_of_use, required in this market (en-us)' },
    ]);
  });
});

describe('customer service: GET /fields, /consent, /fields-and-consent', () => {
  it('answers the registration form of the market, cacheable for 5 minutes', async () => {
    for (const [path, expected] of [
      ['/fields', t.registration.fields('ja-jp')],
      ['/consent', t.registration.consents('ja-jp')],
      ['/fields-and-consent', t.registration.form('ja-jp')],
    ] as const) {
      const res = await request(t.app).get(`${CUSTOMER_SERVICE_BASE}${path}?locale=ja-jp`).expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.body).toEqual(expected);
    }
  });

  it('refuses a malformed locale, a missing one and undocumented parameters', async () => {
    expect((await request(t.app).get(`${CUSTOMER_SERVICE_BASE}/fields?locale=fr`).expect(400)).body.code).toBe(
      'ERR_API_1005',
    );
    expect((await request(t.app).get(`${CUSTOMER_SERVICE_BASE}/consent`).expect(400)).body.code).toBe('ERR_API_1005');
    expect(
      (await request(t.app).get(`${CUSTOMER_SERVICE_BASE}/fields-and-consent?locale=fr-fr&x=1`).expect(400)).body.code,
    ).toBe('ERR_API_1018');
  });
});

describe('storefront: GET /api/register/get-data', () => {
  it('answers the form of the market through the customer service, cacheable for 10 minutes', async () => {
    const res = await request(t.app).get('/api/register/get-data?locale=fr-fr').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(res.body).toMatchObject({ locale: 'fr-fr', country: 'FR' });
    const fieldNames = (res.body.fields as { name: string }[]).map((f) => f.name);
    expect(fieldNames).toEqual([
      'civility',
      'firstName',
      'lastName',
      'emailAddress',
      'password',
      'phone',
      'birthDate',
      'genderPreference',
    ]);
    expect(res.body.fields[7]).toEqual({
      name: 'genderPreference',
      type: 'select',
      required: false,
      label: 'Je m’intéresse surtout à',
      options: [
        { value: 'D', label: 'Femme' },
        { value: 'U', label: 'Homme' },
      ],
    });
    expect(res.body.consents[0]).toEqual({
      id: 'privacy_notice',
      version: CONSENTS.privacy_notice.version,
      required: true,
      label: 'J’ai pris connaissance de la Politique de confidentialité.',
      linkHref: '/fr-fr/legal/privacy-policy',
    });
    expect(res.body.consents.map((c: { id: string }) => c.id)).toEqual([
      'privacy_notice',
      'terms_of_use',
      'marketing_email',
      'profiling',
    ]);
  });

  it('answers the Japanese rules and the default market', async () => {
    const ja = await request(t.app).get('/api/register/get-data?locale=ja-jp').expect(200);
    expect(
      ja.body.fields.filter((f: { required: boolean }) => f.required).map((f: { name: string }) => f.name),
    ).toEqual(['lastName', 'firstName', 'lastNameKana', 'firstNameKana', 'emailAddress', 'password', 'phone']);
    const zz = await request(t.app).get('/api/register/get-data?locale=en-zz').expect(200);
    expect(zz.body).toMatchObject({ locale: 'en-us', country: 'US' });
  });

  it('refuses a malformed locale and undocumented parameters', async () => {
    expect((await request(t.app).get('/api/register/get-data?locale=FR').expect(400)).body.code).toBe('ERR_API_1005');
    expect((await request(t.app).get('/api/register/get-data?locale=fr-fr&debug=1').expect(400)).body.code).toBe(
      'ERR_API_1018',
    );
  });
});
