import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { WEB_ROOT } from './host.ts';
import { CJK_PRELOADED_FONTS, PRELOADED_FONTS } from './preload.ts';

// The house's typography and icons as the production build serves them: the head preloads the fonts' hashed files
// and links the house's icons, every file it names is in the build and answered, fonts cached for a year.
// `npm test` builds before its suites; run `npm run build` first when running this alone.
const CLIENT = join(WEB_ROOT, 'dist/client');

let app: Express;
let t: TestApp | undefined;
beforeAll(async () => {
  if (!existsSync(join(CLIENT, 'index.html')))
    throw new Error('No production build: run `npm run build` first (npm test builds before its suites).');
  t = await startTestApp({ VITE_DEV: 'false', BRAND: 'ysl' }, { pages: true });
  app = t.app;
}, 120_000);
afterAll(() => t?.close());

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('fonts and icons of the house (production build)', () => {
  it('preloads the fonts above the fold from their hashed files, served immutable', async () => {
    const html = (await request(app).get('/fr-fr/').set('Accept', 'text/html').expect(200)).text;
    const preloads = [
      ...head(html).matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g),
    ].map((m) => m[1]!);
    expect(preloads).toHaveLength(PRELOADED_FONTS.length);
    for (const [i, name] of PRELOADED_FONTS.entries()) {
      const href = preloads[i]!;
      expect(href).toMatch(new RegExp(`^/assets/${name.replace('.woff2', '')}-[\\w-]{8}\\.woff2$`));
      expect(existsSync(join(CLIENT, href))).toBe(true);
      const res = await request(app).get(href).expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(readFileSync(join(CLIENT, href)).length);
    }
    // Before the stylesheet, which would only name the files once read.
    expect(html.indexOf(preloads[0]!)).toBeLessThan(html.indexOf('rel="stylesheet"'));
  });

  it('preloads only the display face on Japanese, Korean and Chinese pages, whose interface is set in their own face', async () => {
    expect(CJK_PRELOADED_FONTS).toEqual(['bodoni-moda-latin-opsz-normal.woff2']);
    for (const path of ['/ja-jp/', '/ko-kr/', '/zh-sg/', '/zh-tw/', '/ja-jp/ca/women-bags']) {
      const html = (await request(app).get(path).set('Accept', 'text/html').expect(200)).text;
      const preloads = [...head(html).matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]!);
      expect(preloads, path).toHaveLength(1);
      expect(preloads[0], path).toMatch(/^\/assets\/bodoni-moda-latin-opsz-normal-[\w-]{8}\.woff2$/);
    }
    // The French page still preloads both.
    const fr = (await request(app).get('/fr-fr/ca/women-bags').set('Accept', 'text/html').expect(200)).text;
    expect([...head(fr).matchAll(/as="font"/g)]).toHaveLength(PRELOADED_FONTS.length);
  });

  it('preloads a listing’s first tile, a search’s first hit and a product’s first view before anything else of the head', async () => {
    const listing = (await request(app).get('/fr-fr/ca/women-bags').set('Accept', 'text/html').expect(200)).text;
    const firstTile = /<img class="product-tile__image" src="([^"]+)"/.exec(listing)![1]!;
    const search = (await request(app).get('/fr-fr/search?q=sac').set('Accept', 'text/html').expect(200)).text;
    const firstHit = /<img class="product-tile__image" src="([^"]+)"/.exec(search)![1]!;
    const product = (
      await request(app)
        .get(`/fr-fr${/href="\/fr-fr(\/pr\/[^"]+\.html)"/.exec(listing)![1]}`)
        .set('Accept', 'text/html')
        .expect(200)
    ).text;
    const stage = product.slice(product.indexOf('data-testid="gallery-stage"'));
    const firstView = /<img[^>]*src="([^"]+)"/.exec(stage)![1]!;
    for (const [html, src] of [
      [listing, firstTile],
      [search, firstHit],
      [product, firstView],
    ] as const) {
      expect(src).toMatch(/^\/media\/products\//);
      const link = `<link rel="preload" as="image" href="${src}" fetchpriority="high">`;
      // The first tag after the document's own meta tags: before the fonts, the stylesheet and the scripts.
      expect(head(html).indexOf(link)).toBeGreaterThan(0);
      expect(head(html).indexOf('<link')).toBe(head(html).indexOf(link));
      expect(head(html).split(link)).toHaveLength(2);
    }
    // Pages without a product picture above the fold preload none.
    const home = (await request(app).get('/fr-fr/').set('Accept', 'text/html').expect(200)).text;
    expect(head(home)).not.toContain('as="image"');
    // The home page opens on its hero: its picture is the only one loaded at once and the only one preloaded; the
    // carousels and product islands below it load theirs as the shopper comes near (on a phone they are below
    // the first screen, and took the network from it).
    const eager = [...home.matchAll(/<img[^>]*loading="eager"[^>]*>/g)].map((m) => m[0]);
    expect(eager).toHaveLength(1);
    expect(eager[0]).toContain('/media/content/hero-home');
    expect(home).not.toMatch(/<link rel="preload" as="image"/);
  });

  it('links the house’s icons, each in the build and answered with its type', async () => {
    const html = (await request(app).get('/fr-fr/').set('Accept', 'text/html').expect(200)).text;
    const links = [...head(html).matchAll(/<link rel="(icon|apple-touch-icon)" href="([^"]+)"/g)].map((m) => m[2]!);
    expect(links).toEqual(['/brand/ysl/favicon-32.png', '/brand/ysl/favicon.svg', '/brand/ysl/apple-touch-icon.png']);
    const types: Record<string, string> = { png: 'image/png', svg: 'image/svg+xml' };
    for (const href of links) {
      expect(existsSync(join(CLIENT, href))).toBe(true);
      const res = await request(app).get(href).expect(200);
      expect(res.headers['content-type']).toContain(types[href.split('.').pop()!]);
    }
    // The PNGs have the sizes they are linked as (the IHDR chunk: width and height at bytes 16 and 20).
    for (const [file, px] of [
      ['favicon-32.png', 32],
      ['apple-touch-icon.png', 180],
    ] as const) {
      const png = readFileSync(join(CLIENT, 'brand/ysl', file));
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([px, px]);
    }
  });

  it('draws the house’s wordmark in the header from the symbol the page carries', async () => {
    const html = (await request(app).get('/fr-fr/').set('Accept', 'text/html').expect(200)).text;
    expect(html.match(/<symbol id="house-wordmark" viewBox="[^"]+"><path fill="currentColor" d="M/g)).toHaveLength(1);
    expect(html).toMatch(
      /<a[^>]*class="site-header__wordmark"[^>]*aria-label="Saint Laurent — [^"]+"[^>]*><svg class="site-header__wordmark-svg" data-house="ysl"[^>]*><use href="#house-wordmark"><\/use><\/svg><\/a>/,
    );
  });
});
