import { test, expect, type APIRequestContext, type Locator } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole, answerCookieBanner } from './helpers';

// A returning shopper: cookie choices already made, so the banner stays closed.
test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

type PageProduct = {
  id: string;
  url: string;
  name: string;
  sizeGroup: string | null;
  sizes: { id: string; displayValue: string; inStock: boolean; displayStatus?: string }[];
  colorVariants?: { pid: string; url: string; color: string }[];
  price: { listPriceValue: number; salePriceValue: number | null; currencyCode: string } | null;
};

/** The first product of a French listing that satisfies `want`, read from the page data the server serves. */
async function findProduct(request: APIRequestContext, want: (p: PageProduct) => boolean): Promise<PageProduct> {
  for (const category of ['women-shoes', 'men-shoes', 'women-ready-to-wear', 'men-ready-to-wear']) {
    const listing = await (await request.get(`/api/data/category/${category}?locale=fr-fr&pageSize=48`)).json();
    for (const tile of listing.products as { id: string }[]) {
      const res = await request.get(`/ssr/pr/${tile.id}?locale=fr-fr`);
      if (!res.ok()) continue;
      const product = (await res.json()).product as PageProduct;
      if (want(product)) return product;
    }
  }
  throw new Error('No product of the demo catalogue matches');
}

// A sold-out size whose return can be announced (spec §3 display status `notify me`).
const soldOutSize = (p: PageProduct) => p.sizes.find((s) => !s.inStock && s.displayStatus === 'notify me');

test('a shopper switches colour, reads the size guide and is notified of a sold-out size', async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsole(page);

  // Colour swatches: a product with at least two colours (spec §5, no category allowlist configured).
  const colourful = await findProduct(request, (p) => (p.colorVariants?.length ?? 0) > 0 && p.sizeGroup !== null);
  await page.goto(`/fr-fr${colourful.url}`);
  await expect(page.getByTestId('product-name')).toHaveText(colourful.name);
  await expectNoSeriousA11yViolations(page, 'product');

  const swatches = page.getByRole('list', { name: 'Couleurs' });
  await expect(swatches.getByTestId('swatch')).toHaveCount(colourful.colorVariants!.length);
  const other = colourful.colorVariants![0]!;
  const pageData = page.waitForResponse((r) => r.url().includes(`/ssr/pr/${other.pid}`) && r.status() === 200);
  await swatches.getByRole('link', { name: new RegExp(other.color) }).click();
  await pageData;
  await expect(page).toHaveURL(new RegExp(`${other.pid}\\.html$`));
  await expect(page.getByTestId('product-color')).toHaveText(other.color);
  // The colour left behind is now the first of the recently viewed products.
  await expect(page.getByTestId('recently-viewed').getByTestId('product-tile').first()).toContainText(colourful.name);

  // Size guide: the French market reads French sizes first; the switcher puts another system first.
  await page.getByRole('button', { name: 'Guide des tailles' }).click();
  const guide = page.getByRole('dialog', { name: 'Guide des tailles' });
  await expect(guide).toBeVisible();
  const table = guide.getByTestId('size-guide-table');
  await expect(table.locator('thead th').first()).toHaveText('FR');
  await guide.getByRole('radio', { name: 'Tailles italiennes' }).check({ force: true });
  await expect(table.locator('thead th').first()).toHaveText('IT');
  await expectNoSeriousA11yViolations(page, 'size guide');
  await page.keyboard.press('Escape');
  await expect(guide).toBeHidden();

  // Back in stock: a product with a sold-out size.
  const product = await findProduct(
    request,
    (p) => p.sizeGroup !== null && p.price !== null && soldOutSize(p) !== undefined && p.sizes.some((s) => s.inStock),
  );
  const size = soldOutSize(product)!;
  // The live availability arrives after hydration and may redraw the buying area: interact once it has.
  const liveAvailability = () =>
    page.waitForResponse((r) => r.url().includes(`/api/data/product/${product.id}/availability`) && r.ok());
  let live = liveAvailability();
  await page.goto(`/fr-fr${product.url}`);
  await live;
  const sizes = page.getByRole('radiogroup', { name: /Sélectionnez votre taille/ });
  const soldOut = sizes.getByRole('radio', { name: new RegExp(`^${size.displayValue}\\b.*indisponible`) });
  // React Aria's radios and checkboxes are visually hidden inputs: a forced click at their 1-pixel spot can
  // land on the sticky header once the page is scrolled (a reload restores the scroll). Tick them from the
  // keyboard, as a keyboard user does, until they hold (an early press may also precede hydration).
  const tick = (box: Locator) =>
    expect(async () => {
      if (!(await box.isChecked())) {
        await box.focus();
        await page.keyboard.press('Space');
      }
      await expect(box).toBeChecked({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
  const chooseSoldOut = () => tick(soldOut);
  await chooseSoldOut();
  const form = page.getByRole('form', { name: 'M’avertir' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toHaveCount(0);

  // Checked before sending (spec §5): empty, then a blacklisted typo, each shown beside the field.
  const email = form.getByRole('textbox', { name: 'Adresse e-mail' });
  await form.getByRole('button', { name: 'M’avertir' }).click();
  await expect(form).toContainText('Veuillez saisir votre adresse e-mail.');
  await expect(form).toContainText('Veuillez accepter d’être contacté au sujet de cette pièce.');
  await email.fill('claire.martin@gmail.con');
  await tick(form.getByRole('checkbox'));
  await form.getByRole('button', { name: 'M’avertir' }).click();
  await expect(form).toContainText('Cette adresse semble mal saisie.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'notify me');

  const address = `Claire.Martin+${Date.now()}@Example.org`;
  await email.fill(address);
  const answer = page.waitForResponse((r) => r.url().includes(`/api/data/product/${product.id}/back-in-stock`));
  await form.getByRole('button', { name: 'M’avertir' }).click();
  const response = await answer;
  expect(response.request().postDataJSON()).toMatchObject({
    email: address.toLowerCase(),
    size: size.id,
    locale: 'fr-fr',
    consent: true,
  });
  // The browser tests' server uses the documented test reCAPTCHA verifier (RECAPTCHA_VERIFIER=test).
  expect(response.status()).toBe(201);
  await expect(page.getByTestId('notify-me-done')).toContainText(`taille ${size.displayValue}`);
  // The same alert again: the server's refusal, translated, under the form.
  live = liveAvailability();
  await page.reload();
  await live;
  await chooseSoldOut();
  await email.fill(address);
  await tick(form.getByRole('checkbox'));
  await expect(email).toHaveValue(address);
  await form.getByRole('button', { name: 'M’avertir' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Vous serez déjà informé lorsque cette taille sera de nouveau disponible.',
  );

  // The browser reports the refused call itself ("Failed to load resource … 409"); nothing else may fail.
  const refusal = /status of 409/;
  expect(consoleErrors.filter((e) => !refusal.test(e))).toEqual([]);
});

test('recently viewed products start afresh when local storage holds garbage (ERR_CLT_1013)', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, (p) => p.price !== null);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('recentlyViewed', '{not json');
      sessionStorage.setItem('seeded', '1');
    }
  });
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto(`/fr-fr${product.url}`);
  await expect(page.getByTestId('product-name')).toHaveText(product.name);
  await expect.poll(() => warnings.some((w) => w.startsWith('ERR_CLT_1013'))).toBe(true);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('recentlyViewed')))
    .toBe(JSON.stringify([product.id]));
  await expect(page.getByTestId('recently-viewed')).toHaveCount(0);
});

test('the product page is server-rendered with its structured data, delivery and recommendations', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, (p) => p.price !== null && p.sizes.some((s) => s.inStock));
  const html = await (await request.get(`/fr-fr${product.url}`)).text();
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
  const price = product.price!.salePriceValue ?? product.price!.listPriceValue;
  // Spec §7: brand, and an offer with the price to exactly two decimals, its currency and availability.
  expect(ld).toMatchObject({
    '@type': 'Product',
    brand: { name: 'Saint Laurent' },
    offers: { priceCurrency: 'EUR', price: price.toFixed(2) },
  });
  expect(ld.offers.availability).toMatch(
    /^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder|SoldOut|LimitedAvailability)$/,
  );

  await page.goto(`/fr-fr${product.url}`);
  await expect(page.getByTestId('shipping-options').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('shipping-options')).toContainText('Livraison estimée');
  // The gallery turns with the keyboard.
  const counter = page.getByTestId('gallery-counter');
  if (await counter.count()) {
    await page.getByTestId('gallery-stage').focus();
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(/^2 \/ \d+$/);
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await expect(counter).toHaveText(/^1 \/ \d+$/);
  }
  await expect(page.getByTestId('recommendations').getByTestId('product-tile').first()).toBeVisible();

  // Find in boutique: the French boutiques with their stock of the piece (the journey is in stores.spec.ts).
  await page.getByRole('button', { name: 'Trouver en boutique' }).click();
  const modal = page.getByRole('dialog', { name: 'Trouver en boutique' });
  await expect(modal.getByTestId('find-in-store-list').getByRole('listitem').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'find in store');
});

test('collections, a collection, its pieces and looks, and a look are editorial pages with product tiles', async ({
  page,
}) => {
  await page.goto('/fr-fr/collections');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Collections');
  const first = page.getByTestId('collection-feature').first();
  await expect(first.getByTestId('product-tile').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'collections');

  await first.getByRole('link', { name: 'Découvrir la collection' }).click();
  await expect(page).toHaveURL(/\/fr-fr\/collections\/[a-z0-9-]+$/);
  // The address changes as the link is followed; the landing's heading stays until the collection's page is drawn.
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Collections');
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  await expect(page.getByTestId('look-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'collection');

  await page
    .getByRole('link', { name: /Voir toutes les pièces/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/items$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('product-tile').first()).toBeVisible();
  await page.goBack();

  await page.getByTestId('look-card').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/fr-fr\/looks\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { name: 'Les pièces du look' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'look');
});
