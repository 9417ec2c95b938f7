// User text carrying the replacement patterns of String.prototype.replace (`$&`, `` $` ``, `$'`, `$1`,
// `$$`, `$<n>`) is shown as typed on every page that echoes it, and in e-mails: it never copies the page
// template into itself (a 75 MB page from one search URL, then an out-of-memory crash) nor breaks the
// bootstrap script (a page that no longer hydrates).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { agent, startTestApp, type TestApp } from '../test/harness.ts';
import { insertCustomer, newIp, signIn } from '../modules/accounts/test-support.ts';
import { renderStored } from '../modules/mail/templates.ts';
import { renderDocument } from './document.ts';

const PATTERNS = ['$`', "$'", '$&', '$1', '$$', '$<n>'] as const;
/** Twenty copies: enough to multiply a page by twenty if any of them were read as a pattern. */
const hostile = (p: string) => `x${p.repeat(20)}y`;
/**
 * A page echoing the query is larger than a plain one (the query stands a dozen times, escaped, and the results
 * differ), far from the twenty copies of the template a pattern read as such would insert.
 */
const SIZE_MARGIN = 3;

let app: Express;
let t: TestApp | undefined;
beforeAll(async () => {
  t = await startTestApp({ VITE_DEV: 'true' }, { pages: true });
  app = t.app;
}, 120_000);
afterAll(() => t?.close());

const html = (path: string) => request(app).get(path).set('Accept', 'text/html');
/** The bootstrap state of a page, parsed: it must stay one valid JSON value. */
function bootstrapOf(page: string): unknown {
  const m = /<script type="application\/json" id="sf-bootstrap">(.*?)<\/script>/s.exec(page);
  expect(m, 'bootstrap script').toBeTruthy();
  return JSON.parse(m?.[1] ?? 'null');
}
const decode = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e] ?? _m,
  );

describe('the document template takes page text literally', () => {
  it.each(PATTERNS)('%s in the app HTML, the head and the bootstrap', (p) => {
    const template =
      '<html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';
    const text = hostile(p);
    const out = renderDocument(template, {
      appHtml: `<p>${text}</p>`,
      bootstrap: { q: text },
      data: {
        pageType: 'search',
        market: { locale: 'fr-fr', language: 'fr' },
        meta: {
          title: text,
          description: text,
          canonical: 'https://s/fr-fr/search',
          robots: 'noindex, follow',
          alternates: [],
        },
      },
    });
    expect(out).toContain(`<p>${text}</p>`);
    expect(out.split('<html').length).toBe(2);
    expect((bootstrapOf(out) as { q: string }).q).toBe(text);
    // Six places, HTML-escaped (an apostrophe is five characters): far below twenty copies of the template.
    expect(out.length).toBeLessThan(template.length + 40 * text.length);
  });
});

describe('pages that echo user text', () => {
  let plainSize = 0;
  beforeAll(async () => {
    plainSize = (await html('/fr-fr/search?q=xy').expect(200)).text.length;
  });

  it.each(PATTERNS)(
    'search page with %s in q: the query as typed, the page its usual size, the bootstrap whole',
    async (p) => {
      const q = hostile(p);
      const res = await html(`/fr-fr/search?q=${encodeURIComponent(q)}`).expect(200);
      expect(res.text.length).toBeLessThan(plainSize * SIZE_MARGIN);
      expect(res.text.split('<!doctype html>').length).toBeLessThanOrEqual(2);
      expect(decode(res.text)).toContain(q);
      expect(JSON.stringify(bootstrapOf(res.text))).toContain(JSON.stringify(q).slice(1, -1));
    },
  );

  it('address book page with every pattern in an address line', async () => {
    const customer = await insertCustomer(t!.database.db);
    const b = agent(app).set('X-Forwarded-For', newIp());
    await signIn(b, customer);
    const line = PATTERNS.join(' ');
    const saved = await b.post('/api/data/cdb/update-customer?locale=fr-fr').send({
      clientId: customer.clientId,
      addresses: [
        {
          firstName: 'Camille',
          lastName: 'Lefevre',
          addressLine1: line,
          city: 'Paris',
          country: 'FR',
          postalCode: '75001',
          isDefault: true,
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const res = await b.get('/fr-fr/myaccount/address-book').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(decode(res.text)).toContain(line);
    expect(res.text.split('<!--app-html-->').length).toBe(1);
    expect(res.text.length).toBeLessThan(plainSize * SIZE_MARGIN);
    expect(JSON.stringify(bootstrapOf(res.text))).toContain(line.replace(/\\/g, '\\\\'));
  });
});

describe('e-mails take user text literally', () => {
  it.each(PATTERNS)('%s in a first name and a contact subject', (p) => {
    const text = hostile(p);
    const welcome = renderStored(
      {
        template: 'welcome',
        locale: 'fr-fr',
        data: { firstName: text, signInUrl: 'https://shop.example/fr-fr/signin' },
      },
      'Saint Laurent',
    );
    expect(welcome.text).toContain(text);
    expect(decode(welcome.html)).toContain(text);
    const ack = renderStored(
      { template: 'contact-ack', locale: 'en-us', data: { reference: 'CS-1', subject: text, firstName: text } },
      'Saint Laurent',
    );
    expect(ack.text).toContain(text);
    expect(ack.subject.length).toBeLessThan(200 + text.length);
  });
});
