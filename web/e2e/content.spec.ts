import { test, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole, answerCookieBanner } from './helpers';

// Content pages of the storefront: CMS components, FAQ, legal, "rive droite" shell and calendar, Japanese prices.
// Runs against the production build on the seeded demo content (fixtures/content).

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

test('the French home page is made of CMS components, under the house header and footer', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/fr-fr/');
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'default');
  // The hero opens the page and carries its h1; the header floats over it.
  const hero = page.locator('.cms-block--hero');
  await expect(hero).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.site-header--over-hero')).toHaveCount(1);
  // More component types below it.
  for (const type of ['carousel', 'grid', 'product-island'])
    await expect(page.locator(`.cms-block--${type}`).first()).toBeAttached();
  await expect(page.getByTestId('product-tile').first()).toBeVisible();
  // The carousel never moves by itself and announces its slides.
  const carousel = page.locator('.cms-block--carousel [aria-roledescription]').first();
  await expect(carousel.locator('[role="group"]').first()).toHaveAttribute('aria-label', /1 sur \d+/);
  // Footer: newsletter call and market button (France — Français).
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('button', { name: /France/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'home fr-fr');
  expect(errors).toEqual([]);
});

test('Japanese prices are in yen, without decimals', async ({ page }) => {
  await page.goto('/ja-jp/');
  const price = page.getByTestId('product-tile').first().locator('.product-tile__price');
  await expect(price).toContainText(/[¥￥]/);
  await expect(price).not.toContainText(/\.\d{2}/);
});

test('a content page renders its components with breadcrumbs', async ({ page }) => {
  await page.goto('/fr-fr/cp/the-house');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('.cms-content .cms-block').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'content page');
});

test('the FAQ lists its subjects and opens an answer with the keyboard', async ({ page }) => {
  await page.goto('/fr-fr/faq');
  const subjects = page.getByRole('navigation', { name: 'Thèmes' });
  await expect(subjects.getByRole('link').first()).toBeVisible();
  // Every subject link points at the accordion answering it.
  const href = await subjects.getByRole('link').first().getAttribute('href');
  await expect(page.locator(href!)).toHaveClass(/cms-accordion/);
  // A closed question, opened with Enter.
  const firstClosed = page.locator('.cms-accordion__trigger[aria-expanded="false"]').first();
  const trigger = page.locator(`[id="${await firstClosed.getAttribute('id')}"]`);
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Space');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expectNoSeriousA11yViolations(page, 'faq');
});

test('a legal page has the other legal pages in a side navigation', async ({ page }) => {
  await page.goto('/fr-fr/legal/terms-and-conditions');
  const nav = page.getByRole('navigation', { name: 'Informations légales' });
  await expect(nav).toBeVisible();
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  const other = nav.getByRole('link').first();
  const title = (await other.textContent())!.trim();
  await other.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectNoSeriousA11yViolations(page, 'legal');
  // The legacy v1 route redirects.
  const res = await page.request.get('/fr-fr/legal/v1/terms-and-conditions', {
    maxRedirects: 0,
    headers: { Accept: 'text/html' },
  });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/fr-fr/legal/terms-and-conditions');
});

test('the rive droite boutique has its own shell and dark theme', async ({ page }) => {
  await page.goto('/fr-fr/rive-droite');
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'rive-droite');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('link', { name: /^Rive Droite/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'rive droite');
  // Back to the house: the default shell and theme come back on client navigation.
  await page.locator('.site-header__back').click();
  await expect(page).toHaveURL(/\/fr-fr\/$/);
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'default');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the calendar filters events by theme or location through the URL', async ({ page }) => {
  await page.goto('/fr-fr/rive-droite/calendar/events');
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'rive-droite');
  await expect(page.getByRole('tablist')).toBeVisible();
  await expect(page.getByTestId('calendar-card').first()).toBeVisible();
  const chip = page.locator('.calendar__facet .chip:not([data-disabled])').first();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/ssr/rive-droite/calendar/')),
    chip.click(),
  ]);
  expect(response.ok()).toBe(true);
  await expect(page).toHaveURL(/[?&]filters=(themes|locations)%3A|[?&]filters=(themes|locations):/);
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page, 'calendar');
});

test('an unknown single-segment page and a malformed Japanese URL are not found', async ({ page }) => {
  const res = await page.goto('/fr-fr/this-page-does-not-exist');
  expect(res?.status()).toBe(404);
  // Never a dead end: a search, the house's main categories and the way home.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cette page est introuvable');
  const explore = page.getByRole('navigation', { name: 'Découvrir les collections' });
  await expect(explore.getByRole('link')).not.toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: /Retour à l.accueil/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '404 fr-fr');
  await page.getByRole('main').getByRole('searchbox').fill('sac');
  await page.getByRole('main').getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/fr-fr\/search\?q=sac$/);
  await expect(page.getByTestId('product-tile').first()).toBeVisible();
  const bad = await page.goto('/ja-jp/cp/%E3%83');
  expect(bad?.status()).toBe(404);
});

test('on a phone, the menu drills down a level at a time and back, and a category link closes it', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fr-fr/');
  // The menu is the app's: it opens once the page is live (the app loads after the first paint).
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const drawer = page.getByRole('dialog');
  const nav = drawer.getByRole('navigation');
  await expect(nav).toHaveAttribute('data-level', '1');
  const first = nav.locator('.mobile-menu__item--opens').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  // The level: a back step with focus, the category as heading, "see all", its sub-categories.
  await expect(nav).toHaveAttribute('data-level', '2');
  await expect(nav.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Retour, Menu' })).toBeFocused();
  await expect(nav.getByRole('link', { name: `Tout voir : ${name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'mobile menu, level 2');
  // Back with the keyboard: focus returns to the category that opened the level.
  await page.keyboard.press('Enter');
  await expect(nav).toHaveAttribute('data-level', '1');
  await expect(nav.getByRole('button', { name })).toBeFocused();
  // Down again and to a listing: the drawer closes on the new page.
  await nav.getByRole('button', { name }).click();
  const link = nav
    .locator('.mobile-menu__list a.mobile-menu__item, .mobile-menu__list .mobile-menu__item--opens')
    .first();
  if (await link.evaluate((el) => el.tagName === 'BUTTON')) await link.click();
  const target = nav.locator('.mobile-menu__list a.mobile-menu__item').first();
  const href = await target.getAttribute('href');
  await target.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(drawer).toBeHidden();
  // No scroll sideways at this width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
});

test('on a phone, the info banner is one line that can be closed, and once scrolled the header is the bar alone', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fr-fr/');
  const banner = page.locator('.site-header .cms-info-banner');
  await expect(banner).toBeVisible();
  expect((await banner.boundingBox())!.height).toBe(32);
  // The message is not wrapped: its text box is one line high.
  const text = banner.locator('.cms-info-banner__text');
  expect(await text.evaluate((el) => el.getClientRects().length)).toBe(1);
  // Scrolled, the banner slides away and the bar stays at the top; nothing below moves.
  await page.mouse.wheel(0, 600);
  await expect(page.locator('.site-header')).toHaveClass(/site-header--scrolled/);
  await expect.poll(async () => (await page.locator('.site-header__bar').boundingBox())!.y).toBe(0);
  await page.mouse.wheel(0, -600);
  await expect(page.locator('.site-header')).not.toHaveClass(/site-header--scrolled/);
  // Closed: gone for the rest of the visit (a client navigation keeps it closed), focus on the header.
  await banner.getByRole('button', { name: 'Fermer' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeFocused();
  await page.getByRole('contentinfo').getByRole('link').first().click();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.site-header .cms-info-banner')).toHaveCount(0);
  expect(errors).toEqual([]);
});
