import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { loadConfig } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';
import { snapshotPath, TEST_BRAND } from '../test/settings.ts';
import { pages as contentPages } from '../../../fixtures/content/index.ts';

// Server rendering of the real web app (through Vite's dev server, so no production build is needed).
let app: Express;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: new Blob([readFileSync(snapshotPath())]) });
  const config = loadConfig({ NODE_ENV: 'test', BRAND: TEST_BRAND, VITE_DEV: 'true', CACHE_TTL_SECONDS: '0' });
  ({ app } = await createApp({ config, database, logger: createLogger(config.logLevel), pages: true }));
}, 120_000);
afterAll(() => database?.close());

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
    for (const path of [cp && `/fr-fr${cp.pageUrl}`, legal && `/ja-jp${legal.pageUrl}`, '/en-gb/faq', '/zh-tw/client-service'].filter(Boolean) as string[]) {
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
    for (const path of ['/fr-fr/cp/no-such-page', '/no-such-page', '/rive-droite/calendar/no-such-calendar', '/fr-fr/a/b/c/d', '/xx-zz/']) {
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

  it('China goes to its own site', async () => {
    const res = await html('/zh/').expect(301);
    expect(res.headers.location).toMatch(/^https:\/\//);
  });
});
