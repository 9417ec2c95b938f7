// The pages `npm run screenshots` photographs: one entry per page type of the route table
// (web/src/lib/route-table.ts), with the visitor it needs and its path in a locale. `scripts/screenshots.test.ts`
// checks that every page type is here (or named in NO_PAGE_OF_ITS_OWN) and that each path renders its type.
//
// A path is a function of the run's context, filled in by scripts/screenshots.mjs from the running server:
//   locale, category (a slug), product and store (paths), campaign (a content page id),
//   order { number, transactionUuid } (placed by a guest through the API, then delivered by the demo fulfilment),
//   client { addressId, online, offline, returnable } (the demo client's address and order numbers).

/**
 * Visitors, in the order they are photographed: `visitor` (nobody signed in, an empty bag), `bag` (one piece in
 * the bag), `buyer` (the session that placed the order; its return is requested before `after-return` pages),
 * `client` (the demo client signed in; signed out by the last page).
 */
export const VISITORS = ['visitor', 'bag', 'buyer', 'client'];

const q = encodeURIComponent;

/** @type {{ type: string; visitor: string; path: (c: any) => string; afterReturn?: boolean }[]} */
export const SCREENSHOT_PAGES = [
  // Anyone.
  { type: 'home', visitor: 'visitor', path: (c) => `/${c.locale}/` },
  { type: 'category', visitor: 'visitor', path: (c) => `/${c.locale}/ca/${c.category}` },
  { type: 'product', visitor: 'visitor', path: (c) => c.product },
  { type: 'search', visitor: 'visitor', path: (c) => `/${c.locale}/search?q=${q(c.query)}` },
  { type: 'content', visitor: 'visitor', path: (c) => `/${c.locale}/cp/the-house` },
  { type: 'legal', visitor: 'visitor', path: (c) => `/${c.locale}/legal/terms-and-conditions` },
  { type: 'faq', visitor: 'visitor', path: (c) => `/${c.locale}/faq` },
  { type: 'client-service', visitor: 'visitor', path: (c) => `/${c.locale}/client-service` },
  { type: 'contact', visitor: 'visitor', path: (c) => `/${c.locale}/contact` },
  { type: 'marketing', visitor: 'visitor', path: (c) => `/${c.locale}/marketing?cid=${q(c.campaign)}` },
  { type: 'rive-droite', visitor: 'visitor', path: (c) => `/${c.locale}/rive-droite` },
  { type: 'rive-droite-content', visitor: 'visitor', path: (c) => `/${c.locale}/rive-droite/cp/about-rive-droite` },
  { type: 'rive-droite-category', visitor: 'visitor', path: (c) => `/${c.locale}/rive-droite/ca/women` },
  { type: 'rive-droite-calendar', visitor: 'visitor', path: (c) => `/${c.locale}/rive-droite/calendar/events` },
  { type: 'collections', visitor: 'visitor', path: (c) => `/${c.locale}/collections` },
  { type: 'collection', visitor: 'visitor', path: (c) => `/${c.locale}/collections/women-fall-winter-26` },
  { type: 'collection-items', visitor: 'visitor', path: (c) => `/${c.locale}/collections/women-fall-winter-26/items` },
  { type: 'collection-looks', visitor: 'visitor', path: (c) => `/${c.locale}/collections/women-fall-winter-26/looks` },
  { type: 'look', visitor: 'visitor', path: (c) => `/${c.locale}/looks/women-fw26-look-1` },
  { type: 'store-list', visitor: 'visitor', path: (c) => `/${c.locale}/stores` },
  { type: 'store-detail', visitor: 'visitor', path: (c) => c.store },
  { type: 'newsletter-confirm', visitor: 'visitor', path: (c) => `/${c.locale}/newsletter/confirm` },
  { type: 'sign-in', visitor: 'visitor', path: (c) => `/${c.locale}/signin` },
  { type: 'sign-up', visitor: 'visitor', path: (c) => `/${c.locale}/signup` },
  // An activation or recovery link whose account or token is unknown: the page that says so.
  {
    type: 'my-account-activate',
    visitor: 'visitor',
    path: (c) => `/${c.locale}/myaccount/activate?userId=00uScreenshotReview0`,
  },
  {
    type: 'my-account-reset-password',
    visitor: 'visitor',
    path: (c) => `/${c.locale}/myaccount/reset-password?token=screenshot-review-token-000`,
  },
  { type: 'track-order', visitor: 'visitor', path: (c) => `/${c.locale}/track-order` },
  { type: 'return-order', visitor: 'visitor', path: (c) => `/${c.locale}/return-order` },
  { type: 'not-found', visitor: 'visitor', path: (c) => `/${c.locale}/pr/this-page-does-not-exist` },
  // One piece in the bag.
  { type: 'basket', visitor: 'bag', path: (c) => `/${c.locale}/basket` },
  { type: 'checkout', visitor: 'bag', path: (c) => `/${c.locale}/checkout` },
  // The guest who placed an order (delivered since), before and after asking to return it.
  {
    type: 'checkout-confirmation',
    visitor: 'buyer',
    path: (c) => `/${c.locale}/checkout/confirmation?orderNumber=${q(c.order.number)}`,
  },
  {
    type: 'guest-order-online',
    visitor: 'buyer',
    path: (c) => `/${c.locale}/guest/order-online?transactionUuid=${c.order.transactionUuid}`,
  },
  {
    type: 'guest-return-exchange',
    visitor: 'buyer',
    path: (c) => `/${c.locale}/guest/return-exchange?transactionUuid=${c.order.transactionUuid}`,
  },
  {
    type: 'my-account-return-thank-you',
    visitor: 'buyer',
    afterReturn: true,
    path: (c) => `/${c.locale}/myaccount/return-thank-you?transactionUuid=${c.order.transactionUuid}`,
  },
  // The demo client, signed in.
  { type: 'my-account', visitor: 'client', path: (c) => `/${c.locale}/myaccount` },
  { type: 'my-account-information', visitor: 'client', path: (c) => `/${c.locale}/myaccount/account-information` },
  { type: 'my-account-profile', visitor: 'client', path: (c) => `/${c.locale}/myaccount/profile` },
  { type: 'my-account-address-book', visitor: 'client', path: (c) => `/${c.locale}/myaccount/address-book` },
  { type: 'my-account-new-address-book', visitor: 'client', path: (c) => `/${c.locale}/myaccount/new-address-book` },
  {
    type: 'my-account-edit-address-book',
    visitor: 'client',
    path: (c) => `/${c.locale}/myaccount/edit-address-book?addressId=${q(c.client.addressId)}`,
  },
  { type: 'my-account-edit-password', visitor: 'client', path: (c) => `/${c.locale}/myaccount/editpassword` },
  { type: 'my-account-orders', visitor: 'client', path: (c) => `/${c.locale}/myaccount/orders` },
  {
    type: 'my-account-order-online',
    visitor: 'client',
    path: (c) => `/${c.locale}/myaccount/order-online?orderNumber=${q(c.client.online)}`,
  },
  {
    type: 'my-account-order-offline',
    visitor: 'client',
    path: (c) => `/${c.locale}/myaccount/order-offline?orderNumber=${q(c.client.offline)}`,
  },
  {
    type: 'my-account-return-exchange',
    visitor: 'client',
    path: (c) => `/${c.locale}/myaccount/return-exchange?orderNumber=${q(c.client.returnable)}`,
  },
  // Last: it signs the client out.
  { type: 'logout', visitor: 'client', path: (c) => `/${c.locale}/logout` },
];

/** Page types of the route table no URL renders, and what shows instead. */
export const NO_PAGE_OF_ITS_OWN = {
  'my-account-payment': 'the saved-cards page has data but no page yet: its URL renders the not-found page',
};
