import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole, answerCookieBanner, latestMail } from './helpers';

/**
 * Axe on the page at rest: the pointer is moved off the page first, so that a button that has just appeared
 * under it is not measured in the middle of its hover transition.
 */
async function expectAccessible(page: Page, label: string) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await expectNoSeriousA11yViolations(page, label);
}

// The built-in test payment provider (docs/checkout.md): these numbers decide the outcome.
const CARDS = {
  approved: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authentication: '4000 0000 0000 3220',
} as const;
const AUTHENTICATION_CODE = '123456';

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

interface Piece {
  pid: string;
  size: string;
  url: string;
  name: string;
}

/** A product of the US catalogue in stock in one of its sizes, from the listing and the product's page data. */
async function pieceInStock(request: APIRequestContext, category = 'women-bags', skip = 0): Promise<Piece> {
  const listing = await (await request.get(`/api/data/category/${category}?locale=en-us`)).json();
  let seen = 0;
  for (const tile of listing.products as { id: string }[]) {
    const data = await (await request.get(`/ssr/pr/${tile.id}?locale=en-us`)).json();
    const size = (data.product.sizes as { id: string; inStock: boolean }[]).find((s) => s.inStock);
    if (size && data.product.price && seen++ >= skip)
      return { pid: tile.id, size: size.id, url: data.product.url, name: data.product.name };
  }
  throw new Error(`No piece in stock in ${category}`);
}

/**
 * Puts a piece in the page's bag (same session cookie as the browser), once the page has its session: an add
 * made while the page's own first session call is under way would land in a session the page then replaces.
 */
async function addToBag(page: Page, piece: Piece) {
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'sid' || c.name === '__Host-sid'))
    .toBe(true);
  const res = await page.request.post('/api/data/basket/add-item?locale=en-us', {
    data: { pid: piece.pid, size: piece.size, quantity: 1 },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function fillContact(page: Page, contact: { email?: string; first?: string; last?: string; phone: string }) {
  const step = page.getByTestId('checkout-step-contact');
  if (contact.email) await step.getByLabel('Email address').fill(contact.email);
  if (contact.first) await step.getByLabel('First name').fill(contact.first);
  if (contact.last) await step.getByLabel('Last name').fill(contact.last);
  await step.getByLabel('Phone').fill(contact.phone);
  await step.getByRole('button', { name: 'Continue' }).click();
}

/** The US address form of the open step: street, city, state (a list), ZIP code. */
async function fillUsAddress(page: Page, scope: ReturnType<Page['getByTestId']>) {
  await scope.getByLabel('Address', { exact: true }).fill('350 West 57th Street');
  await scope.getByLabel('City').fill('New York');
  await scope.getByRole('combobox', { name: /State, province or prefecture/ }).selectOption({ label: 'New York' });
  await scope.getByLabel(/Postal code/).fill('10019');
}

async function fillCard(page: Page, number: string) {
  const step = page.getByTestId('checkout-step-payment');
  await step.getByLabel('Card number').fill(number);
  await step.getByLabel('Expiry date').fill('');
  await step.getByLabel('Expiry date').pressSequentially('1230');
  await step.getByLabel('Security code').fill('123');
  await step.getByLabel('Name on the card').fill('Camille Martin');
  await step.getByRole('button', { name: 'Continue' }).click();
}

async function acceptTermsAndPlace(page: Page) {
  const review = page.getByTestId('checkout-step-review');
  const terms = review.getByRole('checkbox', { name: /terms and conditions/ });
  if (!(await terms.isChecked())) {
    await terms.focus();
    await page.keyboard.press('Space');
  }
  await review.getByRole('button', { name: /Place order/ }).click();
}

async function orderNumberOnConfirmation(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/checkout\/confirmation\?orderNumber=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();
  return (await page.getByTestId('order-number').textContent())!.trim();
}

test('a guest collects the order in a boutique, from the product page to the confirmation', async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsole(page);
  const piece = await pieceInStock(request);

  // Product page: the size, "Add to bag", then the bag drawer's "Checkout" (once the page is live: the app loads
  // after the first paint).
  await page.goto(piece.url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const sizes = page.getByRole('radiogroup', { name: /Select your size/ });
  if (await sizes.count())
    await sizes
      .getByRole('radio', { name: new RegExp(`^${piece.size}(?!.*unavailable)`) })
      .first()
      .check({ force: true });
  await page.getByRole('button', { name: 'Add to bag' }).click();
  const bag = page.getByRole('dialog', { name: /Shopping bag \(1\)/ });
  await expect(bag.getByTestId('minicart-item')).toContainText(piece.name);
  await bag.getByRole('link', { name: 'View shopping bag' }).click();

  // The bag page.
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByTestId('basket-line')).toHaveCount(1);
  await expectAccessible(page, 'basket');
  await page.getByRole('link', { name: 'Checkout' }).click();

  // Step 1: contact.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expectAccessible(page, 'checkout contact');
  await fillContact(page, {
    email: `guest.${Date.now()}@example.com`,
    first: 'Camille',
    last: 'Martin',
    phone: '+1 212 555 0147',
  });

  // Step 2: collection in a boutique (sent there), its billing address.
  const delivery = page.getByTestId('checkout-step-delivery');
  // A click on the card's title, as a shopper does (the radio input itself is visually hidden).
  await delivery.getByText('Collect in store', { exact: true }).click();
  await expect(delivery.getByRole('radio', { name: /^Collect in store Ready for collection:/ })).toBeChecked();
  const boutiques = delivery.getByRole('radiogroup', { name: 'Collection boutique' });
  await expect(boutiques.getByRole('radio').first()).toBeVisible();
  // The boutique's card, as a shopper taps it (a forced click on the hidden input itself lands on whatever covers
  // that point, the sticky header when the card sits under it).
  await boutiques.locator('label.choice-card').first().click();
  await expect(boutiques.getByRole('radio').first()).toBeChecked();
  await fillUsAddress(page, delivery);
  await expectAccessible(page, 'checkout delivery');
  await delivery.getByRole('button', { name: 'Continue' }).click();

  // Step 3: card; step 4: review.
  await expect(page.getByTestId('checkout-step-payment').getByLabel('Card number')).toBeVisible();
  await expectAccessible(page, 'checkout payment');
  await fillCard(page, CARDS.approved);
  await expect(page.getByTestId('checkout-step-review').getByRole('button', { name: /Place order/ })).toBeVisible();
  await expectAccessible(page, 'checkout review');
  // Ordering without the terms is refused beside the box.
  await page
    .getByTestId('checkout-step-review')
    .getByRole('button', { name: /Place order/ })
    .click();
  await expect(page.getByText('Please accept the terms and conditions of sale to place your order.')).toBeVisible();
  await acceptTermsAndPlace(page);

  const orderNumber = await orderNumberOnConfirmation(page);
  expect(orderNumber).toMatch(/^[A-Z0-9-]{6,20}$/);
  await expect(page.getByText('Collection', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  await expectAccessible(page, 'confirmation');
  // The bag is empty once the order is paid.
  await expect(page.getByTestId('bag-count')).toHaveCount(0);

  expect(consoleErrors).toEqual([]);
});

test('a guest confirms a payment with the bank, then tracks the order on /track-order', async ({ page, request }) => {
  const consoleErrors = watchConsole(page);
  const email = `track.${Date.now()}@example.com`;
  await page.goto('/');
  await addToBag(page, await pieceInStock(request, 'women-bags', 1));
  await page.goto('/checkout');
  await fillContact(page, { email, first: 'Olivia', last: 'Bennett', phone: '+1 212 555 0199' });

  const delivery = page.getByTestId('checkout-step-delivery');
  await delivery.locator('label.choice-card', { hasText: 'Standard delivery' }).click();
  await expect(delivery.getByRole('radio', { name: /Standard delivery/ })).toBeChecked();
  await fillUsAddress(page, delivery);
  await delivery.getByRole('button', { name: 'Continue' }).click();
  await fillCard(page, CARDS.authentication);
  await acceptTermsAndPlace(page);

  // The issuer's challenge: a wrong code would cancel the order; the test provider's code pays it.
  const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'authentication dialog');
  await dialog.getByLabel('Confirmation code').fill(AUTHENTICATION_CODE);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const orderNumber = await orderNumberOnConfirmation(page);
  await expect(page.getByText(`A confirmation has been sent to ${email}.`)).toBeVisible();

  // Tracking: a wrong address gets the one answer an unknown number gets too (it never tells whether an
  // order exists), said above both fields; the right one shows the order inline.
  await page.goto('/track-order');
  await expectAccessible(page, 'track order');
  await page.getByLabel('Order number').fill(orderNumber);
  await page.getByLabel('Email address').fill('someone.else@example.com');
  await page.getByRole('button', { name: 'Track my order' }).click();
  await expect(
    page.getByText('This order could not be found. Please check the details you entered and try again.'),
  ).toBeVisible();
  await expect(page.getByTestId('tracked-order')).toHaveCount(0);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Track my order' }).click();
  const tracked = page.getByTestId('tracked-order');
  await expect(tracked.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  // The demo fulfilment moves an order on every 5 s here: on a busy machine it may already be in preparation.
  await expect(tracked.getByTestId('order-timeline').locator('[aria-current="step"]')).toContainText(
    /Confirmed|In preparation/,
  );
  await expectAccessible(page, 'tracked order');

  // The guest's order page.
  await tracked.getByRole('link', { name: 'View the whole order' }).click();
  await expect(page).toHaveURL(/\/guest\/order-online\?transactionUuid=/);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('order-line')).toHaveCount(1);
  await expectAccessible(page, 'guest order');

  // The refused address (404, as for an unknown order) is an expected answer the browser reports on its console.
  expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});

test('a client with a saved address pays after a declined card, finds the order in the account and cancels it', async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsole(page);
  const email = `client.${Date.now()}@example.com`;
  const password = 'velvet-lantern-harbour-42';

  // A new account, activated from its e-mail; typed once the form is live (text typed into the server's HTML
  // before hydration is reset by it).
  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel('First name').fill('Emily');
  await page.getByLabel('Last name').fill('Carter');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('textbox', { name: /^Password/ }).fill(password);
  for (const box of await page.getByRole('checkbox', { name: /privacy|terms/i }).all()) {
    await box.focus();
    await page.keyboard.press('Space');
  }
  await page.getByRole('button', { name: /create/i }).click();
  await expect(page.getByRole('heading', { name: /check your e-?mail/i })).toBeVisible();
  const link = (await latestMail(request, email, /activate/i)).links.find((l) => l.includes('/myaccount/activate'))!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  // Activation signs the client in at once (through the sign-in callback) and lands on the account.
  await expect(page).toHaveURL(/\/myaccount$/);

  // The saved address (address book of the account) and a piece in the bag, through the API.
  const piece = await pieceInStock(request, 'women-bags', 2);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/checkout$/);
  const customer = await (await page.request.get('/api/data/customer?locale=en-us')).json();
  const saved = await page.request.post('/api/data/cdb/update-customer?locale=en-us', {
    data: {
      clientId: customer.clientId,
      addresses: [
        {
          label: 'Home',
          firstName: 'Emily',
          lastName: 'Carter',
          addressLine1: '148 East 72nd Street',
          city: 'New York',
          stateCode: 'NY',
          postalCode: '10021',
          country: 'US',
          isDefault: true,
        },
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await addToBag(page, piece);
  await page.reload();

  // Contact prefilled from the account: the step is done, or only the phone is still asked.
  await expect(page.getByRole('heading', { name: /Order summary/ })).toBeAttached();
  const contact = page.getByTestId('checkout-step-contact');
  if (await contact.getByLabel('Phone').count()) {
    await expect(contact.getByLabel('Email address')).toHaveValue(email);
    await expect(contact.getByLabel('First name')).toHaveValue('Emily');
    await fillContact(page, { phone: '+1 212 555 0123' });
  } else {
    await expect(contact).toContainText(email);
  }
  // Delivery to the saved address, chosen already.
  const delivery = page.getByTestId('checkout-step-delivery');
  await expect(delivery.getByRole('radio', { name: /148 East 72nd Street/ })).toBeChecked();
  await delivery.getByRole('button', { name: 'Continue' }).click();

  // A declined card: said at the payment step, which opens again; another card pays.
  await fillCard(page, CARDS.declined);
  await acceptTermsAndPlace(page);
  const payment = page.getByTestId('checkout-step-payment');
  await expect(payment.getByRole('alert')).toContainText('Your payment was declined.');
  await expectAccessible(page, 'declined payment');
  await fillCard(page, CARDS.approved);
  await acceptTermsAndPlace(page);
  const orderNumber = await orderNumberOnConfirmation(page);
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);

  // The order, cancelled from its page, then the account's orders. The demo fulfilment moves an order on every
  // 5 s (FULFILMENT_STEP_SECONDS) and a shipped order can no longer be cancelled: cancel first, scan afterwards.
  await page.getByRole('link', { name: 'Track my order' }).click();
  await expect(page).toHaveURL(new RegExp(`/myaccount/order-online\\?orderNumber=${orderNumber}`));
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the order' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the order' });
  await cancel.getByRole('combobox', { name: /Reason/ }).selectOption({ label: 'I changed my mind' });
  await expectAccessible(page, 'cancel order dialog');
  await cancel.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(page.getByText('Your order has been cancelled.', { exact: false })).toBeVisible();
  // The result is brought into view and focused (read by a screen reader), though the button was far below it.
  const cancelled = page.getByRole('status').filter({ hasText: 'Your order has been cancelled.' });
  await expect(cancelled).toBeFocused();
  await expect(cancelled).toBeInViewport();
  await expect(page.getByTestId('order-detail').locator('.order-detail__meta')).toContainText('Cancelled');
  await expectAccessible(page, 'account order');
  await page.goto('/myaccount/orders');
  await expect(page.getByTestId('order-card').first()).toContainText(orderNumber);
  await expectAccessible(page, 'account orders');
  await page.getByRole('link', { name: new RegExp(`Order ${orderNumber}`) }).click();
  await expect(page.getByTestId('order-detail').locator('.order-detail__meta')).toContainText('Cancelled');

  // Expected answers the browser reports on its console: the checkout of an empty bag (404, before the piece
  // was added), the declined card (402).
  expect(consoleErrors.filter((e) => !/status of (401|402|404)|Unauthorized/.test(e))).toEqual([]);
});
