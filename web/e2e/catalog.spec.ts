import { test, expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole, answerCookieBanner } from './helpers';

// Listing pages (filters, sort, pages that follow one another) and search (drawer and results page),
// on the production build with the seeded demo catalogue.

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

/** "3 600,00 €" / "¥190,000" → 3600 / 190000. */
const amount = (text: string) =>
  Number(
    text
      .replace(/[^\d,.]/g, '')
      .replace(/[.,](\d{2})$/, '.$1')
      .replace(/[\s,]/g, ''),
  );

/**
 * Opens the header's search drawer. Before the script runs, the header's search is a plain link to the
 * search page; the click is retried until the drawer is there.
 */
async function openSearch(page: Page) {
  await page.waitForLoadState('networkidle');
  const overlay = page.getByTestId('search-overlay');
  await expect(async () => {
    await page.getByTestId('search-button').click();
    await expect(overlay).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return overlay;
}

async function tilePrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('product-tile').locator('.product-tile__price').allTextContents();
  // A tile on sale shows the sale price first.
  return texts.map((t) => amount(t.split('€')[0]!));
}

test('a French shopper filters shoes by colour and size, sorts by price, and shares the URL', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/fr-fr/ca/women-shoes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chaussures');
  const total = page.getByTestId('total-products');
  const before = Number((await total.textContent())?.replace(/\D/g, ''));
  await expectNoSeriousA11yViolations(page, 'listing');

  // The drawer: each value with its count; the apply button counts what the draft selection leaves.
  await page.getByTestId('open-filters').click();
  const drawer = page.getByRole('dialog', { name: /Filtrer/ });
  await expect(drawer).toBeVisible();
  const black = drawer.getByTestId('filter-color-black');
  await expect(black).toContainText(/Noir\s*\d+/);
  await black.click();
  await expect(drawer.getByTestId('filters-apply')).toHaveText(/Voir les? \d+ résultats?/);
  await drawer.getByTestId('filter-size-38').click();
  await expect(drawer.getByRole('heading', { name: 'Filtrer (2)' })).toBeVisible();
  const apply = drawer.getByTestId('filters-apply');
  await expect(apply).toHaveText(/\d/);
  const expected = Number((await apply.textContent())?.replace(/\D/g, ''));
  await expectNoSeriousA11yViolations(page, 'filter drawer');
  await apply.click();
  await expect(drawer).toBeHidden();

  // The selection is in the URL with the filters' URL names, shown as removable chips.
  await expect(page).toHaveURL(/\/fr-fr\/ca\/women-shoes\?filters=color:black,size:38$/);
  await expect(page.getByTestId('filter-chip')).toHaveText(['Noir', '38']);
  await expect(total).toHaveText(`${expected} articles`);
  expect(expected).toBeLessThan(before);

  // Sort by price (a native select, the phone's own picker): the filters stay, the prices ascend.
  const sort = page.getByRole('combobox', { name: 'Trier par' });
  await sort.selectOption({ label: 'Prix croissant' });
  await expect(page).toHaveURL(/\?filters=color:black,size:38&sort=price_asc$/);
  await expect(sort).toHaveValue('price_asc');
  await expect
    .poll(async () => {
      const prices = await tilePrices(page);
      return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
    })
    .toBe(true);

  // The URL is the whole state: a fresh visit renders the same listing on the server.
  await page.reload();
  await expect(page.getByTestId('filter-chip')).toHaveText(['Noir', '38']);
  await expect(total).toHaveText(`${expected} articles`);
  await expect(sort).toHaveValue('price_asc');
  await expectNoSeriousA11yViolations(page, 'filtered listing');

  // A chip removes its value.
  await page.getByRole('button', { name: 'Retirer 38' }).click();
  await expect(page).toHaveURL(/\?filters=color:black&sort=price_asc$/);
  await expect(page.getByTestId('filter-chip')).toHaveText(['Noir']);
  expect(errors).toEqual([]);
});

test('the next pages of a listing follow the first (link, then scrolling), and the link works without a script', async ({
  page,
  request,
}) => {
  await page.goto('/fr-fr/ca/women');
  const tiles = page.getByTestId('product-tile');
  await expect(tiles).toHaveCount(24);
  // The app's "more" (its grid adds the next page to the first): once the page is live. Before, the link is a plain
  // link to page 2 alone, as without a script (checked below).
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const more = page.getByTestId('load-more');
  await expect(more).toHaveAttribute('href', '/fr-fr/ca/women?page=2');
  await more.click();
  // The grid holds every page up to the one in the URL.
  const settled = async () => {
    const n = await tiles.count();
    return n === 24 * Number(new URL(page.url()).searchParams.get('page') ?? 1) ? n : -1;
  };
  await expect.poll(settled).toBeGreaterThanOrEqual(48);
  // Scrolling near the end loads the next page by itself (infinite scroll).
  const shown = await settled();
  await page.mouse.wheel(0, 30_000);
  await expect.poll(settled).toBeGreaterThan(shown);
  // The same link, followed without JavaScript, is a server-rendered page 2.
  const html = await (await request.get('/fr-fr/ca/women?page=2')).text();
  expect(html).toContain('data-testid="product-tile"');
  expect(html).toContain('href="/fr-fr/ca/women?page=3"');
});

test('searching "sac" from the French header finds bags, then the results page lists them', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/fr-fr/');
  const opener = page.getByTestId('search-button');
  const overlay = await openSearch(page);
  // Trending searches and products while nothing is typed.
  await expect(overlay.getByText('Recherches du moment')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'search drawer');

  const input = page.getByTestId('search-input');
  await expect(input).toBeFocused();
  await input.pressSequentially('sac', { delay: 40 });
  const hits = overlay.getByTestId('search-product');
  await expect(hits.first()).toContainText(/Sac/i);
  expect(await hits.count()).toBeLessThanOrEqual(6);
  await expectNoSeriousA11yViolations(page, 'search drawer with suggestions');

  // ↓ moves through the suggestions while the field keeps focus; Escape closes and focus returns.
  await input.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
  await input.press('Escape');
  await expect(overlay).toBeHidden();
  await expect(opener).toBeFocused();

  // Enter (nothing chosen) opens the results page.
  await opener.click();
  await page.getByTestId('search-input').fill('sac');
  await page.getByTestId('search-input').press('Enter');
  await expect(page).toHaveURL(/\/fr-fr\/search\?q=sac$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Résultats pour « sac »');
  await expect(page.getByTestId('product-tile').first()).toContainText(/Sac/i);
  await expect(page.getByTestId('total-products')).toHaveText(/\d+ articles/);
  // Analytics learn the search index of spec §7 that answered.
  const searchEvents = await page.evaluate(() =>
    (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'search_results'),
  );
  expect(searchEvents.at(-1)).toMatchObject({
    event: 'search_results',
    searchTerm: 'sac',
    indexName: 'products_fr_eu',
    page: 1,
  });
  await expectNoSeriousA11yViolations(page, 'search page');
  expect(errors).toEqual([]);
});

test('a search with no result says so and offers other searches', async ({ page }) => {
  await page.goto('/fr-fr/search?q=qwxzv');
  await expect(page.getByTestId('search-no-results')).toContainText('Aucun résultat pour « qwxzv »');
  await expectNoSeriousA11yViolations(page, 'search without results');
});

test('a Japanese shopper finds a product by its Japanese name', async ({ page, request }) => {
  const listing = await (await request.get('/api/data/category/women-bags?locale=ja-jp')).json();
  const name: string = listing.products[0].name;
  expect(name).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  await page.goto('/ja-jp/');
  await openSearch(page);
  const input = page.getByTestId('search-input');
  await input.fill(name);
  await expect(page.getByTestId('search-product').first()).toContainText(name);
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/ja-jp/search\\?q=`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`「${name}」の検索結果`);
  await expect(page.getByTestId('product-tile').filter({ hasText: name }).first()).toBeVisible();
});

test('the United States (no locale prefix) reaches its categories: /ca/… is a category there, not Canada', async ({
  page,
}) => {
  const res = await page.goto('/ca/women-bags');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/ca\/women-bags$/);
  await expect(page.getByTestId('product-tile').first()).toBeVisible();
  // From the home page, through the menu, as a shopper goes.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button').first().click();
  await page.locator('.mega-menu__panel:not([hidden]) .mega-menu__level2').first().click();
  await expect(page).toHaveURL(/^[^?]*\/ca\/[a-z-]+$/);
  await expect(page.getByTestId('product-tile').first()).toBeVisible();
});

test.describe("a tile's second picture", () => {
  const listing = '/fr-fr/ca/women-bags';
  const hoverPictures = (page: Page) => page.locator('.product-tile__image--hover');

  test('is never fetched by a phone, which cannot hover to show it', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    await answerCookieBanner(context, baseURL);
    const page = await context.newPage();
    const pictures: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image' && new URL(r.url()).pathname.startsWith('/media/')) pictures.push(r.url());
    });
    await page.goto(listing);
    await page.waitForLoadState('networkidle');
    // The grid's tiles each name a second picture, and the first rows' first pictures were fetched.
    expect(await hoverPictures(page).count()).toBeGreaterThan(4);
    const second = await hoverPictures(page).evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.filter((url) => second.includes(url))).toEqual([]);
    await expect(hoverPictures(page).first()).toBeHidden();
    await context.close();
  });

  test('shows on a desktop when the pointer is over the tile', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(listing);
    const tile = page.getByTestId('product-tile').first();
    const second = tile.locator('.product-tile__image--hover');
    await expect(second).toHaveCSS('opacity', '0');
    await tile.hover();
    await expect(second).toHaveCSS('opacity', '1');
    await expect
      .poll(() => second.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))
      .toBe(true);
  });
});
