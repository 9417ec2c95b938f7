import { test, expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole, answerCookieBanner, latestMail } from './helpers';

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

const sitePath = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

async function signIn(page: Page, email: string, password: string) {
  // Typed once the form is live: text typed into the server's HTML before hydration is reset by it.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a new client registers, activates the account from the e-mail and lands signed in, keeps an address book, changes the password, signs out and resets it', async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsole(page);
  const email = `camille.${Date.now()}@example.com`;
  const password = 'velvet-lantern-harbour-42';

  // Registration: the market's form (spec §5), answered the same for any address.
  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expectNoSeriousA11yViolations(page, 'sign-up');
  await page.getByLabel('First name').fill('Camille');
  await page.getByLabel('Last name').fill('Lefèvre');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('textbox', { name: /^Password/ }).fill(password);
  // React Aria's checkboxes are visually hidden inputs: ticked from the keyboard, as a keyboard user would.
  for (const box of await page.getByRole('checkbox', { name: /privacy|terms/i }).all()) {
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await page.getByRole('button', { name: /create/i }).click();
  await expect(page.getByRole('heading', { name: /check your e-?mail/i })).toBeVisible();

  // The activation e-mail, read in the mailbox, carries the one-time link.
  const activation = await latestMail(request, email, /activate/i);
  const link = activation.links.find((l) => l.includes('/myaccount/activate'));
  expect(link).toBeTruthy();
  // Activation signs the client in at once: through the sign-in callback (its code and state never stay in the
  // address bar or the history) to the account page.
  const callback = page.waitForResponse((r) => r.url().includes('/api/auth/callback?'));
  await page.goto(sitePath(link!));
  const landing = await callback;
  expect(landing.status()).toBe(200);
  expect(landing.headers()['referrer-policy']).toBe('no-referrer');
  expect(landing.headers()['cache-control']).toBe('no-store');
  await expect(page).toHaveURL(/\/myaccount$/);
  await expect(page.getByRole('heading', { name: /Camille/ })).toBeVisible();
  expect(page.url()).not.toMatch(/token=|code=|state=/);
  await expectNoSeriousA11yViolations(page, 'account page after activation');

  await page.goto('/myaccount/address-book');
  await expect(page).toHaveURL(/\/myaccount\/address-book$/);

  // A postal code the country refuses is shown beside its field; corrected, the address is saved.
  await page
    .getByRole('link', { name: /add an address/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/myaccount\/new-address-book/);
  await page
    .getByRole('main')
    .getByRole('combobox', { name: /Country$/ })
    .selectOption({ label: 'France' });
  await page.getByLabel('First name').fill('Camille');
  await page.getByLabel('Last name').fill('Lefèvre');
  await page.getByLabel('Address', { exact: true }).fill('12 rue de Rivoli');
  await page.getByLabel('City').fill('Paris');
  const postal = page.getByLabel(/postal code/i);
  await postal.fill('7500');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(postal).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/valid postal code/i)).toBeVisible();
  await postal.fill('75001');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page).toHaveURL(/\/myaccount\/address-book$/);
  await expect(page.getByText('12 rue de Rivoli')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'address book');

  // Password change: the current one is asked for again.
  await page.goto('/myaccount/editpassword');
  await page.getByLabel(/current password/i).fill(password);
  await page.getByLabel(/new password/i).fill('quiet-orchard-lamplight-77');
  await page.getByRole('button', { name: /change password|save/i }).click();
  await expect(page.getByText(/password has been changed/i)).toBeVisible();

  // Sign-out: the account area is closed again.
  await page
    .getByRole('button', { name: /sign out/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/logout$/);
  await page.goto('/myaccount');
  await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fmyaccount/);
  await expectNoSeriousA11yViolations(page, 'sign-in');

  // The new password opens the account; the old one no longer does.
  await signIn(page, email, password);
  await expect(page.getByRole('alert')).toBeVisible();
  await page.goto('/signin');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await signIn(page, email, 'quiet-orchard-lamplight-77');
  await expect(page).toHaveURL(/\/myaccount$/);
  await expect(page.getByRole('heading', { name: /Camille/ })).toBeVisible();

  // A forgotten password: the e-mail's link, a new password, and the client lands signed in again.
  await page
    .getByRole('button', { name: /sign out/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/logout$/);
  await page.goto('/signin');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgotten password' });
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  const reset = await latestMail(request, email, /reset/i);
  const resetLink = reset.links.find((l) => l.includes('/myaccount/reset-password'));
  expect(resetLink).toBeTruthy();
  await page.goto(sitePath(resetLink!));
  await expectNoSeriousA11yViolations(page, 'reset password');
  await page.getByRole('textbox', { name: 'New password' }).fill('amber-meadow-lantern-63');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page).toHaveURL(/\/myaccount$/);
  await expect(page.getByRole('heading', { name: /Camille/ })).toBeVisible();

  expect(consoleErrors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
});

test('on a phone, the account sections scroll sideways with a fade at the edge, and the current one is in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/myaccount/profile');
  await signIn(page, 'client@example.com', 'Maison-Montaigne-2026');
  await expect(page).toHaveURL(/\/myaccount\/profile$/);
  const row = page.locator('.account-shell__links');
  const state = () =>
    row.evaluate((ul) => {
      const current = ul.querySelector('[aria-current="page"]')!.getBoundingClientRect();
      const box = ul.getBoundingClientRect();
      return {
        scrolls: ul.scrollWidth > ul.clientWidth,
        scrollLeft: ul.scrollLeft,
        currentInView: current.left >= box.left && current.right <= box.right,
        mask: getComputedStyle(ul).maskImage,
      };
    });
  await expect.poll(async () => (await state()).currentInView).toBe(true);
  const s = await state();
  expect(s.scrolls).toBe(true);
  expect(s.scrollLeft).toBeGreaterThan(0);
  // The fade: the row's mask is transparent at its start edge while there is more to scroll back to.
  expect(s.mask).toMatch(/^linear-gradient\(to right, rgba\(0, 0, 0, 0\), rgb\(0, 0, 0\) 48px/);
});

test('what a client types before the page is live is kept: the sign-in typed on a slow phone goes through', async ({
  page,
}) => {
  // The page's scripts arrive late (a slow phone): the form is in the server's HTML and the client types at once.
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/signin', { waitUntil: 'commit' });
  await page.getByLabel('Email address').fill('client@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Maison-Montaigne-2026');
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'not yet')).toBe('not yet');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 });
  // Hydration set the fields back to their empty state; the typed text is given back, to the form's state too.
  await expect(page.getByLabel('Email address')).toHaveValue('client@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/myaccount$/);
});
