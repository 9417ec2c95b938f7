import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole, answerCookieBanner } from './helpers';

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

/** Subjects of the e-mails queued for an address, newest first, from the development mailbox. */
async function mailSubject(request: APIRequestContext, to: string): Promise<string> {
  const res = await request.get(`/dev/mailbox/latest.json?to=${encodeURIComponent(to)}`);
  return res.ok() ? ((await res.json()) as { subject: string }).subject : '';
}

/** React Aria's checkboxes and radios are visually hidden inputs: chosen from the keyboard. */
async function tick(page: Page, name: RegExp, role: 'checkbox' | 'radio' = 'checkbox') {
  const input = page.getByRole(role, { name });
  await input.focus();
  await page.keyboard.press('Space');
  await expect(input).toBeChecked();
}

test('a guest writes to client service and receives the acknowledgement with its reference', async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsole(page);
  const email = `louise.${Date.now()}@example.com`;
  await page.goto('/contact');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'contact');

  await page.getByRole('combobox', { name: /Subject/ }).selectOption({ index: 1 });
  await tick(page, /By email/, 'radio');
  await page.getByLabel('First name').fill('Louise');
  await page.getByLabel('Last name').fill('Martin');
  await page.getByLabel('Email address').fill(email);
  await page
    .getByLabel('Your message')
    .fill('Could you tell me whether the Le 5 à 7 bag is available in the Paris boutique?');
  await tick(page, /I agree that the details I give/);
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(page.getByRole('heading', { name: /your message has been sent/i })).toBeVisible();
  const reference = (await page.getByText(/Your reference:/).textContent())?.match(/CS-[0-9A-Z-]+/)?.[0];
  expect(reference).toBeTruthy();
  await expect.poll(() => mailSubject(request, email)).toContain(reference!);
  expect(consoleErrors).toEqual([]);
});

test('a visitor subscribes to the newsletter from the footer', async ({ page, request }) => {
  const email = `jeanne.${Date.now()}@example.com`;
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Newsletter' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email address').fill(email);
  await tick(page, /^Ms\.?$/, 'radio');
  await tick(page, /./);
  await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'newsletter');
  await expect.poll(() => mailSubject(request, email)).not.toBe('');
});
