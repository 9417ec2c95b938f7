// The visitors of `npm run screenshots` (scripts/screenshots.mjs), prepared through the API of the running
// server: what the paths need in a locale, a bag with one piece, a guest order delivered then partly returned, the
// demo client signed in.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { request as playwrightRequest } from 'playwright-core';

const DEMO_CLIENT = { email: 'client@example.com', password: 'Maison-Montaigne-2026' };

async function json(res, what) {
  const text = await res.text();
  if (!res.ok()) throw new Error(`${what} answered ${res.status()}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** What the paths need in one locale, read from the running server (nothing about the catalogue is assumed). */
export async function discover(api, locale) {
  const q = `locale=${locale}`;
  const home = await json(await api.get(`/ssr/home?${q}`), 'home data');
  const candidates = [
    ...(home.featuredCategories ?? []).map((f) => f.category),
    ...[...(home.navigation ?? [])].sort((a, b) => (b.level ?? 0) - (a.level ?? 0)),
  ].filter((c) => c?.slug);
  for (const c of candidates) {
    const listing = await json(await api.get(`/ssr/ca/${encodeURIComponent(c.slug)}?${q}`), `category ${c.slug}`);
    for (const p of (listing.listing?.products ?? []).filter(
      (x) => x.availability?.inStock && x.availability?.isSellableOnline,
    )) {
      const page = await json(await api.get(`/ssr/pr/${encodeURIComponent(p.id)}?${q}`), `product ${p.id}`);
      const size = page.product?.sizes?.find((s) => s.inStock);
      if (!size) continue;
      const stores = JSON.stringify(await json(await api.get(`/ssr/stores?${q}`), 'store list'));
      const store = new RegExp(`"(/${locale}/stores/[^"?#]+-\\d+)"`).exec(stores)?.[1];
      if (!store) throw new Error(`${locale}: the store list names no boutique page`);
      return {
        locale,
        category: c.slug,
        product: new URL(page.meta.canonical).pathname,
        pid: page.product.id,
        size: size.id,
        query: listing.listing.category?.name ?? c.slug,
        store,
      };
    }
  }
  throw new Error(`${locale}: no category of the home page lists a product with a size in stock`);
}

/** A campaign page of the content fixtures (what `/marketing?cid=` shows). */
export async function campaignId() {
  const { pages } = await import('../../fixtures/content/index.ts');
  const everywhere = (p) => !p.countries;
  const campaign =
    pages.find((p) => p.pageUrl.startsWith('/marketing') && everywhere(p)) ??
    pages.find((p) => p.category === 'custom' && p.globalPageId !== 'home' && everywhere(p));
  if (!campaign) throw new Error('no campaign page in the content fixtures');
  return campaign.globalPageId;
}

const ADDRESSES = {
  'fr-fr': {
    person: { firstName: 'Camille', lastName: 'Martin', phone: '+33 6 12 34 56 78' },
    address: {
      firstName: 'Camille',
      lastName: 'Martin',
      addressLine1: '12 rue de Sèvres',
      city: 'Paris',
      postalCode: '75006',
      country: 'FR',
    },
  },
  'ja-jp': {
    person: { firstName: '花子', lastName: '山田', phone: '+81 90 1234 5678' },
    address: {
      firstName: '花子',
      lastName: '山田',
      addressLine1: '銀座6-10-1',
      city: '中央区',
      stateCode: '13',
      postalCode: '104-0061',
      country: 'JP',
    },
  },
};

/** A new API session of the storefront (cookies kept), sending the headers the same-origin guard wants. */
export function session(base) {
  return playwrightRequest.newContext({
    baseURL: base,
    extraHTTPHeaders: { Origin: base, 'Sec-Fetch-Site': 'same-origin', Accept: 'application/json' },
  });
}

export async function addToBag(api, c) {
  await json(
    await api.post(`/api/data/basket/add-item?locale=${c.locale}`, { data: { pid: c.pid, size: c.size, quantity: 1 } }),
    'add to bag',
  );
}

/** A guest order of one piece, placed and then delivered by the demo fulfilment. */
export async function placeAndDeliver(api, c) {
  await addToBag(api, c);
  const options = await json(await api.get(`/api/checkout/options?locale=${c.locale}`), 'checkout options');
  const option =
    options.deliveryOptions.find((o) => o.deliveryMethod === 'ShipToAddress' && o.id.endsWith('-STD')) ??
    options.deliveryOptions.find((o) => o.deliveryMethod === 'ShipToAddress');
  if (!option) throw new Error(`${c.locale}: no delivery to an address`);
  const who = ADDRESSES[c.locale] ?? ADDRESSES['fr-fr'];
  const body = {
    email: `review-${randomUUID()}@example.com`,
    civility: 'MS',
    ...who.person,
    delivery: { optionId: option.id, address: who.address },
    payment: {
      method: 'card',
      card: {
        number: '4242424242424242',
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 3,
        cvc: '123',
        holderName: `${who.person.firstName} ${who.person.lastName}`,
      },
    },
    expectedTotal: option.total?.total ?? options.basket.subtotal + option.cost,
    acceptTerms: true,
  };
  const order = await json(
    await api.post(`/api/checkout/place-order?locale=${c.locale}`, {
      data: body,
      headers: { 'Idempotency-Key': randomUUID() },
    }),
    'place order',
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    const page = await json(
      await api.get(`/ssr/guest/order-online?locale=${c.locale}&transactionUuid=${order.transactionUuid}`),
      'guest order page',
    );
    if (page.order?.status === 'delivered') break;
    if (Date.now() > deadline)
      throw new Error(`${c.locale}: order ${order.orderNumber} still ${page.order?.status} after 90 s`);
    await sleep(1000);
  }
  return { number: order.orderNumber, transactionUuid: order.transactionUuid };
}

export async function requestReturn(api, c) {
  await json(
    await api.post(`/api/data/order/return-request?locale=${c.locale}`, {
      data: {
        transactionUuid: c.order.transactionUuid,
        flowType: 'Return',
        lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }],
        returnMethod: 'ShipToReturnCenter',
        handover: 'dropOff',
      },
    }),
    'return request',
  );
}

/** The demo client signed in: its address and order numbers. */
export async function signInClient(api, locale) {
  await json(
    await api.post(`/api/auth/login?locale=${locale}`, {
      data: { ...DEMO_CLIENT, recaptchaToken: 'test-recaptcha-token' },
    }),
    'demo client sign-in',
  );
  const book = JSON.stringify(
    await json(await api.get(`/ssr/myaccount/address-book?locale=${locale}`), 'address book'),
  );
  const addressId = /"id":"([A-Za-z0-9_-]{1,64})"/.exec(book.slice(book.indexOf('"addresses"')))?.[1];
  const history = await json(await api.get(`/ssr/myaccount/orders?locale=${locale}`), 'order history');
  const online = history.online?.orders ?? [];
  const returnable = online.find((o) => o.items?.some((i) => i.returnableFlows?.length)) ?? online[0];
  const offline = history.offline?.orders?.[0];
  if (!addressId || !online[0] || !offline)
    throw new Error(`${locale}: the demo client has no address or no orders (DEMO_CLIENT seeding)`);
  return { addressId, online: online[0].orderNumber, offline: offline.orderNumber, returnable: returnable.orderNumber };
}
