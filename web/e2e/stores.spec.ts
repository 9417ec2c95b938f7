import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole, answerCookieBanner } from './helpers';

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

/** The newest e-mail to an address, from the development mailbox. */
async function mailSubject(request: APIRequestContext, to: string): Promise<string> {
  const res = await request.get(`/dev/mailbox/latest.json?to=${encodeURIComponent(to)}`);
  return res.ok() ? ((await res.json()) as { subject: string }).subject : '';
}

/** React Aria's checkboxes and radios are visually hidden inputs: chosen from the keyboard. */
async function tick(page: Page, scope: Locator, name: RegExp | string, role: 'checkbox' | 'radio' = 'radio') {
  const input = scope.getByRole(role, { name });
  await input.focus();
  await page.keyboard.press('Space');
  await expect(input).toBeChecked();
}

/** The client's details, as both boutique forms ask them (the reCAPTCHA token is the test verifier's). */
async function fillDetails(page: Page, form: Locator, email: string) {
  await tick(page, form, 'Mme');
  await form.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Camille');
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lefèvre');
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Téléphone' }).fill('06 12 34 56 78');
  await tick(page, form, /J’accepte que la boutique me contacte/, 'checkbox');
}

type Listing = { products: { id: string; url: string }[] };
type Availability = {
  stores: { storeId: string; name: string; canReserve: boolean; sizes: { size: string; status: string }[] }[];
};

/** A piece of the French catalogue a Paris boutique holds and takes reservations for, with the size and boutique. */
async function reservablePiece(request: APIRequestContext) {
  const stores = (await (await request.get('/api/data/locale-mdm/stores?locale=fr-fr')).json()) as {
    stores: { id: string; services: string[] }[];
  };
  const reserving = stores.stores.filter((s) => s.services.includes('reserveInStore')).map((s) => s.id);
  for (const category of ['women-shoes', 'women-bags', 'men-shoes']) {
    const listing = (await (
      await request.get(`/api/data/category/${category}?locale=fr-fr&pageSize=24`)
    ).json()) as Listing;
    for (const p of listing.products) {
      const res = await request.post('/api/data/stores/product-availability?locale=fr-fr', {
        data: { pid: p.id, storeIds: reserving },
      });
      if (!res.ok()) continue;
      const body = (await res.json()) as Availability;
      for (const s of body.stores) {
        const size = s.sizes.find((z) => z.status !== 'unavailable');
        if (s.canReserve && size) return { url: p.url, size: size.size, store: s.name };
      }
    }
  }
  throw new Error('No piece of the demo catalogue can be reserved in a French boutique');
}

test('a client finds a boutique and books an appointment with a client advisor', async ({ page, request }) => {
  const consoleErrors = watchConsole(page);
  const email = `camille.rdv.${Date.now()}@example.com`;
  await page.goto('/fr-fr/stores');
  await expect(page.getByRole('heading', { name: 'Boutiques', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paris', level: 2 })).toBeVisible();
  await expect(page.getByTestId('store-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'store list');

  await page.getByRole('link', { name: 'Saint Laurent Avenue Montaigne', exact: true }).click();
  await expect(page).toHaveURL(/\/fr-fr\/stores\/saint-laurent-avenue-montaigne-1042$/);
  await expect(page.getByRole('heading', { name: 'Saint Laurent Avenue Montaigne', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Horaires d’ouverture' })).toBeVisible();
  await expect(page.getByRole('row', { name: /lundi/ })).toContainText('10:30');
  await expectNoSeriousA11yViolations(page, 'store detail');

  await page.getByRole('button', { name: 'Prendre rendez-vous' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prendre rendez-vous' });
  await expect(dialog).toBeVisible();
  await tick(page, dialog, 'Séance de shopping privé');
  // The next week always has bookable days (24 hours ahead at least).
  await dialog.getByRole('button', { name: 'Semaine suivante' }).click();
  const day = dialog.locator('.store-date:not([data-disabled]) input').first();
  await day.focus();
  await page.keyboard.press('Space');
  await expect(day).toBeChecked();
  const time = dialog
    .getByRole('radiogroup', { name: /^Heure/ })
    .getByRole('radio')
    .first();
  await time.focus();
  await page.keyboard.press('Space');
  await fillDetails(page, dialog, email);
  await expectNoSeriousA11yViolations(page, 'appointment form');
  await dialog.getByRole('button', { name: 'Demander le rendez-vous' }).click();

  const done = dialog.getByTestId('appointment-done');
  await expect(done.getByRole('heading', { name: 'Votre demande est enregistrée' })).toBeVisible();
  const reference = (await done.getByText(/^Référence APT-/).textContent())?.match(/APT-\d{8}-[A-Z0-9]{6}/)?.[0];
  expect(reference).toBeTruthy();
  await expect.poll(() => mailSubject(request, email)).toContain(reference!);
  await done.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('a client finds a piece in a boutique and reserves it from the product page', async ({ page, request }) => {
  const consoleErrors = watchConsole(page);
  const email = `camille.res.${Date.now()}@example.com`;
  const piece = await reservablePiece(request);
  await page.goto(`/fr-fr${piece.url}`);
  await page.getByRole('button', { name: 'Trouver en boutique' }).click();
  const dialog = page.getByRole('dialog', { name: 'Trouver en boutique' });
  const list = dialog.getByTestId('find-in-store-list');
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(list.getByText(/Disponible|Dernières pièces/).first()).toBeVisible();
  if (piece.size !== 'TU') await tick(page, dialog, new RegExp(`^${piece.size}(,|$)`));
  await expectNoSeriousA11yViolations(page, 'find in store');

  await dialog.getByRole('button', { name: `Réserver à ${piece.store}` }).click();
  await fillDetails(page, dialog, email);
  await dialog.getByRole('button', { name: 'Réserver cette pièce' }).click();

  const done = dialog.getByTestId('reservation-done');
  await expect(done.getByRole('heading', { name: 'Votre réservation est enregistrée' })).toBeVisible();
  const reference = (await done.getByText(/^Référence RES-/).textContent())?.match(/RES-\d{8}-[A-Z0-9]{6}/)?.[0];
  expect(reference).toBeTruthy();
  await expect(done).toContainText('la pièce vous est réservée jusqu’au');
  await expectNoSeriousA11yViolations(page, 'reservation done');
  await expect.poll(() => mailSubject(request, email)).toContain(reference!);
  expect(consoleErrors).toEqual([]);
});
