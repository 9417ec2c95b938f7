import { test, expect } from '@playwright/test';
import { answerCookieBanner, watchConsole } from './helpers';

// The house's typography on a phone: the self-hosted fonts load (no failed or refused request), the text is set
// in them, the swap from the metric-matched fallbacks moves nothing (layout shifts ≤ 0.02 on the home page), and
// the header draws the house's wordmark.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
test.beforeEach(async ({ context, baseURL }) => answerCookieBanner(context, baseURL));

test('the home page loads its fonts without a failed request and without a layout shift; the wordmark is drawn', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const fonts: { url: string; status: number }[] = [];
  const failed: string[] = [];
  page.on('response', (r) => {
    if (/\.woff2$/.test(r.url())) fonts.push({ url: new URL(r.url()).pathname, status: r.status() });
    else if (new URL(r.url()).pathname.startsWith('/brand/') && r.status() >= 400)
      failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText} ${r.url()}`));
  // Layout shifts from the first paint on, kept by an observer the page starts before its own scripts.
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });

  await page.goto('/fr-fr/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');

  // Both faces arrived from this origin's hashed assets, each once, and the document uses them.
  expect(fonts.map((f) => f.status)).not.toContain(0);
  expect(
    fonts.every((f) => f.status === 200 && /^\/assets\/[a-z-]+-[\w-]{8}\.woff2$/.test(f.url)),
    JSON.stringify(fonts),
  ).toBe(true);
  expect(fonts.some((f) => f.url.includes('hanken-grotesk-latin-wght-normal'))).toBe(true);
  expect(fonts.some((f) => f.url.includes('bodoni-moda-latin-opsz-normal'))).toBe(true);
  expect(new Set(fonts.map((f) => f.url)).size).toBe(fonts.length);
  const loaded = await page.evaluate(() =>
    [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')),
  );
  expect(loaded).toEqual(expect.arrayContaining(['Hanken Grotesk', 'Bodoni Moda']));
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Hanken Grotesk"?,/);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1, h2')!).fontFamily)).toMatch(
    /^"?Bodoni Moda"?,/,
  );
  expect(failed).toEqual([]);

  // The swap from the fallback faces moved nothing that counts.
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  const total = shifts.reduce((a, b) => a + b, 0);
  expect(total, `layout shifts ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);

  // The house's wordmark: named by the home link, drawn from the page's symbol, between the menu and the icons.
  const home = page.getByRole('link', { name: /^Saint Laurent — / });
  const mark = home.locator('svg.site-header__wordmark-svg');
  await expect(mark).toBeVisible();
  const box = (await mark.boundingBox())!;
  expect(box.width).toBeGreaterThan(100);
  expect(box.width).toBeLessThan(170);
  expect(await page.evaluate(() => document.querySelectorAll('symbol#house-wordmark').length)).toBe(1);
  for (const icon of ['/brand/ysl/favicon.svg', '/brand/ysl/favicon-32.png', '/brand/ysl/apple-touch-icon.png']) {
    expect((await page.request.get(icon)).status(), icon).toBe(200);
  }
  expect(errors).toEqual([]);
});

test('a Japanese page sets its interface in the Japanese face alone and fetches no Latin interface face', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const fonts: string[] = [];
  page.on('response', (r) => {
    if (/\.woff2$/.test(r.url())) fonts.push(new URL(r.url()).pathname);
  });
  await page.goto('/ja-jp/ca/women-bags');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  // One face per line of text: the language's own Gothic face, its Latin letters included (prices, "Rive Droite").
  for (const selector of [
    'body',
    '[data-testid="total-products"]',
    '.product-tile__price, [data-testid="product-price"]',
  ])
    expect(
      await page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily),
      selector,
    ).toMatch(/^"?Hiragino Sans"?,.*"Noto Sans CJK JP"/);
  // The headings keep the house's display face for their Latin letters, before the Mincho face.
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toMatch(
    /^"?Bodoni Moda"?,.*"Noto Serif CJK JP"/,
  );
  expect(fonts.some((f) => f.includes('hanken-grotesk'))).toBe(false);
  expect(fonts.some((f) => f.includes('bodoni-moda-latin-opsz-normal'))).toBe(true);
  expect(errors).toEqual([]);
});
