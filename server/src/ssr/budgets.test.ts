import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { WEB_ROOT } from './host.ts';

// Weight budgets of the production build, as a phone receives it: the gzip size of every script and
// modulepreload a server-rendered page references (what the browser fetches before the page is interactive),
// and of the HTML itself. Deterministic (sizes, not timings): the table prints on every run and any page over
// its budget fails. `npm test` builds before its suites; run `npm run build` first when running this alone.
//
// Two figures per page: `js` is the ceiling enforced today (the measured weight with a few KB of room, so any
// growth fails), `target` the weight the storefront aims at (130 KB for browsing pages, 160 KB for the bag and
// checkout). Every page meets its target: the libraries every page needs to hydrate weigh ~74 KB gzip
// (react-dom 62, TanStack Query 11; the router, decision 0167, and the translation runtime, decision 0157, are
// our own, ~2 KB each). docs/web-performance.md says where the rest goes. Lower a
// ceiling when a change makes a page lighter; never raise
// one without saying why in the commit.
const CLIENT = join(WEB_ROOT, 'dist/client');
const KB = 1024;

interface Budget {
  name: string;
  path: string;
  /** The initial-JavaScript ceiling enforced. */
  js: number;
  /** The initial-JavaScript weight aimed at (reported, not enforced). */
  target: number;
  html?: number;
}

let app: Express;
let t: TestApp | undefined;
beforeAll(async () => {
  if (!existsSync(join(CLIENT, 'index.html')))
    throw new Error('No production build: run `npm run build` first (npm test builds before its suites).');
  t = await startTestApp({ VITE_DEV: 'false' }, { pages: true });
  app = t.app;
}, 120_000);
afterAll(() => t?.close());

const page = (path: string) => request(app).get(path).set('Accept', 'text/html');
const gzipped = (text: string | Buffer) => gzipSync(text).length;

/** The same-origin scripts a page's HTML makes the browser fetch at once: module scripts and modulepreloads. */
function initialScripts(html: string): string[] {
  const head = html.split('</head>')[0] ?? '';
  const tags = [
    ...head.matchAll(
      /<script\b[^>]*\bsrc="([^"]+)"[^>]*>|<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g,
    ),
  ];
  return [...new Set(tags.map((m) => (m[1] ?? m[2])!))];
}

describe('page weight budgets (production build, gzip)', () => {
  it('keeps the initial JavaScript and the HTML of each page kind within its budget', async () => {
    const listing = (await request(app).get('/ssr/ca/women-shoes?locale=fr-fr').expect(200)).body as {
      listing: { products: { url: string }[] };
    };
    const product = `/fr-fr${listing.listing.products[0]!.url}`;
    const budgets: Budget[] = [
      { name: 'home', path: '/fr-fr/', js: 122 * KB, target: 130 * KB, html: 30 * KB },
      { name: 'listing', path: '/fr-fr/ca/women-shoes', js: 127 * KB, target: 130 * KB, html: 30 * KB },
      { name: 'product', path: product, js: 130 * KB, target: 130 * KB, html: 30 * KB },
      { name: 'search', path: '/fr-fr/search?q=escarpins', js: 128 * KB, target: 130 * KB, html: 30 * KB },
      { name: 'content', path: '/fr-fr/cp/the-house', js: 121 * KB, target: 130 * KB },
      { name: 'basket', path: '/fr-fr/basket', js: 123 * KB, target: 160 * KB },
      { name: 'checkout', path: '/fr-fr/checkout', js: 138 * KB, target: 160 * KB },
    ];
    const rows: string[] = [];
    const over: string[] = [];
    for (const b of budgets) {
      const res = await page(b.path).expect(200);
      const scripts = initialScripts(res.text);
      expect(scripts.length, `${b.name}: the HTML references its scripts`).toBeGreaterThan(0);
      const js = scripts.reduce((sum, src) => {
        const file = join(CLIENT, src.replace(/^\//, ''));
        expect(existsSync(file), `${b.name}: ${src} is in the build`).toBe(true);
        return sum + gzipped(readFileSync(file));
      }, 0);
      const html = gzipped(res.text);
      const jsOk = js <= b.js;
      const htmlOk = b.html === undefined || html <= b.html;
      if (!jsOk) over.push(`${b.name}: initial JS ${(js / KB).toFixed(1)} KB > ${b.js / KB} KB`);
      if (!htmlOk) over.push(`${b.name}: HTML ${(html / KB).toFixed(1)} KB > ${b.html! / KB} KB`);
      rows.push(
        `${b.name.padEnd(9)} ${String(scripts.length).padStart(3)} scripts  JS ${(js / KB).toFixed(1).padStart(6)} KB / ceiling ${String(b.js / KB).padStart(3)} ${jsOk ? 'ok  ' : 'OVER'}` +
          ` (target ${b.target / KB}: ${js <= b.target ? 'met' : `${((js - b.target) / KB).toFixed(0)} KB over`})` +
          `  HTML ${(html / KB).toFixed(1).padStart(5)} KB${b.html ? ` / ${b.html / KB} ${htmlOk ? 'ok' : 'OVER'}` : ''}`,
      );
    }
    console.log(`Page weight (gzip), production build:\n${rows.join('\n')}`);
    expect(over).toEqual([]);
  });
});

describe('first paint order (production build)', () => {
  // On a slow network the first paint waits for the HTML and the stylesheet only (the page is server-rendered):
  // the stylesheet comes before every script, and scripts ask for low priority so the stylesheet, the fonts and
  // the lead picture get the bandwidth first (docs/web-performance.md#first-paint-order).
  it.each(['/fr-fr/', '/fr-fr/ca/women-shoes', '/fr-fr/checkout'])(
    '%s names its stylesheet before its scripts, and its scripts at low priority',
    async (path) => {
      const head = (await page(path).expect(200)).text.split('</head>')[0] ?? '';
      const tags = [
        ...head.matchAll(/<script\b[^>]*\bsrc="[^"]+"[^>]*>|<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*>/g),
      ].map((m) => m[0]);
      const firstScript = tags.findIndex((tag) => !tag.includes('rel="stylesheet"'));
      const lastStylesheet = tags.findLastIndex((tag) => tag.includes('rel="stylesheet"'));
      expect(firstScript, 'the page names scripts').toBeGreaterThanOrEqual(0);
      expect(lastStylesheet, 'the page names its stylesheet').toBeGreaterThanOrEqual(0);
      expect(lastStylesheet, 'every stylesheet before the first script').toBeLessThan(firstScript);
      const eager = tags.filter((tag) => !tag.includes('rel="stylesheet"') && !tag.includes('fetchpriority="low"'));
      expect(eager, 'scripts and modulepreloads without fetchpriority="low"').toEqual([]);
    },
  );
});
