// The details a shopper notices when a luxury site is not consistent: one button system, one way of writing a
// day (the same in the server's HTML and in the browser), a bag that says what the order comes to, headings that
// never skip a level, footer links on one line. Each at a phone's width and a desktop's where it matters.
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { formatPrice } from '../src/lib/format';
import { formatShopDay, formatShopDays } from '../src/lib/shop-day';
import frCheckout from '../src/locales/fr/checkout.json' with { type: 'json' };
import { answerCookieBanner, watchConsole } from './helpers';

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

const WIDTHS = [390, 1440] as const;
const VARIANTS = ['ui-button--primary', 'ui-button--secondary', 'ui-button--tertiary'];

/** A product of a French listing in stock and sold online, through the page data the server serves. */
async function productInStock(
  request: APIRequestContext,
): Promise<{ id: string; url: string; sizes: { id: string; inStock: boolean }[] }> {
  const listing = await (await request.get('/api/data/category/women-bags?locale=fr-fr&pageSize=24')).json();
  for (const tile of listing.products as { id: string; availability: { inStock: boolean } }[]) {
    if (!tile.availability.inStock) continue;
    const res = await request.get(`/ssr/pr/${tile.id}?locale=fr-fr`);
    if (res.ok()) return (await res.json()).product;
  }
  throw new Error('No product in stock in women-bags');
}

/** Every `.ui-button` of the page: its variant classes and the look the variant fixes. */
async function buttonsOf(page: Page) {
  return page.locator('.ui-button').evaluateAll(
    (els, variants) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => {
          const s = getComputedStyle(e);
          return {
            label: (e.textContent ?? '').trim().slice(0, 30),
            variants: variants.filter((v) => e.classList.contains(v)),
            look: [s.borderTopLeftRadius, s.textTransform, s.letterSpacing, s.fontFamily, s.fontWeight].join(' | '),
            height: e.getBoundingClientRect().height,
          };
        }),
    VARIANTS,
  );
}

function expectOneButtonSystem(buttons: Awaited<ReturnType<typeof buttonsOf>>, where: string) {
  expect(buttons.length, where).toBeGreaterThan(0);
  for (const b of buttons) {
    expect(b.variants, `${where}: "${b.label}" has one of the three variants`).toHaveLength(1);
    expect(b.height, `${where}: "${b.label}" is a 44 px target`).toBeGreaterThanOrEqual(44);
  }
  // A variant looks the same wherever it is used: no feature restyles it.
  for (const v of VARIANTS) {
    const looks = new Set(buttons.filter((b) => b.variants[0] === v).map((b) => b.look));
    expect(looks.size, `${where}: every ${v} alike (${[...looks].join(' ‖ ')})`).toBeLessThanOrEqual(1);
  }
}

for (const width of WIDTHS) {
  test(`one button system: one primary in the buy box, three variants alike everywhere (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const product = await productInStock(request);
    await page.goto(`/fr-fr${product.url}`);
    const buyBox = page.locator('.product-view__details');
    await expect(buyBox.getByRole('button', { name: /Ajouter au panier/i })).toBeVisible();
    await expect(buyBox.locator('.ui-button--primary:visible')).toHaveCount(1);
    expectOneButtonSystem(await buttonsOf(page), `product page at ${width}`);
  });
}

test('the bag shows the delivery and the total in the checkout summary’s words', async ({ page, request }) => {
  const product = await productInStock(request);
  // The piece into the browser's bag: the context's request shares its cookies (the new session's too).
  const size = product.sizes.find((s) => s.inStock)!;
  const added = await page.request.post('/api/data/basket/add-item?locale=fr-fr', {
    data: { pid: product.id, size: size.id, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);
  const basket = await (await page.request.get('/api/data/basket/get-basket?locale=fr-fr')).json();

  // On a phone, and with the layout shifts kept from the first paint on: the bag is read once the page is
  // interactive, and its lines and totals must not push the page about when they arrive.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/fr-fr/basket');
  const summary = page.locator('.basket-page__summary');
  await expect(summary.getByText(frCheckout.summary.shipping, { exact: true })).toBeVisible();
  await expect(summary.getByText(frCheckout.summary.total, { exact: true })).toBeVisible();
  // Standard delivery is free in France; the total is what the checkout's summary starts from.
  await expect(summary.locator('dd').nth(1)).toHaveText(
    basket.estimatedTotals.shipping === 0
      ? frCheckout.delivery.free
      : formatPrice(basket.estimatedTotals.shipping, 'EUR', 'fr-fr'),
  );
  await expect(summary.getByTestId('order-total')).toHaveText(
    formatPrice(basket.estimatedTotals.total, 'EUR', 'fr-fr'),
  );
  expectOneButtonSystem(await buttonsOf(page), 'bag');
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  expect(
    shifts.reduce((a, b) => a + b, 0),
    `layout shifts ${JSON.stringify(shifts)}`,
  ).toBeLessThanOrEqual(0.02);
});

test('the browser writes every day as the server does, in the ten languages (no hydration mismatch)', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  // The one helper, bundled for the page: Chromium's Intl runs the code Node runs on the server.
  const bundle = buildSync({
    entryPoints: [fileURLToPath(new URL('../src/lib/shop-day.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'shopFormat',
    write: false,
    platform: 'browser',
  }).outputFiles[0]!.text;
  // A blank page: the site's Content-Security-Policy runs no inline script, and Intl is the browser's anywhere.
  await page.goto('about:blank');
  await page.addScriptTag({ content: bundle });
  const locales = ['en-us', 'fr-fr', 'de-de', 'es-es', 'it-it', 'pt-br', 'ja-jp', 'ko-kr', 'zh-cn', 'zh-tw'];
  const ranges: [string, string][] = [
    ['2026-12-02', '2026-12-04'],
    ['2026-12-30', '2027-01-04'],
    ['2027-02-26', '2027-03-01'],
  ];
  const inBrowser = await page.evaluate(
    ({ locales, ranges }) => {
      const f = (
        window as unknown as {
          shopFormat: {
            formatShopDays: (a: string, b: string, l: string) => string;
            formatShopDay: (d: string, l: string, y?: boolean) => string;
          };
        }
      ).shopFormat;
      return locales.flatMap((l) => [
        ...ranges.map(([a, b]) => f.formatShopDays(a, b, l)),
        f.formatShopDay('2026-11-28T23:30:00Z', l, true),
      ]);
    },
    { locales, ranges },
  );
  const inNode = locales.flatMap((l) => [
    ...ranges.map(([a, b]) => formatShopDays(a, b, l)),
    formatShopDay('2026-11-28T23:30:00Z', l, true),
  ]);
  expect(inBrowser).toEqual(inNode);
  expect(consoleErrors).toEqual([]);
});

test('the product page writes its delivery estimate in the one day format, hydrated without a mismatch', async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsole(page);
  const product = await productInStock(request);
  const shipping = await (
    await request.get(`/api/data/product/${product.id}/shipping-info?locale=fr-fr`)
  )
    .json()
    .catch(() => null);
  await page.goto(`/fr-fr${product.url}`);
  const options = page.getByTestId('shipping-options');
  await expect(options).toContainText('Livraison estimée');
  const eta = (
    shipping?.options as { available: boolean; eta: { from: string; to: string } | null }[] | undefined
  )?.find((o) => o.available && o.eta)?.eta;
  if (eta) await expect(options).toContainText(formatShopDays(eta.from, eta.to, 'fr-fr'));
  // Never the numeric form the page used to show (02/12/2026 – 04/12/2026).
  await expect(options).not.toContainText(/\d{2}\/\d{2}\/\d{4}/);
  expect(consoleErrors.filter((e) => /hydrat|#418|#423/i.test(e))).toEqual([]);
});

test('headings descend without skipping a level on the home, listing, search, collection and calendar pages', async ({
  page,
}) => {
  for (const path of [
    '/fr-fr/',
    '/fr-fr/ca/women-shoes',
    '/fr-fr/search?q=escarpins',
    '/fr-fr/collections/women-fall-winter-26',
    '/fr-fr/collections/women-fall-winter-26/items',
    '/fr-fr/rive-droite',
    '/fr-fr/rive-droite/calendar/events',
  ]) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
    expect(results.violations.flatMap((v) => v.nodes.map((n) => `${path}: ${n.html.slice(0, 120)}`))).toEqual([]);
  }
});

for (const width of WIDTHS) {
  test(`the footer’s legal links and buttons sit on one line (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/fr-fr/');
    const items = page.locator('.site-footer__legal-links > li > *');
    await expect(items.first()).toBeAttached();
    await items.first().scrollIntoViewIfNeeded();
    // The middle of each label's text (not of its box): links and buttons of one row share it.
    const labels = await items.evaluateAll((els) =>
      els.map((e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        const text = range.getBoundingClientRect();
        const box = e.getBoundingClientRect();
        return {
          tag: e.tagName,
          label: (e.textContent ?? '').trim(),
          middle: text.top + text.height / 2,
          boxTop: box.top,
          boxBottom: box.bottom,
        };
      }),
    );
    expect(labels.some((l) => l.tag === 'BUTTON') && labels.some((l) => l.tag === 'A'), JSON.stringify(labels)).toBe(
      true,
    );
    for (const a of labels) {
      for (const b of labels) {
        const sameRow = a.boxTop < b.boxBottom && b.boxTop < a.boxBottom;
        if (sameRow) expect(Math.abs(a.middle - b.middle), `${a.label} / ${b.label}`).toBeLessThanOrEqual(0.5);
      }
    }
  });
}
