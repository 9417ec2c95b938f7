import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { sellableVariant } from '../test/fixtures.ts';
import { pages as contentPages } from '../../../fixtures/content/index.ts';

// Server rendering of the real web app (through Vite's dev server, so no production build is needed).
// On the run's database (PGlite snapshot or PostgreSQL), like every API test.
let app: Express;
let t: TestApp | undefined;
beforeAll(async () => {
  t = await startTestApp({ VITE_DEV: 'true' }, { pages: true });
  app = t.app;
}, 120_000);
afterAll(() => t?.close());

const html = (path: string) => request(app).get(path).set('Accept', 'text/html');
const rootOf = (body: string) => /<html[^>]*>/.exec(body)?.[0] ?? '';

describe('server-rendered pages', () => {
  it('home: language, theme, shell and house on <html>, canonical and hreflang in <head>', async () => {
    const res = await html('/fr-fr/').expect(200);
    expect(rootOf(res.text)).toBe('<html lang="fr-FR" data-theme="light" data-layout="default" data-house="ysl">');
    expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/fr-fr/">');
    expect(res.text).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost:3000/">');
  });

  it.each([
    ['/zh-tw/', 'zh-Hant-TW'],
    ['/ja-jp/', 'ja-JP'],
    ['/', 'en-US'],
  ])('%s has lang %s', async (path, lang) => {
    const res = await html(path).expect(200);
    expect(rootOf(res.text)).toContain(`lang="${lang}"`);
  });

  it('content, legal, FAQ and client-service pages render', async () => {
    const cp = contentPages.find((p) => p.pageUrl.startsWith('/cp/') && !p.countries);
    const legal = contentPages.find((p) => p.pageUrl.startsWith('/legal/') && !p.countries);
    for (const path of [
      cp && `/fr-fr${cp.pageUrl}`,
      legal && `/ja-jp${legal.pageUrl}`,
      '/en-gb/faq',
      '/zh-tw/client-service',
    ].filter(Boolean) as string[]) {
      const res = await html(path).expect(200);
      expect(res.text).toContain(`<link rel="canonical" href="http://localhost:3000${path}">`);
    }
  });

  it('the legacy v1 legal route redirects to the legal page in the same locale', async () => {
    const res = await html('/fr-fr/legal/v1/terms-and-conditions').expect(301);
    expect(res.headers.location).toBe('/fr-fr/legal/terms-and-conditions');
    const plain = await html('/legal/v1/privacy-policy').expect(301);
    expect(plain.headers.location).toBe('/legal/privacy-policy');
  });

  it('rive droite pages use the secondary shell', async () => {
    const rd = contentPages.find((p) => p.pageUrl === '/rive-droite');
    if (!rd) return;
    const res = await html('/fr-fr/rive-droite').expect(200);
    expect(rootOf(res.text)).toContain('data-layout="rive-droite"');
    expect(rootOf(res.text)).toContain(`data-theme="${rd.tags.some((t) => t.id === 'theme-dark') ? 'dark' : 'light'}"`);
  });

  it('unknown pages answer the not-found page with 404', async () => {
    for (const path of [
      '/fr-fr/cp/no-such-page',
      '/no-such-page',
      '/rive-droite/calendar/no-such-calendar',
      '/fr-fr/a/b/c/d',
      '/xx-zz/',
    ]) {
      const res = await html(path).expect(404);
      expect(res.text).toContain('<meta name="robots" content="noindex, follow">');
    }
  });
});

describe('a bare two-letter prefix is a country (spec §9)', () => {
  it.each([
    ['/de/', '/de-de/'],
    ['/jp/ca/women?sort=price_asc', '/ja-jp/ca/women?sort=price_asc'],
    ['/us/faq', '/faq'],
  ])('%s → 301 %s', async (from, to) => {
    const res = await html(from).expect(301);
    expect(res.headers.location).toBe(to);
  });

  it('is not read where the default market has a page of that path: /ca/… is a category, not Canada', async () => {
    const res = await html('/ca/women').expect(200);
    expect(res.text).toMatch(/<html[^>]* lang="en-US"/);
    expect((await html('/ca/').expect(301)).headers.location).toBe('/en-ca/');
    expect((await html('/ca/ca/women').expect(301)).headers.location).toBe('/en-ca/ca/women');
  });

  it('China goes to its own site', async () => {
    const res = await html('/zh/').expect(301);
    expect(res.headers.location).toMatch(/^https:\/\//);
  });
});

describe('listing and search pages carry their whole state in the URL', () => {
  it('a category renders with the filters of its URL, and ignores what the contract would refuse', async () => {
    const res = await html('/fr-fr/ca/women-shoes?filters=color:black,size:38&sort=price_asc').expect(200);
    expect(res.text).toMatch(/data-testid="filter-chip"[^>]*>[\s\S]*?Noir/);
    expect(res.text.match(/data-testid="filter-chip"/g)).toHaveLength(2);
    const plain = await html('/fr-fr/ca/women-shoes').expect(200);
    const count = (text: string) =>
      Number(/data-testid="total-products"[^>]*>([\d\s\u202f\u00a0]+)/.exec(text)?.[1]?.replace(/\D/g, ''));
    expect(count(res.text)).toBeLessThan(count(plain.text));
    // An unknown key or a malformed value is dropped rather than answered with an error.
    const odd = await html('/fr-fr/ca/women-shoes?filters=colour:black,size:<b>,price:abc').expect(200);
    expect(count(odd.text)).toBe(count(plain.text));
  });

  it('the search page renders results for q, trending searches without it, and is never indexed', async () => {
    const res = await html('/fr-fr/search?q=sac').expect(200);
    expect(res.text).toContain('<meta name="robots" content="noindex, follow">');
    expect(res.text).toContain('data-testid="product-tile"');
    expect(res.text).toMatch(/<h1[^>]*>Résultats pour « sac »<\/h1>/);
    const empty = await html('/fr-fr/search').expect(200);
    expect(empty.text).toContain('data-testid="search-no-results"');
  });
});

describe('the bag’s page shows the visitor’s bag in its first HTML', () => {
  it('its data carries the bag of the session cookie, an empty bag without one, and the HTML has the lines', async () => {
    const v = await sellableVariant(t!.database.db, 2, 0);
    const visitor = request.agent(app);
    await visitor.post('/api/data/basket/add-item?locale=fr-fr').send({ pid: v.pid, size: v.size }).expect(200);
    const data = await visitor.get('/ssr/basket?locale=fr-fr').expect(200);
    expect(data.headers['cache-control']).toBe('private, no-store');
    expect(data.body.pageType).toBe('basket');
    expect(data.body.basket.items).toHaveLength(1);
    expect(data.body.basket.items[0]).toMatchObject({ pid: v.pid, size: v.size, quantity: 1 });
    // Another visitor (no cookie) has an empty bag, and reading it opens no session.
    const guest = await request(app).get('/ssr/basket?locale=fr-fr').expect(200);
    expect(guest.body.basket).toMatchObject({ items: [], itemCount: 0 });
    expect(guest.headers['set-cookie']).toBeUndefined();

    const html = await visitor.get('/fr-fr/basket').set('Accept', 'text/html').expect(200);
    expect(html.headers['cache-control']).toBe('private, no-store');
    const name = data.body.basket.items[0].name as string;
    const main = html.text.slice(html.text.indexOf('<main'));
    expect(main).toContain('data-testid="basket-line"');
    expect(main).toContain(escapeText(name));
    expect(main).not.toContain('aria-busy="true"');
    // Not another visitor's page: the guest's HTML has no line.
    const guestHtml = await request(app).get('/fr-fr/basket').set('Accept', 'text/html').expect(200);
    expect(guestHtml.text).not.toContain('data-testid="basket-line"');
    expect(guestHtml.text).toContain('data-testid="basket-empty"');
  });
});

describe('the checkout shows the visitor’s options in its first HTML', () => {
  it('its data carries the options of the session’s bag, none for an empty bag, and the HTML has the summary', async () => {
    const v = await sellableVariant(t!.database.db, 2, 1);
    const visitor = request.agent(app);
    await visitor.post('/api/data/basket/add-item?locale=fr-fr').send({ pid: v.pid, size: v.size }).expect(200);
    const data = await visitor.get('/ssr/checkout?locale=fr-fr').expect(200);
    expect(data.headers['cache-control']).toBe('private, no-store');
    const options = (await visitor.get('/api/checkout/options?locale=fr-fr').expect(200)).body;
    expect(data.body.checkoutOptions.basket).toEqual(options.basket);
    // An empty bag: the options call refuses (ERR_OCAPI_1013), the page is whole without them.
    const guest = await request(app).get('/ssr/checkout?locale=fr-fr').expect(200);
    expect(guest.body.pageType).toBe('checkout');
    expect(guest.body.checkoutOptions).toBeUndefined();

    const html = await visitor.get('/fr-fr/checkout').set('Accept', 'text/html').expect(200);
    const main = html.text.slice(html.text.indexOf('<main'));
    expect(main).toContain(escapeText(options.basket.items[0].name as string));
    expect(main).not.toContain('checkout-state--loading');
    const guestHtml = await request(app).get('/fr-fr/checkout').set('Accept', 'text/html').expect(200);
    expect(guestHtml.text).toContain('checkout-state--loading');
  });
});

/** Text as React writes it into HTML. */
const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
