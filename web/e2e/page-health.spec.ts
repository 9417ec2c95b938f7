import { test, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { answerCookieBanner } from './helpers';
import { PAGE_ROUTES } from '../src/lib/route-table';
import { pages as contentPages } from '../../fixtures/content/index';

// Every kind of page the demo data reaches, at two phone sizes and a desktop one, must be whole:
//   - the document no wider than the screen (nothing to scroll sideways, no header or banner off-screen),
//   - no console error, no React hydration error or warning (#418: the server HTML thrown away),
//   - no failed same-origin request (none aborted, none answered ≥ 400 but the 404 page's own document),
//   - on a product page, the minicart that "add to bag" opens lies inside the screen.
// Phones are emulated as phones (meta viewport honoured, touch): a document wider than the screen then widens
// the layout viewport itself, as on a real phone, so the width is compared with the screen's, not innerWidth.
// One context per size, one tab reused for every page; problems are collected so one run names them all.

const SIZES = [
  { name: 'phone 360', width: 360, height: 740, phone: true },
  { name: 'phone 390', width: 390, height: 844, phone: true },
  { name: 'desktop 1440', width: 1440, height: 900, phone: false },
] as const;

/** Console messages React writes about a hydration mismatch (development wording and production codes). */
const HYDRATION = /hydrat|#418|#423|#425|did not match|server rendered (html|text)/i;

interface Visit {
  path: string;
  /** The document's expected status (the 404 page is a 404). */
  status?: number;
}

/** Pages anyone reaches, one per page kind of web/src/lib/paths.ts (`matchPage`). */
function publicPages(product: string): Visit[] {
  return [
    { path: '/fr-fr/' }, // home: hero, CMS carousel of product tiles with sale prices
    { path: '/fr-fr/ca/women-shoes' }, // category listing
    { path: product }, // product with its "complete the look" carousel (minicart checked separately)
    { path: '/fr-fr/search?q=escarpins' }, // search results
    { path: '/fr-fr/cp/the-house' }, // content page
    { path: '/fr-fr/the-icons' }, // catch-all content
    { path: '/fr-fr/legal/terms-and-conditions' }, // legal page with its side navigation
    { path: '/fr-fr/faq' },
    { path: '/fr-fr/client-service' },
    { path: '/fr-fr/contact' },
    { path: '/fr-fr/rive-droite' }, // event dates (formatRange) rendered on both sides
    { path: '/fr-fr/rive-droite/cp/about-rive-droite' },
    { path: '/fr-fr/rive-droite/ca/women' },
    { path: '/fr-fr/rive-droite/calendar/events' },
    { path: '/fr-fr/collections' },
    { path: '/fr-fr/collections/women-fall-winter-26' },
    { path: '/fr-fr/collections/women-fall-winter-26/items' },
    { path: '/fr-fr/collections/women-fall-winter-26/looks' },
    { path: '/fr-fr/looks/women-fw26-look-1' },
    { path: '/fr-fr/stores' },
    { path: '/fr-fr/stores/saint-laurent-avenue-montaigne-1042' }, // opening hours rendered on both sides
    { path: '/fr-fr/signin' },
    { path: '/fr-fr/signup' },
    { path: '/fr-fr/track-order' },
    { path: '/fr-fr/return-order' },
    { path: '/fr-fr/basket' }, // after "add to bag": one line
    { path: '/fr-fr/checkout' },
    { path: '/fr-fr/newsletter/confirm' }, // without the e-mail's token: the page says the link is incomplete
    { path: `/fr-fr/marketing?cid=${campaignId()}` },
    { path: '/fr-fr/this-page-does-not-exist', status: 404 },
    // Korean: the language whose dates and hours Node's ICU and Chromium's write most differently.
    { path: '/ko-kr/rive-droite' },
    {
      path: '/ko-kr/stores/%EC%83%9D%EB%A1%9C%EB%9E%91%20%EC%B2%AD%EB%8B%B4%20%ED%94%8C%EB%9E%98%EA%B7%B8%EC%8B%AD-1751',
    },
  ];
}

/** A campaign page of the content fixtures shown in every market (what `/marketing?cid=` shows). */
function campaignId(): string {
  const everywhere = (p: (typeof contentPages)[number]) => !p.countries;
  const campaign =
    contentPages.find((p) => p.pageUrl.startsWith('/marketing') && everywhere(p)) ??
    contentPages.find((p) => p.category === 'custom' && p.globalPageId !== 'home' && everywhere(p));
  if (!campaign) throw new Error('No campaign page in the content fixtures');
  return campaign.globalPageId;
}

/** The account pages of the demo client (server/src/modules/orders/demo.ts). */
const ACCOUNT_PAGES: Visit[] = [
  { path: '/fr-fr/myaccount' },
  { path: '/fr-fr/myaccount/account-information' },
  { path: '/fr-fr/myaccount/profile' },
  { path: '/fr-fr/myaccount/address-book' },
  { path: '/fr-fr/myaccount/new-address-book' },
  { path: '/fr-fr/myaccount/editpassword' },
  { path: '/fr-fr/myaccount/orders' },
];

/**
 * Page types of the route table this test does not reach, and where they are checked instead: each needs a
 * value only an e-mail, an order or a return gives. Any other page type of the table must be visited here.
 */
const REACHED_ELSEWHERE: Partial<Record<keyof typeof PAGE_ROUTES, string>> = {
  'my-account-activate': 'the activation e-mail’s link (account.spec.ts)',
  'my-account-reset-password': 'the recovery e-mail’s link (account.spec.ts)',
  'my-account-edit-address-book': 'an address id (account.spec.ts)',
  'my-account-payment': 'no page of its own: the not-found page',
  'my-account-return-exchange': 'a returnable order (returns.spec.ts)',
  'my-account-return-thank-you': 'a return just made (returns.spec.ts)',
  'checkout-confirmation': 'an order just placed (checkout.spec.ts)',
  'guest-order-online': 'a guest order’s link (checkout.spec.ts)',
  'guest-return-exchange': 'a guest order’s link (returns.spec.ts)',
  'rive-droite-content': 'the content page kind, in the secondary theme (visited as `content` data)',
};
const DEMO_CLIENT = { email: 'client@example.com', password: 'Maison-Montaigne-2026' };

type Tile = { id: string; url: string; price: { salePriceValue: number | null } | null };

/**
 * A French product in stock in several sizes whose "complete the look" carousel holds a piece on sale (its
 * tile then carries visually hidden price labels), or at least some pieces.
 */
async function productWithCarousel(request: APIRequestContext): Promise<string> {
  let fallback: string | null = null;
  for (const category of ['women-shoes', 'women-ready-to-wear', 'men-shoes']) {
    const listing = await (await request.get(`/api/data/category/${category}?locale=fr-fr&pageSize=24`)).json();
    for (const tile of listing.products as Tile[]) {
      if (tile.price === null) continue;
      const res = await request.get(`/api/data/recommendations/manual?locale=fr-fr&pid=${tile.id}`);
      if (!res.ok()) continue;
      const pieces = ((await res.json()).products ?? []) as Tile[];
      if (pieces.length === 0) continue;
      const page = await (await request.get(`/ssr/pr/${tile.id}?locale=fr-fr`)).json();
      const sizes = (page.product?.sizes ?? []) as { inStock: boolean }[];
      if (sizes.filter((s) => s.inStock).length < 1) continue;
      if (pieces.some((p) => p.price?.salePriceValue != null)) return `/fr-fr${tile.url}`;
      fallback ??= `/fr-fr${tile.url}`;
    }
  }
  if (!fallback) throw new Error('No product of the demo catalogue has a "complete the look" carousel');
  return fallback;
}

/** Watches a tab: console errors, hydration warnings, page errors, failed same-origin requests. */
function watch(page: Page, origin: string) {
  let problems: string[] = [];
  let document: string | null = null;
  let expectedStatus = 200;
  // Which visit each request belongs to: leaving a page aborts what it still had in flight (an idle-time
  // translation or prefetch), which is the browser's doing, not a failure of the page.
  let visitNo = 0;
  const startedIn = new WeakMap<object, number>();
  page.on('request', (r) => startedIn.set(r, visitNo));
  const sameOrigin = (url: string) => url.startsWith(origin);
  page.on('console', (m) => {
    // Chromium reports the 404 page's own document as a resource that failed to load: expected there.
    if (
      m.type() === 'error' &&
      expectedStatus >= 400 &&
      m.location().url === document &&
      m.text().includes(`status of ${expectedStatus}`)
    )
      return;
    if (m.type() === 'error' || (m.type() === 'warning' && HYDRATION.test(m.text())))
      problems.push(`console ${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message.slice(0, 300)}`));
  page.on('requestfailed', (r) => {
    const leftBehind = (startedIn.get(r) ?? visitNo) < visitNo && r.failure()?.errorText === 'net::ERR_ABORTED';
    if (sameOrigin(r.url()) && !leftBehind)
      problems.push(`request failed: ${r.method()} ${r.url().slice(origin.length)} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => {
    if (!sameOrigin(r.url()) || r.status() < 400) return;
    const isDocument = r.request().isNavigationRequest() && r.request().frame() === page.mainFrame();
    if (isDocument && r.url() === document && r.status() === expectedStatus) return;
    problems.push(`${r.status()} for ${r.request().method()} ${r.url().slice(origin.length)}`);
  });
  return {
    /** Starts a visit: what was collected so far belongs to the previous page. */
    start(url: string, status: number) {
      document = url;
      expectedStatus = status;
      problems = [];
      visitNo += 1;
    },
    take() {
      const out = problems;
      problems = [];
      return out;
    },
  };
}

/** The document's width against the screen's, and what sticks out of it (for the message). */
async function overflow(page: Page, screenWidth: number): Promise<string | null> {
  const m = await page.evaluate((screen) => {
    const width = document.documentElement.scrollWidth;
    if (width <= screen && width <= window.innerWidth) return null;
    // The elements reaching furthest right (the last ones in document order: the deepest).
    const right = (el: Element) => el.getBoundingClientRect().right + window.scrollX;
    const far = [...document.body.querySelectorAll('*')].filter((el) => right(el) > screen + 1);
    far.sort((a, b) => right(b) - right(a));
    const culprits = far
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}" (right ${Math.round(right(el))})`,
      );
    return `document ${width} px wide on a ${screen} px screen (innerWidth ${window.innerWidth}); furthest right: ${culprits.join(', ')}`;
  }, screenWidth);
  return m;
}

/** The page types the visits rendered (the bootstrap names each page's type). */
const visitedTypes = new Set<string>();

async function visit(
  page: Page,
  watcher: ReturnType<typeof watch>,
  origin: string,
  v: Visit,
  width: number,
): Promise<string[]> {
  const url = new URL(v.path, origin).href;
  const status = v.status ?? 200;
  watcher.start(url, status);
  const res = await page.goto(v.path, { waitUntil: 'networkidle' });
  // The app loads after the first paint: the page is judged once it is live, so that a hydration error is this
  // page's and the next visit does not cut the app's loading short.
  const live = await page
    .locator('html[data-hydrated="true"]')
    .waitFor({ state: 'attached', timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
  await page.waitForLoadState('networkidle');
  const problems = watcher.take();
  if (!live) problems.push('the page never became live (no data-hydrated after 20 s)');
  if (res?.status() !== status) problems.push(`status ${res?.status()} (expected ${status})`);
  const pageType = await page.evaluate(
    () => (JSON.parse(document.getElementById('sf-bootstrap')?.textContent ?? '{}') as { pageType?: string }).pageType,
  );
  if (pageType) visitedTypes.add(pageType);
  const wide = await overflow(page, width);
  if (wide) problems.push(wide);
  return problems;
}

/** "Add to bag" on the product page: the minicart opens inside the screen. */
async function addToBagOpensMinicartOnScreen(page: Page, width: number, height: number): Promise<string[]> {
  const problems: string[] = [];
  const sizes = page.getByRole('radiogroup', { name: /Sélectionnez votre taille/ });
  if ((await sizes.count()) > 0) {
    const size = sizes.getByRole('radio', { name: /^(?!.*indisponible)/ }).first();
    // A visually hidden radio: ticked from the keyboard, as a keyboard user does.
    await expect(async () => {
      if (!(await size.isChecked())) {
        await size.focus();
        await page.keyboard.press('Space');
      }
      await expect(size).toBeChecked({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
  }
  const button = page.getByRole('button', { name: 'Ajouter au panier' });
  try {
    await button.click({ timeout: 5_000 });
  } catch (e) {
    problems.push(`"Ajouter au panier" cannot be pressed: ${String((e as Error).message).split('\n')[0]}`);
    await button.focus();
    await page.keyboard.press('Enter');
  }
  const bag = page.getByRole('dialog', { name: /Panier/ });
  await expect(bag).toBeVisible();
  // Past the slide-in (350 ms).
  await page.waitForTimeout(450);
  const box = await bag.boundingBox();
  const screen = await page.evaluate(() => ({
    width: window.visualViewport?.width ?? window.innerWidth,
    height: window.visualViewport?.height ?? window.innerHeight,
  }));
  const inside =
    box !== null &&
    box.x >= -1 &&
    box.y >= -1 &&
    box.x + box.width <= Math.min(width, screen.width) + 1 &&
    box.y + box.height <= Math.min(height, screen.height) + 1;
  if (!inside) problems.push(`minicart at ${JSON.stringify(box)}, not inside the ${width}×${height} screen`);
  await page.keyboard.press('Escape');
  await expect(bag).toBeHidden();
  return problems;
}

async function openTab(
  browser: Browser,
  baseURL: string,
  size: (typeof SIZES)[number],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    viewport: { width: size.width, height: size.height },
    ...(size.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  return { context, page: await context.newPage() };
}

let product: string;
test.beforeAll(async ({ request }) => {
  product = await productWithCarousel(request);
});

for (const size of SIZES) {
  test(`every kind of page is whole at ${size.width}×${size.height} (${size.name})`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const origin = baseURL!;
    const { context, page } = await openTab(browser, origin, size);
    const watcher = watch(page, origin);
    const problems: string[] = [];
    const note = (where: string, found: string[]) => problems.push(...found.map((p) => `${where}: ${p}`));

    // A first visit: the cookie banner opens and must be on the screen; then a returning shopper's choices.
    note('/fr-fr/ (first visit)', await visit(page, watcher, origin, { path: '/fr-fr/' }, size.width));
    const banner = page.locator('.cookie-banner');
    await expect(banner).toBeVisible();
    const bannerBox = await banner.boundingBox();
    if (!bannerBox || bannerBox.x < -1 || bannerBox.x + bannerBox.width > size.width + 1)
      note('/fr-fr/ (first visit)', [`cookie banner at ${JSON.stringify(bannerBox)}, off the ${size.width} px screen`]);
    await answerCookieBanner(context, origin);

    for (const v of publicPages(product)) {
      note(v.path, await visit(page, watcher, origin, v, size.width));
      if (v.path === product)
        note(`${v.path} (add to bag)`, [
          ...(await addToBagOpensMinicartOnScreen(page, size.width, size.height)),
          ...watcher.take(),
        ]);
    }

    // The demo client's account pages.
    const login = await page.request.post('/api/auth/login?locale=fr-fr', {
      headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
      data: { ...DEMO_CLIENT, recaptchaToken: 'test-recaptcha-token' },
    });
    expect(login.status(), 'the demo client signs in').toBe(200);
    for (const v of ACCOUNT_PAGES) note(v.path, await visit(page, watcher, origin, v, size.width));
    // One online order and one in-boutique purchase of the demo client (the second tab's links are not in the page
    // until it is chosen: the numbers come from the orders page's data).
    const history = (await (await page.request.get('/ssr/myaccount/orders?locale=fr-fr')).json()) as Record<
      'online' | 'offline',
      { orders: { orderNumber: string }[] }
    >;
    for (const channel of ['online', 'offline'] as const) {
      const number = history[channel]?.orders[0]?.orderNumber;
      if (number)
        note(
          `an ${channel} order of the demo client`,
          await visit(
            page,
            watcher,
            origin,
            { path: `/fr-fr/myaccount/order-${channel}?orderNumber=${encodeURIComponent(number)}` },
            size.width,
          ),
        );
      else problems.push(`/fr-fr/myaccount/orders: the demo client has no ${channel} order to open`);
    }
    // Signing out last: the page that confirms it.
    note('/fr-fr/logout', await visit(page, watcher, origin, { path: '/fr-fr/logout' }, size.width));

    // Every page type of the route table was visited, or is named with the test that reaches it.
    const unvisited = Object.keys(PAGE_ROUTES).filter(
      (type) => !visitedTypes.has(type) && !(type in REACHED_ELSEWHERE),
    );
    if (unvisited.length) problems.push(`page types of the route table no visit reached: ${unvisited.join(', ')}`);

    await context.close();
    expect(problems).toEqual([]);
  });
}
