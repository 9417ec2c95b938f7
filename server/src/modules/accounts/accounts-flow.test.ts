import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { lastMailData, linkParams, marketRequired } from './test-support.ts';

const TOKEN = 'test-recaptcha-token';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'velvet-lantern-harbour-42';

describe('account life cycle through the storefront API', () => {
  it('registers, activates, signs in, edits the address book, changes the password and signs out', async () => {
    const browser = agent(t.app);
    const email = `claire.${Date.now()}@example.fr`;
    const reg = await browser.post('/api/register?locale=fr-fr').send({
      ...(await marketRequired(t.app, 'fr-fr')),
      emailAddress: email,
      password: PASSWORD,
      firstName: 'Claire',
      lastName: 'Dubois',
      civility: 'MS',
      recaptchaToken: TOKEN,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(204);

    // Not active yet: the sign-in is refused like a wrong password.
    const early = await browser
      .post('/api/auth/login?locale=fr-fr')
      .send({ email, password: PASSWORD, recaptchaToken: TOKEN });
    expect(early.status).toBe(401);
    expect(early.body.code).toBe('ERR_OKTA_1000');

    const mail = await lastMailData(t.database.db, email, 'activation');
    const link = linkParams(mail?.activationUrl);
    const activate = await browser
      .post('/api/account/activate?locale=fr-fr')
      .send({ userId: link.get('userId'), activationToken: link.get('token') });
    expect(activate.status, JSON.stringify(activate.body)).toBe(204);

    const login = await browser
      .post('/api/auth/login?locale=fr-fr')
      .send({ email, password: PASSWORD, recaptchaToken: TOKEN });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.customerAuthenticated).toBe(true);
    expect(login.body.isEmployee).toBe(false);
    expect(login.body.emailSha256).toMatch(/^[0-9a-f]{64}$/);

    const me = await browser.get('/api/data/customer?locale=fr-fr');
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.emailAddress).toBe(email);
    expect(me.body.addresses).toEqual([]);

    const address = {
      firstName: 'Claire',
      lastName: 'Dubois',
      addressLine1: '12 rue de Rivoli',
      city: 'Paris',
      country: 'FR',
      postalCode: '7500',
      isDefault: true,
    };
    const bad = await browser
      .post('/api/data/cdb/update-customer?locale=fr-fr')
      .send({ clientId: me.body.clientId, addresses: [address] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toContain('body/addresses/0/postalCode');
    const good = await browser
      .post('/api/data/cdb/update-customer?locale=fr-fr')
      .send({ clientId: me.body.clientId, addresses: [{ ...address, postalCode: '75001' }] });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.addresses).toHaveLength(1);
    expect(good.body.addresses[0].id).toMatch(/^addr-/);

    const change = await browser
      .post('/api/password/change?locale=fr-fr')
      .send({ currentPassword: PASSWORD, newPassword: 'quiet-orchard-lamplight-77' });
    expect(change.status, JSON.stringify(change.body)).toBe(204);

    const session = await browser.post('/api/data/session?locale=fr-fr').send();
    expect(session.status).toBe(200);
    expect(session.body.customerAuthenticated).toBe(true);

    const out = await browser.get('/customer-service/v1/logout');
    expect(out.status).toBe(204);
    const after = await browser.get('/api/data/customer?locale=fr-fr');
    expect(after.status).toBe(401);
  });
});
