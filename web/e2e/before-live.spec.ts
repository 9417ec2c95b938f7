import { test, expect, type Page } from '@playwright/test';
import { answerCookieBanner, watchConsole } from './helpers';

// The app is fetched after the first paint: on a slow phone the server's page is on the screen, tappable, for a
// moment before it is live. A tap on one of the app's controls then is held and answered once the page is live
// (web/src/lib/early-taps.ts), never lost and never sent the browser's way (a form to its own URL).

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

/** A slow phone: every script of the app arrives 1.5 s late. */
async function slowScripts(page: Page) {
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
}

const notLiveYet = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated ?? 'not yet');

test('the phone menu tapped before the page is live opens once it is', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await slowScripts(page);
  await page.goto('/fr-fr/', { waitUntil: 'domcontentloaded' });
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await menu.click();
  expect(await notLiveYet(page)).toBe('not yet');
  // Heard: the button says it is busy while the page gets ready.
  await expect(menu).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 });
  await expect(page.getByRole('dialog').getByRole('navigation')).toBeVisible();
  await expect(menu).not.toHaveAttribute('aria-busy', 'true');
  expect(errors).toEqual([]);
});

test('a sign-in sent before the page is live goes through once it is, and never puts the password in the address', async ({
  page,
}) => {
  await slowScripts(page);
  await page.goto('/signin', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email address').fill('client@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Maison-Montaigne-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect(await notLiveYet(page)).toBe('not yet');
  expect(page.url()).not.toContain('Maison');
  await expect(page).toHaveURL(/\/myaccount$/, { timeout: 20_000 });
});

test('a page scrolled before it is live stays where the shopper scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await slowScripts(page);
  await page.goto('/fr-fr/ca/women-bags', { waitUntil: 'domcontentloaded' });
  await page.mouse.wheel(0, 1_200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  expect(await notLiveYet(page)).toBe('not yet');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 });
  // Not thrown back to the top when the page goes live.
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
});
