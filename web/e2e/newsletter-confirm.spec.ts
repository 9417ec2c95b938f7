// Newsletter double opt-in: on a German market, a visitor subscribes in the newsletter modal, receives the
// confirmation e-mail (development mailbox), follows its link and sees the subscription confirmed; the same link
// again says "already confirmed", and a link that can no longer confirm offers to subscribe again.
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { answerCookieBanner, expectNoSeriousA11yViolations, watchConsole } from './helpers';

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

interface MailboxMail {
  subject: string;
  links: string[];
  text: string;
}

async function latestMail(request: APIRequestContext, to: string): Promise<MailboxMail | null> {
  const res = await request.get(`/dev/mailbox/latest.json?to=${encodeURIComponent(to)}`);
  return res.ok() ? ((await res.json()) as MailboxMail) : null;
}

/** React Aria's checkboxes and radios are visually hidden inputs: chosen from the keyboard. */
async function tick(page: Page, input: ReturnType<Page['getByRole']>) {
  await input.focus();
  await page.keyboard.press('Space');
  await expect(input).toBeChecked();
}

test('a visitor in Germany subscribes, confirms from the e-mail, and a second click says already confirmed', async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsole(page);
  const email = `lena.${Date.now()}@example.com`;
  await page.goto('/de-de/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Abonnieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Newsletter' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-Mail-Adresse').fill(email);
  await tick(page, dialog.getByRole('radio').first());
  await tick(page, dialog.getByRole('checkbox').first());
  await dialog.getByRole('button', { name: 'Abonnieren', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Vielen Dank' })).toBeVisible();

  // The confirmation e-mail: its link carries the token in the fragment.
  await expect.poll(async () => (await latestMail(request, email))?.links.length ?? 0).toBeGreaterThan(0);
  const mail = (await latestMail(request, email))!;
  const link = mail.links.find((l) => l.includes('/newsletter/confirm#token='));
  expect(link, `links: ${mail.links.join(', ')}`).toBeTruthy();
  const url = new URL(link!);
  expect(url.pathname).toBe('/de-de/newsletter/confirm');

  // The token never travels to the server in a URL: every request the page makes is recorded.
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  const confirmed = page.waitForResponse(
    (r) => r.url().includes('/api/newsletter/confirm') && r.request().method() === 'POST',
  );
  await page.goto(`${url.pathname}${url.hash}`);
  expect((await confirmed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Ihr Abonnement ist bestätigt', level: 1 })).toBeVisible();
  await expect(page.getByTestId('newsletter-confirmed')).toBeVisible();
  // The token has left the address bar, and no URL asked for carried it.
  expect(new URL(page.url()).hash).toBe('');
  const token = url.hash.replace('#token=', '');
  expect(requested.filter((r) => r.includes(token))).toEqual([]);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectNoSeriousA11yViolations(page, 'newsletter confirmed');

  // The welcome e-mail follows the confirmation.
  await expect.poll(async () => (await latestMail(request, email))?.subject ?? '').not.toBe(mail.subject);

  // The same link again, from the mail client (a new tab): calm, "already confirmed", never an error page.
  const again = await page.context().newPage();
  await again.goto(`${url.pathname}${url.hash}`);
  await expect(again.getByRole('heading', { name: 'Ihr Abonnement ist bereits bestätigt', level: 1 })).toBeVisible();
  await expect(again.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/de-de/');
  await again.close();
  // …and pasted into the tab already on the page (a fragment navigation, no new page).
  await page.evaluate((hash) => (window.location.hash = hash), url.hash);
  await expect(page.getByRole('heading', { name: 'Ihr Abonnement ist bereits bestätigt', level: 1 })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  expect(consoleErrors).toEqual([]);
});

test('a link that can no longer confirm offers to subscribe again in the newsletter modal', async ({ page }) => {
  await page.goto('/de-de/newsletter/confirm#token=VW5rbm93bkxpbmtUb2tlbk9mVGhpcnR5VHdvQnl0ZXMx');
  await expect(page.getByRole('heading', { name: 'Dieser Link ist nicht mehr gültig', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'newsletter link invalid');
  await page.getByRole('button', { name: 'Erneut anmelden' }).click();
  await expect(page.getByRole('dialog', { name: 'Newsletter' })).toBeVisible();
});
