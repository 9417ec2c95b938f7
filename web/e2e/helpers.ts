// What the browser journeys share: the accessibility scan, console watching, a returning shopper's cookies.
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  // React Aria's live announcer (`[data-live-announcer]`) keeps, for a few seconds, announcements that point
  // (aria-labelledby) at an option already gone after a navigation: already read, not page content.
  const results = await new AxeBuilder({ page }).exclude('[data-live-announcer]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${label}: ${v.id} — ${v.help} (${v.nodes.length}): ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`,
    ),
  ).toEqual([]);
}

/** Errors written to the console or thrown by the page, collected from now on. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A returning shopper: cookie choices already made (necessary only), so the banner stays closed. */
export async function answerCookieBanner(context: BrowserContext, baseURL: string | undefined) {
  const url = baseURL ?? 'http://127.0.0.1:3100';
  await context.addCookies([
    { name: 'OptanonAlertBoxClosed', value: new Date().toISOString(), url },
    { name: 'OptanonConsent', value: 'groups=C0001%3A1%2CC0002%3A0%2CC0003%3A0%2CC0004%3A0', url },
  ]);
}

/** The newest e-mail to an address whose subject matches, from the development mailbox (the server queues, the page renders). */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<{ subject: string; links: string[] }> {
  let mail: { subject: string; links: string[] } | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/mailbox/latest.json?to=${encodeURIComponent(to)}`);
      if (!res.ok()) return '';
      mail = await res.json();
      return mail!.subject;
    })
    .toMatch(subject);
  return mail!;
}
