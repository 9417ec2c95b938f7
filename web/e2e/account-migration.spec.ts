import { test, expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole, answerCookieBanner, latestMail } from './helpers';

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

// The documented demo client of the former site (docs/tour.md; fixtures/legacy-accounts).
const FORMER = 'heritage@example.com';
const PASSWORD = 'gilded-heron-lantern-58';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a client of the former site retrieves the account from the sign-in page, chooses a password and finds the former addresses', async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsole(page);

  // The sign-in page's entry opens the account-migration modal.
  await page.goto('/signin');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'Retrieve my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retrieve your account' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'account-migration modal');

  // A typo is refused beside the field, before anything is sent.
  await dialog.getByLabel('Email address').fill('heritage@example');
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');

  // The same calm confirmation for any address; only the former client receives an e-mail.
  await dialog.getByLabel('Email address').fill(FORMER);
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog.getByRole('status')).toContainText(FORMER);
  await expect(dialog.getByRole('status')).toContainText('7 days');
  await expectNoSeriousA11yViolations(page, 'account-migration confirmation');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // The e-mail's link: the reset-password page, a password, and the account is active.
  const mail = await latestMail(request, FORMER, /account awaits you/);
  const link = mail.links.find((l) => l.includes('/myaccount/reset-password'));
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  // A client of the former site never had a password here: the page welcomes them instead of "a new password".
  await expect(page.getByRole('heading', { name: 'Welcome to our new site' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Save my new password' }).click();
  // Signed in at once where the reset signs in; otherwise with the sign-in form.
  await page.waitForURL(/\/(myaccount|signin)(\?.*)?$/);
  if (!/\/myaccount$/.test(new URL(page.url()).pathname)) {
    await page.goto('/signin');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await signIn(page, FORMER, PASSWORD);
    await expect(page).toHaveURL(/\/myaccount$/);
  }
  await expect(page.getByRole('heading', { name: /Hélène/ })).toBeVisible();

  // The former addresses, in the address book with each country's format.
  await page.goto('/myaccount/address-book');
  await expect(page.getByText('12 avenue Foch').first()).toBeVisible();
  await expect(page.getByText('8 chemin de la Garoupe').first()).toBeVisible();
  await expect(page.getByText('W1S 4QE').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'address book after migration');

  expect(consoleErrors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
});
