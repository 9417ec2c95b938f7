#!/usr/bin/env node
// `npm run screenshots`: every page type of the storefront, photographed whole at a phone and a desktop size in
// French and Japanese, into one folder with an index page — so a reviewer sees the whole site at once.
//
//   node scripts/screenshots.mjs [--locales fr-fr,ja-jp] [--only home,product,…] [--port N] [--build] [--url URL]
//
// Builds when there is no production build (scripts/build.mjs; --build rebuilds), starts the production server on
// a fresh embedded database (PGlite dir under the OS temp dir) with the demo client and a fast demo fulfilment,
// and prepares, through the API, what the personal pages need: a bag with one piece; a guest order placed,
// then delivered, then partly returned; the demo client signed in. The pages and their visitors are listed in
// scripts/screenshot-pages.mjs. Each page is loaded in headless Chromium (/usr/bin/chromium, or CHROME_PATH) at
// 390×844 (a phone: touch, its meta viewport honoured) and 1440×900, and saved as a full-page PNG into
// .reports/screenshots/<locale>/<size>/<type>.png; .reports/screenshots/index.html shows them as a grid, page type
// by size and locale. Prints the index's path. A review tool, not a test: it exits 1 only when it cannot run.
// --url photographs a server already running (production build, RECAPTCHA_VERIFIER=test, DEMO_CLIENT=true,
// FULFILMENT_STEP_SECONDS=1) instead of starting one.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import { chromium } from 'playwright-core';
import {
  HOST,
  cleanup,
  freePort,
  log as benchLog,
  root,
  runBuild,
  setTempDir,
  startChild,
  startReaper,
  waitForLine,
  waitUntilAnswers,
} from './bench-lib.mjs';
import { SCREENSHOT_PAGES } from './screenshot-pages.mjs';
import { indexPage, OUT, photograph } from './screenshots/photographs.mjs';
import {
  addToBag,
  campaignId,
  discover,
  placeAndDeliver,
  requestReturn,
  session,
  signInClient,
} from './screenshots/visitors.mjs';

const log = (...a) => benchLog(...a);
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const USAGE =
  'usage: node scripts/screenshots.mjs [--locales fr-fr,ja-jp] [--only home,product,…] [--port N] [--build] [--url URL]';

function parseArgs(argv) {
  const opts = { locales: ['fr-fr', 'ja-jp'], only: null, port: null, build: false, url: null };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (arg === '--build') {
      opts.build = true;
      continue;
    }
    let value;
    const eq = arg.indexOf('=');
    if (eq > 0) [arg, value] = [arg.slice(0, eq), arg.slice(eq + 1)];
    if (!['--locales', '--only', '--port', '--url'].includes(arg))
      throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
    value ??= argv[++i];
    if (value === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
    if (arg === '--url') {
      if (!/^https?:\/\/[^/]+$/.test(value))
        throw new Error(`--url takes an origin like http://127.0.0.1:3000, got ${value}`);
      opts.url = value;
      continue;
    }
    const list = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (arg === '--locales') {
      if (!list.length || list.some((l) => !/^[a-z]{2}-[a-z]{2}$/.test(l)))
        throw new Error(`--locales takes locales like fr-fr,ja-jp, got ${value}`);
      opts.locales = list;
    } else if (arg === '--only') {
      const bad = list.filter((t) => !SCREENSHOT_PAGES.some((p) => p.type === t));
      if (!list.length || bad.length)
        throw new Error(`--only takes page types of scripts/screenshot-pages.mjs; unknown: ${bad.join(', ') || value}`);
      opts.only = list;
    } else {
      const port = Number(value);
      if (!Number.isInteger(port) || port < 1024 || port > 65535)
        throw new Error(`--port must be a port number, got ${value}`);
      opts.port = port;
    }
  }
  return opts;
}

/** Builds when needed and starts the production server on a fresh embedded database; its origin. */
async function startServer(opts) {
  const built = existsSync(join(root, 'web/dist/server/entry-server.js')) && existsSync(join(root, 'web/dist/client'));
  if (opts.build || !built) await runBuild();
  else log('using the existing production build (--build to rebuild)');

  const tempDir = mkdtempSync(join(os.tmpdir(), 'sf-screenshots-'));
  setTempDir(tempDir);
  const port = opts.port ?? (await freePort());
  const base = `http://${HOST}:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    PGLITE_DIR: join(tempDir, 'pglite'),
    PUBLIC_ORIGIN: base,
    RECAPTCHA_VERIFIER: 'test',
    DEMO_CLIENT: 'true',
    FULFILMENT_STEP_SECONDS: '1',
    SHUTDOWN_GRACE_MS: '2000',
  };
  delete env.DATABASE_URL;
  delete env.VITE_DEV;
  const store = startChild('storefront', ['--import', 'tsx', join(root, 'server/src/main.ts')], env);
  startReaper();
  log(`starting the storefront on ${base}`);
  // A first start migrates and seeds the embedded database: a minute or two, much longer on a busy machine.
  await waitForLine(store, /Storefront ready at/, 30 * 60_000);
  await waitUntilAnswers(`${base}/readyz`, 30_000);
  return base;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath))
    throw new Error(`no Chromium at ${chromePath}: install it (apt-get install -y chromium) or set CHROME_PATH`);
  const base = opts.url ?? (await startServer(opts));
  const pages = SCREENSHOT_PAGES.filter((p) => !opts.only || opts.only.includes(p.type));
  const campaign = await campaignId();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const started = new Date();
  const shots = [];
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS });
  try {
    for (const locale of opts.locales) {
      const anon = await session(base);
      const c = { ...(await discover(anon, locale)), campaign };
      const want = (visitor) => pages.filter((p) => p.visitor === visitor);
      // Nobody signed in.
      await photograph(browser, base, await anon.storageState(), c, want('visitor'), shots);
      await anon.dispose();
      // One piece in the bag.
      if (want('bag').length) {
        const bag = await session(base);
        await addToBag(bag, c);
        await photograph(browser, base, await bag.storageState(), c, want('bag'), shots);
        await bag.dispose();
      }
      // The guest order, delivered; then its return.
      if (want('buyer').length) {
        const buyer = await session(base);
        log(`${locale}: placing a guest order and waiting for its delivery`);
        c.order = await placeAndDeliver(buyer, c);
        await photograph(
          browser,
          base,
          await buyer.storageState(),
          c,
          want('buyer').filter((p) => !p.afterReturn),
          shots,
        );
        await requestReturn(buyer, c);
        await photograph(
          browser,
          base,
          await buyer.storageState(),
          c,
          want('buyer').filter((p) => p.afterReturn),
          shots,
        );
        await buyer.dispose();
      }
      // The demo client.
      if (want('client').length) {
        const client = await session(base);
        c.client = await signInClient(client, locale);
        await photograph(browser, base, await client.storageState(), c, want('client'), shots);
        await client.dispose();
      }
    }
  } finally {
    await browser.close().catch(() => {});
  }
  writeFileSync(join(OUT, 'index.html'), indexPage(shots, opts.locales, started));
  writeFileSync(
    join(OUT, 'shots.json'),
    `${JSON.stringify(
      shots.map((s) => ({ ...s, file: s.file && relative(OUT, s.file) })),
      null,
      2,
    )}\n`,
  );
  const taken = shots.filter((s) => s.file).length;
  const flagged = shots.filter(
    (s) =>
      !s.file ||
      s.errors.length ||
      (s.status && s.status !== 200 && s.type !== 'not-found') ||
      (s.rendered && s.rendered !== s.type),
  );
  log(
    `${taken} screenshots in ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s; ${flagged.length} flagged in the index`,
  );
  console.log(join(OUT, 'index.html'));
}

main()
  .then(() => cleanup())
  .then(() => process.exit(0))
  .catch(async (err) => {
    console.error(`[screenshots] ${err.stack ?? err.message}`);
    await cleanup();
    process.exit(1);
  });
