import { test, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole, answerCookieBanner } from './helpers';
import { formatPrice } from '../src/lib/format';

// A returning shopper: cookie choices already made, so the banner stays closed.
test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

// fr-FR EUR: "2 300,00 €" with a (narrow) no-break space as group separator.
const EUR_FR = /^\d{1,3}(?:[\u202f\u00a0 ]\d{3})*,\d{2}\u00a0€$/;

test('a French shopper browses a category, opens a product, picks a size and adds it to the bag', async ({ page }) => {
  const consoleErrors = watchConsole(page);

  await page.goto('/fr-fr/');
  await expect(page).toHaveTitle(/Saint Laurent/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La collection d’hiver');
  await expectNoSeriousA11yViolations(page, 'home');

  // Category: through the main navigation; after hydration the router loads the page's /ssr data.
  const pageData = page.waitForResponse((r) => r.url().includes('/ssr/ca/women?locale=fr-fr') && r.status() === 200);
  // The mega-menu: the "Femme" tab opens its panel, whose first link shows the whole category.
  const mainNav = page.getByRole('navigation', { name: 'Navigation principale' });
  await mainNav.getByRole('button', { name: 'Femme' }).click();
  await mainNav.getByRole('link', { name: 'Tout voir : Femme' }).click();
  await pageData;
  await expect(page).toHaveURL(/\/fr-fr\/ca\/women$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Femme');
  await expect(page.getByTestId('total-products')).toHaveText(/\d+ articles/);
  await page.getByRole('link', { name: 'Chaussures' }).first().click();
  await expect(page).toHaveURL(/\/fr-fr\/ca\/women-shoes$/);
  // The address changes at once, but the previous listing ("Femme") stays on screen until the next one's data
  // arrives: wait for the new heading, or a tile of the women's listing could be read and then replaced.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chaussures');
  await expectNoSeriousA11yViolations(page, 'category');

  // Product with sizes: the first tile whose product is in stock.
  const tile = page.getByTestId('product-tile').filter({ hasNotText: 'Épuisé' }).first();
  const tileName = (await tile.getByRole('heading').textContent())?.trim() ?? '';
  await tile.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/fr-fr\/pr\/[a-z0-9-]+-[A-Z0-9]+\.html$/);
  await expect(page.getByTestId('product-name')).toHaveText(tileName);
  await expect(page.getByTestId('product-price')).toContainText('€');
  await expectNoSeriousA11yViolations(page, 'product');

  // Adding without a size asks for one.
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('alert')).toHaveText('Veuillez sélectionner une taille.');

  // Sold-out sizes stay focusable but are announced "…, indisponible": pick the first available one.
  const sizes = page.getByRole('radiogroup', { name: /Sélectionnez votre taille/ });
  await sizes
    .getByRole('radio', { name: /^(?!.*indisponible)/ })
    .first()
    .check({ force: true });
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();

  const bag = page.getByRole('dialog', { name: /Panier \(1\)/ });
  await expect(bag).toBeVisible();
  await expect(bag.getByTestId('minicart-item')).toHaveCount(1);
  await expect(bag.getByTestId('minicart-item')).toContainText(tileName);
  await expect(bag.getByTestId('minicart-line-price')).toHaveText(EUR_FR);
  await expect(bag.getByTestId('minicart-subtotal')).toHaveText(EUR_FR);
  await expectNoSeriousA11yViolations(page, 'minicart');

  // Escape closes the drawer; the header shows the count; the bag survives a reload (server session).
  await page.keyboard.press('Escape');
  await expect(bag).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('bag-count')).toHaveText('1');

  expect(consoleErrors).toEqual([]);
});

test('pages are server-rendered with title, description, price and product JSON-LD', async ({ page, request }) => {
  const listing = await request.get('/api/data/category/women-bags?locale=fr-fr');
  const product = (await listing.json()).products[0];
  const res = await request.get(`/fr-fr${product.url}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<title>${product.name.replace(/&/g, '&amp;').replace(/'/g, "'")} | Saint Laurent</title>`);
  expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
  expect(html).toContain('data-testid="product-name"');
  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  expect(ld).not.toBeNull();
  const json = JSON.parse(ld![1]!);
  expect(json).toMatchObject({ '@type': 'Product', name: product.name, offers: { priceCurrency: 'EUR' } });
  expect(json.offers.price).toMatch(/^\d+\.\d{2}$/);
  // The price as a French shopper reads it is in the HTML itself, before any script runs.
  const price = product.price.salePriceValue ?? product.price.listPriceValue;
  // Written from the market's currency table (spec §9): "2 300,00 €" with no-break spaces.
  expect(html).toContain(formatPrice(price, 'EUR', 'fr-fr'));
  expect(formatPrice(price, 'EUR', 'fr-fr')).toMatch(EUR_FR);

  // Without JavaScript the product page still shows its content.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(`/fr-fr${product.url}`);
  await expect(page.getByTestId('product-name')).toHaveText(product.name);
});

test('unknown and malformed product URLs show the 404 page with status 404', async ({ page }) => {
  for (const path of [
    '/fr-fr/pr/sac-ZZZZ0000NOPE.html',
    '/fr-fr/pr/sac-bad!id.html',
    '/fr-fr/nothing/here',
    '/xx-zz/',
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/introuvable|cannot be found/);
  }
  await expectNoSeriousA11yViolations(page, '404');
});

test('the API portal is served offline at /docs', async ({ request }) => {
  const res = await request.get('/docs');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('Storefront API');
  expect(html).not.toMatch(/<script[^>]+src="https?:\/\//);
});

test('the API portals render under their policy: scripts run, nothing is refused, nothing comes from another host', async ({
  page,
  baseURL,
}) => {
  const errors: string[] = [];
  const offsite: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(new URL(baseURL!).origin) && !r.url().startsWith('data:')) offsite.push(r.url());
  });
  for (const [path, title] of [
    ['/docs', 'Storefront API'],
    ['/docs/customer-service', 'Customer Service API'],
  ] as const) {
    await page.goto(path);
    // Redoc draws the operations' menu only once its inline bundle has run.
    await expect(page.getByRole('navigation').or(page.locator('.menu-content')).first()).toBeVisible();
    await expect(page.getByText(title).first()).toBeVisible();
    // The tag groups, then the one reference section.
    await expect(page.getByText('Reference', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Error catalogue', { exact: true }).first()).toBeVisible();
    // Redoc's logo is inline and its telemetry off: no request elsewhere, no CSP refusal, no error at all.
    await page.waitForTimeout(1_000);
  }
  expect(errors).toEqual([]);
  expect(offsite).toEqual([]);
});

test('the portal links to its contract, served as YAML and JSON', async ({ page, request }) => {
  await page.goto('/docs');
  await page.getByRole('link', { name: 'storefront.json' }).first().click();
  await expect(page).toHaveURL(/\/docs\/storefront\.json$/);
  const yaml = await request.get('/docs/storefront.yaml');
  expect(yaml.status()).toBe(200);
  expect(yaml.headers()['content-type']).toBe('application/yaml; charset=utf-8');
  expect(await yaml.text()).toContain('openapi: 3.1.0');
});
