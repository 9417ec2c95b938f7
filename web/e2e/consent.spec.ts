import { test, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole } from './helpers';

// A first visit: the cookie banner (native elements, in the first visit's script) and the preferences dialog,
// whose code loads only when the shopper asks for it.
test('a first visitor chooses cookies by category from the banner, by keyboard', async ({ page, context }) => {
  const errors = watchConsole(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/fr-fr/');

  const banner = page.getByRole('dialog', { name: 'Votre vie privée' });
  await expect(banner).toBeVisible();
  // It takes focus so that keyboard and screen-reader users meet it first, without trapping it (non-modal).
  await expect(banner).toBeFocused();
  await expect(banner).toHaveAttribute('aria-modal', 'false');
  await expect(banner).toHaveAccessibleDescription(/Nous utilisons des cookies/);
  await expectNoSeriousA11yViolations(page, 'cookie banner');
  await page.waitForLoadState('networkidle');
  const beforePreferences = scripts.length;

  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: 'Préférences de cookies' })).toBeFocused();
  await page.keyboard.press('Enter');
  const preferences = page.getByRole('dialog', { name: 'Préférences de cookies' });
  await expect(preferences).toBeVisible();
  await expect(banner).toBeHidden();
  // The dialog's code came with the click, not with the page.
  expect(scripts.length).toBeGreaterThan(beforePreferences);

  const necessary = preferences.getByRole('switch', { name: /strictement nécessaires/ });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  // The switch's input is visually hidden under its label: the shopper taps the label.
  await preferences.getByText('Cookies de performance', { exact: true }).click();
  await expect(preferences.getByRole('switch', { name: /de performance/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'cookie preferences');
  await preferences.getByRole('button', { name: 'Confirmer mes choix' }).click();
  await expect(preferences).toBeHidden();

  const consent = (await context.cookies()).find((c) => c.name === 'OptanonConsent')?.value;
  expect(consent).toMatch(/groups=C0001:1%2CC0002:1%2CC0003:0%2CC0004:0/);
  // Answered: neither comes back on the next page.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('dialog', { name: 'Votre vie privée' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
