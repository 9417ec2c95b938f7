import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { WEB_ROOT } from './host.ts';
import { COMPILE_HINT, COMPILE_HINT_MIN_LENGTH } from '../../../web/src/lib/compile-hints.ts';

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

/** The same-origin scripts the head makes the browser fetch at once: the entry and its modulepreloads. */
function headScripts(html: string): string[] {
  const head = html.split('</head>')[0] ?? '';
  const tags = [
    ...head.matchAll(
      /<script\b[^>]*\bsrc="([^"]+)"[^>]*>|<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g,
    ),
  ];
  return [...new Set(tags.map((m) => (m[1] ?? m[2])!))];
}

/** The scripts the entry fetches after the first paint: the page's `sf-modules` list (web/src/lib/first-paint.ts). */
function afterPaintScripts(html: string): string[] {
  const block = /<script type="application\/json" id="sf-modules">([^<]*)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]!) as string[]) : [];
}

/** Everything a page fetches to become interactive: what the head names, then what the entry loads after paint. */
const initialScripts = (html: string) => [...new Set([...headScripts(html), ...afterPaintScripts(html)])];

const gzippedFiles = (files: readonly string[]) =>
  files.reduce((sum, src) => {
    const file = join(CLIENT, src.replace(/^\//, ''));
    expect(existsSync(file), `${src} is in the build`).toBe(true);
    return sum + gzipped(readFileSync(file));
  }, 0);

describe('page weight budgets (production build, gzip)', () => {
  it('keeps the initial JavaScript and the HTML of each page kind within its budget', async () => {
    const listing = (await request(app).get('/ssr/ca/women-shoes?locale=fr-fr').expect(200)).body as {
      listing: { products: { url: string }[] };
    };
    const product = `/fr-fr${listing.listing.products[0]!.url}`;
    const budgets: Budget[] = [
      { name: 'home', path: '/fr-fr/', js: 115 * KB, target: 130 * KB, html: 30 * KB },
      { name: 'listing', path: '/fr-fr/ca/women-shoes', js: 121 * KB, target: 130 * KB, html: 30 * KB },
      { name: 'product', path: product, js: 123 * KB, target: 130 * KB, html: 30 * KB },
      { name: 'search', path: '/fr-fr/search?q=escarpins', js: 122 * KB, target: 130 * KB, html: 30 * KB },
      { name: 'content', path: '/fr-fr/cp/the-house', js: 115 * KB, target: 130 * KB },
      { name: 'basket', path: '/fr-fr/basket', js: 117 * KB, target: 160 * KB },
      { name: 'checkout', path: '/fr-fr/checkout', js: 133 * KB, target: 160 * KB },
    ];
    const rows: string[] = [];
    const over: string[] = [];
    for (const b of budgets) {
      const res = await page(b.path).expect(200);
      const scripts = initialScripts(res.text);
      expect(scripts.length, `${b.name}: the HTML references its scripts`).toBeGreaterThan(0);
      const js = gzippedFiles(scripts);
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

describe('the app in few files (production build)', () => {
  // Our modules that the app reaches through static imports come in one chunk (web/vite.config.ts, `shellChunkOf`),
  // not in the twenty-odd small files the bundler cut them into by which page chunks share them: each file is a
  // request and two main-thread tasks on a phone (docs/web-performance.md#styles-and-chunks).
  it("imports the shell, the framework and the bundler's two helpers, and nothing else; the app's module stays out of the shell", () => {
    type Entry = { file: string; imports?: string[] };
    const manifest = JSON.parse(readFileSync(join(CLIENT, '.vite/manifest.json'), 'utf8')) as Record<string, Entry>;
    const app = manifest['src/client-app.tsx']!;
    const files = (app.imports ?? []).map((key) =>
      manifest[key]!.file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, ''),
    );
    expect(files.sort()).toEqual(['framework', 'preload-helper', 'rolldown-runtime', 'shell']);
    // In the shell the app's module, which awaits the page's chunk (itself importing the shell) before it
    // hydrates, would wait for itself: the page would never hydrate.
    expect(app.file).toMatch(/^assets\/client-app-[^/]+\.js$/);
  });

  it('has the home page fetch at most ten scripts', async () => {
    const html = (await page('/fr-fr/').expect(200)).text;
    expect(initialScripts(html).length).toBeLessThanOrEqual(10);
  });
});

describe('first paint order (production build)', () => {
  // On a slow network the first paint waits for the HTML and the stylesheet only (the page is server-rendered):
  // the head names the stylesheet before the entry, the entry is a few hundred bytes at low priority, and the app
  // with the page's own chunk is fetched after the first paint, from the page's list
  // (docs/web-performance.md#the-code-after-the-first-paint).
  it.each(['/fr-fr/', '/fr-fr/ca/women-shoes', '/fr-fr/checkout'])(
    '%s paints before it fetches the app: stylesheet first, a small entry at low priority, the rest listed',
    async (path) => {
      const html = (await page(path).expect(200)).text;
      const head = html.split('</head>')[0] ?? '';
      const tags = [
        ...head.matchAll(/<script\b[^>]*\bsrc="[^"]+"[^>]*>|<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*>/g),
      ].map((m) => m[0]);
      const firstScript = tags.findIndex((tag) => !tag.includes('rel="stylesheet"'));
      const lastStylesheet = tags.findLastIndex((tag) => tag.includes('rel="stylesheet"'));
      expect(firstScript, 'the page names its entry').toBeGreaterThanOrEqual(0);
      expect(lastStylesheet, 'the page names its stylesheet').toBeGreaterThanOrEqual(0);
      expect(lastStylesheet, 'every stylesheet before the first script').toBeLessThan(firstScript);
      const eager = tags.filter((tag) => !tag.includes('rel="stylesheet"') && !tag.includes('fetchpriority="low"'));
      expect(eager, 'scripts and modulepreloads without fetchpriority="low"').toEqual([]);
      // Before the first paint: the entry and the loader it needs, nothing of React nor of the page.
      const before = gzippedFiles(headScripts(html));
      expect(before, `script fetched before the first paint: ${before} bytes gzip`).toBeLessThan(4 * KB);
      const after = afterPaintScripts(html);
      expect(
        after.some((f) => /\/framework-[^/]+\.js$/.test(f)),
        'the app is fetched after the paint',
      ).toBe(true);
      expect(after.length, 'each module listed once').toBe(new Set(after).size);
    },
  );

  // V8's explicit compile hint on the first line of each larger script (web/vite.config.ts, `compileHints`): the
  // browser compiles a script's functions while it streams the file, off the main thread, instead of one by one
  // inside the hydration's tasks (docs/web-performance.md#compile-hints).
  it('starts each larger script a page loads with the compile hint: React and the app among them', async () => {
    const html = (await page('/fr-fr/ca/women-shoes').expect(200)).text;
    const text = (src: string) => readFileSync(join(CLIENT, src.replace(/^\//, '')), 'utf8');
    const hinted = (src: string) => text(src).split('\n', 1)[0] === COMPILE_HINT;
    const scripts = initialScripts(html);
    const large = scripts.filter((src) => text(src).length >= COMPILE_HINT_MIN_LENGTH);
    expect(
      large.filter((src) => !hinted(src)),
      'large scripts without the hint',
    ).toEqual([]);
    expect(scripts.filter((src) => /\/(framework|shell)-[^/]+\.js$/.test(src) && hinted(src))).toHaveLength(2);
    // The smallest are left as they are: a hint is ~30 bytes gzip, and a small file has little to compile.
    expect(scripts.some((src) => !hinted(src))).toBe(true);
  });
});
