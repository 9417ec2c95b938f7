import { test, expect, type Page } from '@playwright/test';
import { answerCookieBanner, watchConsole } from './helpers';

// Per-route code: a page loads the shell and its own route's chunk, never another page's; a link the shopper
// points at loads its page's chunk and data ahead, so the click shows the page without waiting for either.

/** The same-origin scripts the page has requested so far (entry, chunks, modulepreloads). */
function scriptsOf(page: Page): () => string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || /\/assets\/.*\.js$/.test(r.url())) urls.push(new URL(r.url()).pathname);
  });
  return () => urls;
}

test.beforeEach(async ({ context, baseURL }) => answerCookieBanner(context, baseURL));

test('a listing loads its own route chunk, not the product page’s; pointing at a product loads it ahead', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const scripts = scriptsOf(page);
  const dataRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/ssr/')) dataRequests.push(new URL(r.url()).pathname);
  });
  const response = await page.goto('/fr-fr/ca/women-shoes');
  // What the HTML makes the browser fetch: before the first paint only the entry (the head's scripts), after
  // it the app and the listing's own chunk (the page's `sf-modules` list), never another page's.
  const text = await response!.text();
  const head = text.split('</head>')[0]!;
  const early = [...head.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(early.some((s) => /\/(framework|category-route)-[^/]+\.js$/.test(s))).toBe(false);
  const listed = /<script type="application\/json" id="sf-modules">([^<]*)<\/script>/.exec(text)?.[1];
  const referenced = [...early, ...(JSON.parse(listed ?? '[]') as string[])];
  expect(referenced.some((s) => /\/category-route-[^/]+\.js$/.test(s))).toBe(true);
  expect(referenced.some((s) => /\/(product-route|checkout-routes|search-route|home-route)-[^/]+\.js$/.test(s))).toBe(
    false,
  );
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // The hydration fetched no other page's code either (links in view load theirs once the browser is idle).
  expect(scripts().some((s) => /\/checkout-routes-[^/]+\.js$/.test(s))).toBe(false);

  const tile = page.getByTestId('product-tile').first().locator('a').first();
  const href = (await tile.getAttribute('href'))!;
  const pid = /-([A-Za-z0-9]+)\.html$/.exec(href)![1]!;
  await tile.hover();
  await expect.poll(() => scripts().some((s) => /\/product-route-[^/]+\.js$/.test(s))).toBe(true);
  await expect.poll(() => dataRequests.filter((p) => p === `/ssr/pr/${pid}`).length).toBe(1);

  await tile.click();
  await expect(page).toHaveURL(new RegExp(`${pid}\\.html$`));
  await expect(page.locator('h1')).toBeVisible();
  // The click used the data fetched on hover.
  expect(dataRequests.filter((p) => p === `/ssr/pr/${pid}`).length).toBe(1);

  // Back and forward move between the pages in the document (no new document is loaded).
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.goBack();
  await expect(page).toHaveURL(/\/fr-fr\/ca\/women-shoes$/);
  await expect(page.getByTestId('product-tile').first()).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${pid}\\.html$`));
  await expect(page.locator('h1')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('a client navigation to a page whose strings were not inlined shows its strings, never its keys', async ({
  page,
}) => {
  const errors = watchConsole(page);
  // The store locator's strings (`stores`) are not inlined on the home page; they answer slowly here (also to
  // the load of every namespace that follows the first page), and the navigation starts before they arrive.
  await page.route('**/api/data/translations/fr/stores', async (route) => {
    await new Promise((r) => setTimeout(r, 3_000));
    await route.continue();
  });
  await page.goto('/fr-fr/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // Every text the page shows from now on is recorded: a key (`list.title`) shown even for a moment is caught.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver(() => seen.push(document.querySelector('main')?.textContent ?? '')).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    window.history.pushState({}, '', '/fr-fr/stores');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('main h1')).toHaveText('Boutiques');
  const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
  expect(seen.filter((t) => t.includes('list.title') || t.includes('list.intro'))).toEqual([]);
  expect(errors).toEqual([]);
});

test('a phone’s first page writes its days with the server’s one day format, making no Intl formatter of its own', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  // Every Intl formatter the page makes is counted (plural rules excepted: they load no locale data worth
  // speaking of). A phone's first formatter of any kind loads the ICU data, the largest task of these pages.
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { intlMade: string[] }).intlMade = made;
    const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>;
    for (const kind of [
      'DateTimeFormat',
      'NumberFormat',
      'DisplayNames',
      'Collator',
      'ListFormat',
      'RelativeTimeFormat',
    ]) {
      const Made = intl[kind]!;
      intl[kind] = new Proxy(Made, {
        construct: (target, args) => (made.push(kind), Reflect.construct(target, args)),
        apply: (target, self, args) => (made.push(kind), Reflect.apply(target, self, args)),
      });
    }
  });
  const made = () => page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade);

  // A Japanese product page: its delivery dates come from the API once the page is live, and are written
  // like every day of the house (`12月2日(水)`).
  const listing = await (await request.get('/api/data/category/women-bags?locale=ja-jp')).json();
  const tile = (listing.products as { url: string; price: unknown }[]).find((p) => p.price !== null)!;
  await page.goto(`/ja-jp${tile.url}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const eta = page.getByTestId('shipping-options').getByRole('listitem').first();
  await expect(eta).toContainText(/\d{1,2}月\d{1,2}日\([日月火水木金土]\)/);
  expect(await made()).toEqual([]);

  // The checkout, with a piece in the bag.
  const size = (
    (await (await request.get(`/ssr/pr/${tile.url.match(/-([A-Za-z0-9]+)\.html$/)![1]}?locale=fr-fr`)).json()).product
      .sizes as { id: string; inStock: boolean }[]
  ).find((s) => s.inStock)!;
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'sid' || c.name === '__Host-sid'))
    .toBe(true);
  const added = await page.request.post('/api/data/basket/add-item?locale=fr-fr', {
    data: { pid: tile.url.match(/-([A-Za-z0-9]+)\.html$/)![1], size: size.id, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);
  await page.goto('/fr-fr/checkout');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByTestId('checkout-step-contact')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await made()).toEqual([]);
  expect(errors).toEqual([]);
});
