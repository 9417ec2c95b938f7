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
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, request as playwrightRequest } from 'playwright-core';
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
import { NO_PAGE_OF_ITS_OWN, SCREENSHOT_PAGES } from './screenshot-pages.mjs';

const log = (...a) => benchLog(...a);
const OUT = join(root, '.reports/screenshots');
const SIZES = [
  { name: '390', width: 390, height: 844, phone: true },
  { name: '1440', width: 1440, height: 900, phone: false },
];
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DEMO_CLIENT = { email: 'client@example.com', password: 'Maison-Montaigne-2026' };
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

// ---------------------------------------------------------------- preparing the visitors through the API
async function json(res, what) {
  const text = await res.text();
  if (!res.ok()) throw new Error(`${what} answered ${res.status()}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** What the paths need in one locale, read from the running server (nothing about the catalogue is assumed). */
async function discover(api, locale) {
  const q = `locale=${locale}`;
  const home = await json(await api.get(`/ssr/home?${q}`), 'home data');
  const candidates = [
    ...(home.featuredCategories ?? []).map((f) => f.category),
    ...[...(home.navigation ?? [])].sort((a, b) => (b.level ?? 0) - (a.level ?? 0)),
  ].filter((c) => c?.slug);
  for (const c of candidates) {
    const listing = await json(await api.get(`/ssr/ca/${encodeURIComponent(c.slug)}?${q}`), `category ${c.slug}`);
    for (const p of (listing.listing?.products ?? []).filter(
      (x) => x.availability?.inStock && x.availability?.isSellableOnline,
    )) {
      const page = await json(await api.get(`/ssr/pr/${encodeURIComponent(p.id)}?${q}`), `product ${p.id}`);
      const size = page.product?.sizes?.find((s) => s.inStock);
      if (!size) continue;
      const stores = JSON.stringify(await json(await api.get(`/ssr/stores?${q}`), 'store list'));
      const store = new RegExp(`"(/${locale}/stores/[^"?#]+-\\d+)"`).exec(stores)?.[1];
      if (!store) throw new Error(`${locale}: the store list names no boutique page`);
      return {
        locale,
        category: c.slug,
        product: new URL(page.meta.canonical).pathname,
        pid: page.product.id,
        size: size.id,
        query: listing.listing.category?.name ?? c.slug,
        store,
      };
    }
  }
  throw new Error(`${locale}: no category of the home page lists a product with a size in stock`);
}

/** A campaign page of the content fixtures (what `/marketing?cid=` shows). */
async function campaignId() {
  const { pages } = await import('../fixtures/content/index.ts');
  const everywhere = (p) => !p.countries;
  const campaign =
    pages.find((p) => p.pageUrl.startsWith('/marketing') && everywhere(p)) ??
    pages.find((p) => p.category === 'custom' && p.globalPageId !== 'home' && everywhere(p));
  if (!campaign) throw new Error('no campaign page in the content fixtures');
  return campaign.globalPageId;
}

const ADDRESSES = {
  'fr-fr': {
    person: { firstName: 'Camille', lastName: 'Martin', phone: '+33 6 12 34 56 78' },
    address: {
      firstName: 'Camille',
      lastName: 'Martin',
      addressLine1: '12 rue de Sèvres',
      city: 'Paris',
      postalCode: '75006',
      country: 'FR',
    },
  },
  'ja-jp': {
    person: { firstName: '花子', lastName: '山田', phone: '+81 90 1234 5678' },
    address: {
      firstName: '花子',
      lastName: '山田',
      addressLine1: '銀座6-10-1',
      city: '中央区',
      stateCode: '13',
      postalCode: '104-0061',
      country: 'JP',
    },
  },
};

/** A new API session of the storefront (cookies kept), sending the headers the same-origin guard wants. */
function session(base) {
  return playwrightRequest.newContext({
    baseURL: base,
    extraHTTPHeaders: { Origin: base, 'Sec-Fetch-Site': 'same-origin', Accept: 'application/json' },
  });
}

async function addToBag(api, c) {
  await json(
    await api.post(`/api/data/basket/add-item?locale=${c.locale}`, { data: { pid: c.pid, size: c.size, quantity: 1 } }),
    'add to bag',
  );
}

/** A guest order of one piece, placed and then delivered by the demo fulfilment. */
async function placeAndDeliver(api, c) {
  await addToBag(api, c);
  const options = await json(await api.get(`/api/checkout/options?locale=${c.locale}`), 'checkout options');
  const option =
    options.deliveryOptions.find((o) => o.deliveryMethod === 'ShipToAddress' && o.id.endsWith('-STD')) ??
    options.deliveryOptions.find((o) => o.deliveryMethod === 'ShipToAddress');
  if (!option) throw new Error(`${c.locale}: no delivery to an address`);
  const who = ADDRESSES[c.locale] ?? ADDRESSES['fr-fr'];
  const body = {
    email: `review-${randomUUID()}@example.com`,
    civility: 'MS',
    ...who.person,
    delivery: { optionId: option.id, address: who.address },
    payment: {
      method: 'card',
      card: {
        number: '4242424242424242',
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 3,
        cvc: '123',
        holderName: `${who.person.firstName} ${who.person.lastName}`,
      },
    },
    expectedTotal: option.total?.total ?? options.basket.subtotal + option.cost,
    acceptTerms: true,
  };
  const order = await json(
    await api.post(`/api/checkout/place-order?locale=${c.locale}`, {
      data: body,
      headers: { 'Idempotency-Key': randomUUID() },
    }),
    'place order',
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    const page = await json(
      await api.get(`/ssr/guest/order-online?locale=${c.locale}&transactionUuid=${order.transactionUuid}`),
      'guest order page',
    );
    if (page.order?.status === 'delivered') break;
    if (Date.now() > deadline)
      throw new Error(`${c.locale}: order ${order.orderNumber} still ${page.order?.status} after 90 s`);
    await sleep(1000);
  }
  return { number: order.orderNumber, transactionUuid: order.transactionUuid };
}

async function requestReturn(api, c) {
  await json(
    await api.post(`/api/data/order/return-request?locale=${c.locale}`, {
      data: {
        transactionUuid: c.order.transactionUuid,
        flowType: 'Return',
        lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }],
        returnMethod: 'ShipToReturnCenter',
        handover: 'dropOff',
      },
    }),
    'return request',
  );
}

/** The demo client signed in: its address and order numbers. */
async function signInClient(api, locale) {
  await json(
    await api.post(`/api/auth/login?locale=${locale}`, {
      data: { ...DEMO_CLIENT, recaptchaToken: 'test-recaptcha-token' },
    }),
    'demo client sign-in',
  );
  const book = JSON.stringify(
    await json(await api.get(`/ssr/myaccount/address-book?locale=${locale}`), 'address book'),
  );
  const addressId = /"id":"([A-Za-z0-9_-]{1,64})"/.exec(book.slice(book.indexOf('"addresses"')))?.[1];
  const history = await json(await api.get(`/ssr/myaccount/orders?locale=${locale}`), 'order history');
  const online = history.online?.orders ?? [];
  const returnable = online.find((o) => o.items?.some((i) => i.returnableFlows?.length)) ?? online[0];
  const offline = history.offline?.orders?.[0];
  if (!addressId || !online[0] || !offline)
    throw new Error(`${locale}: the demo client has no address or no orders (DEMO_CLIENT seeding)`);
  return { addressId, online: online[0].orderNumber, offline: offline.orderNumber, returnable: returnable.orderNumber };
}

// ---------------------------------------------------------------- photographing
async function photograph(browser, base, storageState, c, pages, shots) {
  for (const size of SIZES) {
    const context = await browser.newContext({
      baseURL: base,
      locale: c.locale === 'ja-jp' ? 'ja-JP' : 'fr-FR',
      viewport: { width: size.width, height: size.height },
      ...(size.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
      storageState,
    });
    // Returning visitors: the cookie banner already answered (it is shown on the home page's first visit).
    await context.addCookies([
      { name: 'OptanonAlertBoxClosed', value: new Date().toISOString(), url: base },
      { name: 'OptanonConsent', value: 'groups=C0001%3A1%2CC0002%3A0%2CC0003%3A0%2CC0004%3A0', url: base },
    ]);
    const tab = await context.newPage();
    const errors = [];
    tab.on('pageerror', (e) => errors.push(e.message.split('\n')[0]));
    for (const page of pages) {
      // Signing out ends the client's session: photograph it at the last size only.
      if (page.type === 'logout' && size !== SIZES.at(-1)) continue;
      const path = page.path(c);
      const file = join(OUT, c.locale, size.name, `${page.type}.png`);
      mkdirSync(join(OUT, c.locale, size.name), { recursive: true });
      errors.length = 0;
      let status = null;
      try {
        const res = await tab.goto(path, { waitUntil: 'networkidle', timeout: 60_000 });
        status = res?.status() ?? null;
        await tab.evaluate(() => document.fonts?.ready);
        // Lazy pictures below the fold: scroll to the end and back so the full-page shot holds them.
        await tab.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        await tab.waitForLoadState('networkidle');
        await tab.screenshot({ path: file, fullPage: true, animations: 'disabled' });
        const rendered = await tab.evaluate(
          () => JSON.parse(document.getElementById('sf-bootstrap')?.textContent ?? '{}').pageType ?? null,
        );
        shots.push({
          type: page.type,
          locale: c.locale,
          size: size.name,
          path,
          file,
          status,
          rendered,
          errors: [...errors],
        });
        log(
          `${c.locale} ${size.name.padStart(4)} ${String(status).padEnd(3)} ${page.type}${rendered && rendered !== page.type ? ` (rendered ${rendered})` : ''}`,
        );
      } catch (err) {
        shots.push({
          type: page.type,
          locale: c.locale,
          size: size.name,
          path,
          file: null,
          status,
          rendered: null,
          errors: [String(err.message).split('\n')[0]],
        });
        log(`${c.locale} ${size.name} ${page.type}: ${String(err.message).split('\n')[0]}`);
      }
    }
    await context.close();
  }
}

const esc = (s) =>
  String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]);

function indexPage(shots, locales, started) {
  const types = [...new Set(shots.map((s) => s.type))];
  const columns = locales.flatMap((locale) => SIZES.map((size) => ({ locale, size: size.name })));
  const cell = (type, col) => {
    const s = shots.find((x) => x.type === type && x.locale === col.locale && x.size === col.size);
    if (!s) return '<td class="none">—</td>';
    const notes = [
      s.status && s.status !== 200 ? `HTTP ${s.status}` : '',
      s.rendered && s.rendered !== type ? `rendered ${s.rendered}` : '',
      ...s.errors,
    ].filter(Boolean);
    const img = s.file
      ? `<a href="${esc(relative(OUT, s.file))}"><img src="${esc(relative(OUT, s.file))}" alt="${esc(`${type}, ${col.locale}, ${col.size} px`)}" loading="lazy"></a>`
      : '<span class="failed">not taken</span>';
    return `<td>${img}<div class="path">${esc(s.path)}</div>${notes.length ? `<div class="note">${notes.map(esc).join('<br>')}</div>` : ''}</td>`;
  };
  const skipped = Object.entries(NO_PAGE_OF_ITS_OWN)
    .map(([type, why]) => `<li><code>${esc(type)}</code>: ${esc(why)}</li>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Storefront screenshots</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:24px;color:#111}
table{border-collapse:collapse}
th,td{border:1px solid #ddd;padding:8px;vertical-align:top;text-align:left}
thead th{position:sticky;top:0;background:#fff;z-index:1}
th[scope=row]{font-family:ui-monospace,monospace;white-space:nowrap}
img{display:block;width:220px;height:auto;max-height:640px;object-fit:cover;object-position:top;border:1px solid #eee}
td:nth-child(even) img{width:120px}
.path{font-family:ui-monospace,monospace;font-size:11px;color:#555;max-width:220px;word-break:break-all}
.note{color:#a00;font-size:12px;max-width:220px}
.none,.failed{color:#a00}
</style>
</head>
<body>
<h1>Storefront screenshots</h1>
<p>${shots.filter((s) => s.file).length} full-page screenshots of ${types.length} page types, taken ${esc(started.toISOString())}. Phones are emulated at 390×844 (touch, device pixel ratio 2), desktops at 1440×900. Select a picture to open it at full size.</p>
${skipped ? `<p>Not photographed:</p><ul>${skipped}</ul>` : ''}
<table>
<thead><tr><th scope="col">page type</th>${columns.map((c) => `<th scope="col">${esc(c.locale)} · ${esc(c.size)} px</th>`).join('')}</tr></thead>
<tbody>
${types.map((type) => `<tr><th scope="row">${esc(type)}</th>${columns.map((c) => cell(type, c)).join('')}</tr>`).join('\n')}
</tbody>
</table>
</body>
</html>
`;
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
