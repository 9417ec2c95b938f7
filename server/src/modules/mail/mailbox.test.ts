import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { enqueueMail } from './outbox.ts';
import { MAILBOX_LIMIT, mountMailbox } from './mailbox.ts';
import { escapeHtml } from './templates.ts';
import { latestMail, linkPath, mailsTo } from './testing.ts';

let t: TestApp;
let app: express.Express;
beforeAll(async () => {
  t = await startTestApp();
  app = express();
  // The storefront's security headers (server/src/app.ts): the pages must work under its CSP.
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  expect(mountMailbox(app, t.database.db, { config: loadConfig({ NODE_ENV: 'test', BRAND: 'bv' }) })).toBe(true);
});
afterAll(() => t.close());

const run = Math.random().toString(36).slice(2, 8);
const claire = `claire.${run}@example.org`;
const jun = `jun.${run}@example.org`;
const TOKEN = 'mb-t0ken';

beforeAll(async () => {
  const db = t.database.db;
  await enqueueMail(db, {
    to: claire,
    template: 'activation',
    locale: 'fr-fr',
    data: { activationUrl: `https://shop.example.org/fr-fr/activate?token=${TOKEN}&x=1`, firstName: '<i>Claire</i>' },
  });
  await enqueueMail(db, {
    to: claire,
    template: 'password-reset',
    locale: 'fr-fr',
    data: { resetUrl: `https://shop.example.org/fr-fr/reset?token=${TOKEN}` },
  });
  await enqueueMail(db, {
    to: jun,
    template: 'newsletter-confirm',
    locale: 'zh-tw',
    data: { confirmUrl: `https://shop.example.org/zh-tw/newsletter/confirm?token=${TOKEN}` },
  });
});

function expectDevPage(res: request.Response) {
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(res.headers['content-security-policy']).toContain("style-src 'self' https: 'unsafe-inline'");
}

describe('mountMailbox', () => {
  it('mounts only when the mailbox is on, and in production only when asked for explicitly', () => {
    const mounted = (env: Record<string, string>) =>
      mountMailbox(express(), t.database.db, { config: loadConfig(env) });
    expect(mounted({ NODE_ENV: 'development' })).toBe(true);
    expect(mounted({ NODE_ENV: 'test' })).toBe(true);
    expect(mounted({ NODE_ENV: 'development', MAILBOX: 'false' })).toBe(false);
    expect(mounted({ NODE_ENV: 'production' })).toBe(false);
    // The demo launcher (npm start) and the browser tests ask for it.
    expect(mounted({ NODE_ENV: 'production', MAILBOX: 'true' })).toBe(true);
  });
});

describe('GET /dev/mailbox', () => {
  it('lists the latest e-mails, newest first, without scripts', async () => {
    const res = await request(app)
      .get('/dev/mailbox')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    expectDevPage(res);
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.text).not.toMatch(/<script|\son\w+=/i);
    expect(res.text).not.toMatch(/<link|src=/i);
    // The newest of this file's e-mails (jun's) comes before claire's.
    expect(res.text.indexOf(jun)).toBeGreaterThan(-1);
    expect(res.text.indexOf(jun)).toBeLessThan(res.text.indexOf(claire));
    expect(res.text).toContain('請確認訂閱Bottega Veneta電子報');
    expect((res.text.match(/<tr><td>/g) ?? []).length).toBeLessThanOrEqual(MAILBOX_LIMIT);
  });

  it('filters by recipient, in any case', async () => {
    const res = await request(app).get('/dev/mailbox').query({ to: claire.toUpperCase() }).expect(200);
    expectDevPage(res);
    expect(res.text).not.toContain(jun);
    expect((res.text.match(/<tr><td>/g) ?? []).length).toBe(2);
    expect(res.text).toContain('Réinitialisation de votre mot de passe Bottega Veneta');
    expect(res.text).toContain('Activez votre compte Bottega Veneta');
    expect(res.text).toContain('fr-fr (fr)');
    expect(res.text).toContain(`value="${claire}"`);
    const none = await request(app)
      .get('/dev/mailbox')
      .query({ to: `nobody.${run}@example.org` })
      .expect(200);
    expect(none.text).toContain('No e-mail to this address yet.');
  });
});

describe('GET /dev/mailbox/:id', () => {
  it('shows the e-mail as sent, its subject, and its plain text below', async () => {
    const [activation] = (await mailsTo(t.database.db, claire)).filter((m) => m.template === 'activation');
    const res = await request(app)
      .get(`/dev/mailbox/${activation!.id}`)
      .expect(200)
      .expect('Content-Type', /text\/html/);
    expectDevPage(res);
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).toContain('<h1>Activez votre compte Bottega Veneta</h1>');
    // The e-mail itself, escaped: the link's & and the first name's markup.
    expect(res.text).toContain(`href="https://shop.example.org/fr-fr/activate?token=${TOKEN}&amp;x=1"`);
    expect(res.text).toContain('Bonjour &lt;i&gt;Claire&lt;/i&gt;,');
    expect(res.text).not.toContain('<i>Claire</i>');
    expect(res.text).toContain('<section class="mail" lang="fr">');
    // The plain text after the HTML.
    const pre = res.text.indexOf('<pre>');
    expect(pre).toBeGreaterThan(res.text.indexOf('<section class="mail"'));
    expect(res.text.slice(pre)).toContain(escapeHtml(`https://shop.example.org/fr-fr/activate?token=${TOKEN}&x=1`));
    expect(res.text).toContain('<dt>Status</dt><dd class="status-sent">sent</dd>');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectDevPage(await request(app).get('/dev/mailbox/999999999999').expect(404));
    await request(app).get('/dev/mailbox/abc').expect(404);
    await request(app).get('/dev/mailbox/1e3').expect(404);
  });
});

describe('GET /dev/mailbox/latest.json', () => {
  it('answers the newest e-mail to an address, with its links', async () => {
    const res = await request(app)
      .get('/dev/mailbox/latest.json')
      .query({ to: claire })
      .expect(200)
      .expect('Content-Type', /json/);
    expectDevPage(res);
    expect(res.body).toMatchObject({
      to: claire,
      subject: 'Réinitialisation de votre mot de passe Bottega Veneta',
      links: [`https://shop.example.org/fr-fr/reset?token=${TOKEN}`],
    });
    expect(typeof res.body.id).toBe('number');
    expect(res.body.text).toContain(`reset?token=${TOKEN}`);
    expect(res.body.html).toMatch(/^<!DOCTYPE html>/);
    expect(Date.parse(res.body.createdAt)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'html', 'id', 'links', 'subject', 'text', 'to']);
  });

  it('answers 404 as JSON when there is none', async () => {
    const res = await request(app)
      .get('/dev/mailbox/latest.json')
      .query({ to: `nobody.${run}@example.org` })
      .expect(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 404, code: 'ERR_API_1002', detail: 'No e-mail to this address.' });
  });
});

describe('test helpers', () => {
  it('latestMail delivers and renders the newest e-mail to an address, and linkPath makes its link followable', async () => {
    const to = `helper.${run}@example.org`;
    await enqueueMail(t.database.db, {
      to,
      template: 'welcome',
      locale: 'ko-kr',
      data: { signInUrl: 'https://shop.example.org/ko-kr/sign-in?from=mail' },
    });
    const mail = await latestMail(t.database.db, to.toUpperCase(), { brandName: 'Balenciaga' });
    expect(mail).toMatchObject({
      to,
      template: 'welcome',
      language: 'ko',
      status: 'sent',
      subject: 'Balenciaga에 오신 것을 환영합니다',
    });
    expect(mail.links).toEqual(['https://shop.example.org/ko-kr/sign-in?from=mail']);
    expect(linkPath(mail.links[0]!)).toBe('/ko-kr/sign-in?from=mail');
    await expect(latestMail(t.database.db, `nobody.${run}@example.org`)).rejects.toThrow('No e-mail to this address.');
  });
});
