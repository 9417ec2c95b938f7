import { test, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';

// The server reads the visitor's country from `cf-ipcountry` (VISITOR_COUNTRY_HEADER) and answers it
// as `visitorCountry` from POST /api/data/session; the storefront offers the wrong-market drawer.
test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'DE' } });

const EUR_DE = /\d,\d{2}\s?€/;

test('a visitor from Germany on the French site accepts cookies, is offered Germany and switches', async ({
  page,
  context,
}) => {
  await page.goto('/fr-fr/');

  // Cookie banner: non-modal, labelled, the page stays reachable.
  const banner = page.getByRole('dialog', { name: 'Votre vie privée' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('dialog', { name: /Votre localisation/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'cookie banner');
  await banner.getByRole('button', { name: 'Tout accepter' }).click();
  await expect(banner).toBeHidden();

  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'OptanonConsent')?.value).toMatch(
    /groups=C0001:1%2CC0002:1%2CC0003:1%2CC0004:1/,
  );
  expect(cookies.find((c) => c.name === 'OptanonAlertBoxClosed')?.value).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  // Right after the banner closes, the wrong-market drawer opens (cookie set first).
  const drawer = page.getByRole('dialog', { name: /Allemagne/ });
  await expect(drawer).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'wrongMarketDisplayed')?.value).toBe('true');
  expect(
    await page.evaluate(() =>
      (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'market_popup_view'),
    ),
  ).toBe(true);
  await expectNoSeriousA11yViolations(page, 'wrong-market drawer');

  await drawer.getByRole('button', { name: 'Continuer vers : Allemagne' }).click();
  await expect(page).toHaveURL(/\/de-de\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
  await expect(page.getByRole('navigation').first()).toBeVisible();
  // German interface text and euro prices formatted for Germany.
  await expect(page.getByRole('link', { name: /Zum Hauptinhalt/ })).toHaveCount(1);
  await expect(page.getByText(EUR_DE).first()).toBeVisible();

  // Shown once: not again on the next page.
  await page.reload();
  await expect(page.getByRole('dialog', { name: /Votre localisation|Sie befinden sich/ })).toHaveCount(0);
});

test('"Stay on France" closes the drawer, and it never comes back', async ({ page }) => {
  await page.goto('/fr-fr/');
  await page.getByRole('dialog', { name: 'Votre vie privée' }).getByRole('button', { name: 'Tout refuser' }).click();
  const drawer = page.getByRole('dialog', { name: /Allemagne/ });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Rester sur : France' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/fr-fr\/$/);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog', { name: /Allemagne/ })).toHaveCount(0);
});

test('keyboard path through the country selector', async ({ page }) => {
  await page.goto('/fr-fr/');
  await page
    .getByRole('dialog', { name: 'Votre vie privée' })
    .getByRole('button', { name: 'Tout accepter' })
    .press('Enter');
  const drawer = page.getByRole('dialog', { name: /Allemagne/ });
  await expect(drawer).toBeVisible();
  // "Choose another country" opens the selector (the header button does the same).
  await drawer.getByRole('button', { name: 'Choisir un autre pays ou une autre région' }).press('Enter');
  const selector = page.getByRole('dialog', { name: 'Pays / Région' });
  await expect(selector).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'country selector');

  // Regions list: Europe is selected (current market); Tab reaches the countries.
  const regions = selector.getByRole('listbox', { name: 'Régions' });
  await expect(regions.getByRole('option', { name: 'Europe' })).toHaveAttribute('aria-selected', 'true');
  const countries = selector.getByRole('listbox', { name: 'Pays' });
  await countries.getByRole('option').first().focus();
  await expect(countries.getByRole('option', { name: /France, sélection actuelle/ })).toHaveCount(1);
  // Type-ahead to Suisse (4 languages), Enter opens the languages.
  await page.keyboard.type('Suisse');
  await expect(countries.getByRole('option', { name: /^Suisse/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const languages = selector.getByRole('listbox', { name: /Suisse/ });
  await expect(languages.getByRole('option')).toHaveCount(4);
  await page.keyboard.type('Deutsch');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/de-ch\/$/);
});
