import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { answerCookieBanner, expectNoSeriousA11yViolations, watchConsole } from './helpers';

// A guest exchanges a delivered order for another size: the order is placed through the checkout API from the
// page's own session, the demo fulfilment (FULFILMENT_STEP_SECONDS=5) delivers it, then the guest goes through
// /return-order → /guest/return-exchange (the six steps) → the thank-you page.

test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

/** Axe on the page at rest (pointer off the page, transitions done). */
async function expectAccessible(page: Page, label: string) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await expectNoSeriousA11yViolations(page, label);
}

/** Picks a radio or checkbox by clicking what the shopper sees (its label), then checks it took. */
async function choose(control: ReturnType<Page['getByRole']>) {
  const label = control.locator('xpath=ancestor::label[1]');
  await ((await label.count()) ? label : control).click();
  await expect(control).toBeChecked();
}

interface Piece {
  pid: string;
  size: string;
  other: string;
}

/** A US product with two sizes in stock: the one to order, and the one to exchange it for. */
async function pieceWithTwoSizes(request: APIRequestContext): Promise<Piece> {
  for (const category of ['women-shoes', 'men-shoes', 'women-ready-to-wear', 'men-ready-to-wear']) {
    const listing = await (await request.get(`/api/data/category/${category}?locale=en-us`)).json();
    for (const tile of (listing.products ?? []) as { id: string }[]) {
      const data = await (await request.get(`/ssr/pr/${tile.id}?locale=en-us`)).json();
      const sizes = ((data.product?.sizes ?? []) as { id: string; inStock: boolean }[]).filter((s) => s.inStock);
      if (sizes.length >= 2 && data.product.price) return { pid: tile.id, size: sizes[0]!.id, other: sizes[1]!.id };
    }
  }
  throw new Error('No product with two sizes in stock');
}

/** Places a guest order of the piece with the page's session (the checkout API), delivered to New York. */
async function placeOrder(page: Page, piece: Piece, email: string): Promise<string> {
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'sid' || c.name === '__Host-sid'))
    .toBe(true);
  const add = await page.request.post('/api/data/basket/add-item?locale=en-us', {
    data: { pid: piece.pid, size: piece.size, quantity: 1 },
  });
  expect(add.status(), await add.text()).toBe(200);
  const options = await (await page.request.get('/api/checkout/options?locale=en-us')).json();
  const option = (options.deliveryOptions as { id: string; deliveryMethod: string; total: { total: number } }[]).find(
    (o) => o.deliveryMethod === 'ShipToAddress',
  )!;
  const address = {
    firstName: 'Olivia',
    lastName: 'Bennett',
    addressLine1: '148 East 72nd Street',
    city: 'New York',
    stateCode: 'NY',
    postalCode: '10021',
    country: 'US',
  };
  const body = {
    email,
    civility: 'MS',
    firstName: 'Olivia',
    lastName: 'Bennett',
    phone: '+1 212 555 0147',
    delivery: { optionId: option.id, address },
    payment: {
      method: 'card',
      card: {
        number: '4242424242424242',
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 3,
        cvc: '123',
        holderName: 'Olivia Bennett',
      },
    },
    expectedTotal: option.total.total,
    acceptTerms: true,
  };
  const placed = await page.request.post('/api/checkout/place-order?locale=en-us', {
    data: body,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).orderNumber as string;
}

test('a guest exchanges a delivered order for another size: /return-order → six steps → thank-you', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const piece = await pieceWithTwoSizes(request);
  const email = `olivia.${Date.now()}@example.com`;

  await page.goto('/return-order');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Return an order' })).toBeVisible();
  const orderNumber = await placeOrder(page, piece, email);
  await expectAccessible(page, 'return-order');

  // A wrong address gets the answer an unknown order gets (above the form); nothing else happens.
  await page.getByLabel('Order number').fill(orderNumber);
  await page.getByLabel('E-mail address').fill('someone.else@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('This order could not be found. Please check the details you entered and try again.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/return-order$/);

  // The demo fulfilment delivers the order within about 20 seconds.
  await expect
    .poll(
      async () =>
        (
          await (
            await page.request.post('/api/data/order/track?locale=en-us', {
              data: { orderNumber, email, recaptchaToken: 'test-recaptcha-token' },
            })
          ).json()
        ).status,
      { timeout: 45_000, intervals: [3_000] },
    )
    .toBe('delivered');

  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/guest\/return-exchange\?transactionUuid=/);

  // 1. Order details: the exchange.
  const steps = page.getByRole('navigation', { name: 'Progress of your request' });
  await expect(page.getByRole('heading', { level: 2, name: 'Order details' })).toBeVisible();
  await expect(steps.locator('[aria-current="step"]')).toContainText('Order details');
  await expectAccessible(page, 'order details');
  await choose(page.getByRole('radio', { name: /^Exchange/ }));
  await page.getByRole('button', { name: 'Continue' }).click();

  // 2. Product selection: nothing chosen is refused, then the piece.
  await expect(page.getByRole('heading', { level: 2, name: 'Product selection' })).toBeFocused();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please select at least one piece.')).toBeVisible();
  await choose(page.getByRole('checkbox', { name: /Exchange this piece/ }));
  await expectAccessible(page, 'product selection');
  await page.getByRole('button', { name: 'Continue' }).click();

  // 3. Exchange product: the new size and a reason.
  await expect(page.getByRole('heading', { level: 2, name: 'Exchange product' })).toBeVisible();
  await choose(page.getByRole('radio', { name: piece.other, exact: true }));
  await page.getByRole('combobox', { name: /Reason/ }).selectOption({ label: 'Too small' });
  await expectAccessible(page, 'exchange product');
  await page.getByRole('button', { name: 'Continue' }).click();

  // 4. Shipping: a carrier drop-off point.
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible();
  await choose(page.getByRole('radio', { name: /drop-off point/ }));
  await expectAccessible(page, 'shipping');
  await page.getByRole('button', { name: 'Continue' }).click();

  // 5. Refund: an exchange costs and refunds nothing.
  await expect(page.getByRole('heading', { level: 2, name: 'Refund' })).toBeVisible();
  await expect(page.getByText(`New size ${piece.other}`)).toBeVisible();
  await expect(page.getByText('Nothing to pay and nothing to refund', { exact: false })).toBeVisible();
  await expectAccessible(page, 'refund');
  await page.getByRole('button', { name: 'Send my exchange request' }).click();

  // 6. Confirmation: the thank-you page, as a guest.
  await page.waitForURL(/\/myaccount\/return-thank-you\?transactionUuid=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your request is registered' })).toBeVisible();
  await expect(page.getByTestId('return-number')).toHaveText(/^RMA-\d{8}$/);
  await expect(page.getByText(`New size ${piece.other}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  await expectAccessible(page, 'thank-you');

  // The order page now shows the line as requested, and the exchange cannot be asked twice.
  const again = await page.request.get(
    page.url().replace('/myaccount/return-thank-you', '/ssr/guest/return-exchange') + '&locale=en-us',
  );
  const data = await again.json();
  expect(data.order.items[0].status).toBe('returnRequested');
  expect(data.availableFlowTypes).toEqual([]);
  // The one refusal of the journey (the wrong e-mail address: 404, as for an unknown order) is the only failed request.
  expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
});
