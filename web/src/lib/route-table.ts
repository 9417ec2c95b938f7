// The storefront's page routes, one entry per page type: which component module renders it, which translation
// namespaces it reads beyond the shell's, whether it is personal to the visitor, and the contract operation
// that answers its data. The server's page host, the client's page loader, the budget tests and the
// route-table tests read it; URL → page kind is `matchPage` (./paths.ts), which names the same kinds.
//
// No React here: the server imports this file as it is. The component modules are loaded by
// web/src/app/page-modules.tsx (one chunk each, preloaded for the page the server renders).
import type { Schemas } from '@storefront/openapi/client';
import type { Namespace } from './namespaces';

export type PageType = Schemas['PageType'];

export interface PageRoute {
  /** The component module, a file of web/src/app/routes (without `.tsx`): one code chunk per module. */
  module: string;
  /** Its export that renders the page (props: `{ data, onAdded }`). */
  component: string;
  /** The namespaces its render reads beyond the shell's (`SHELL_NAMESPACES`); loaded before it renders on a client navigation. */
  namespaces: readonly Namespace[];
  /** One visitor's page (account area, bag, checkout, an order): rendered per request, never cached, `private, no-store`. */
  personal: boolean;
  /** The contract operation that answers the page's data (`GET /ssr/...`). */
  operation: string;
}

const route = (
  module: string,
  component: string,
  operation: string,
  namespaces: readonly Namespace[],
  personal = false,
): PageRoute => ({
  module,
  component,
  namespaces,
  personal,
  operation,
});

export const PAGE_ROUTES = {
  home: route('home-route', 'HomeRoute', 'getHomePageData', ['product']),
  category: route('category-route', 'CategoryRoute', 'getCategoryPageData', ['product']),
  product: route('product-route', 'ProductRoute', 'getProductPageData', ['product', 'stores', 'errors']),
  'not-found': route('not-found-route', 'NotFoundRoute', 'getNotFoundPageData', ['errors']),
  content: route('content-page-route', 'ContentPageRoute', 'getContentPageData', ['product']),
  'rive-droite-content': route('content-page-route', 'ContentPageRoute', 'getRiveDroiteContentPageData', ['product']),
  legal: route('legal-route', 'LegalRoute', 'getLegalPageData', []),
  faq: route('faq-route', 'FaqRoute', 'getFaqPageData', ['contact']),
  'client-service': route('client-service-route', 'ClientServiceRoute', 'getClientServicePageData', ['contact']),
  contact: route('contact-route', 'ContactRoute', 'getContactPageData', ['contact', 'account', 'errors']),
  marketing: route('marketing-route', 'MarketingRoute', 'getMarketingPageData', ['product']),
  'rive-droite': route('rive-droite-route', 'RiveDroiteRoute', 'getRiveDroitePageData', ['product']),
  'rive-droite-category': route(
    'rive-droite-category-route',
    'RiveDroiteCategoryRoute',
    'getRiveDroiteCategoryPageData',
    ['product'],
  ),
  'rive-droite-calendar': route(
    'rive-droite-calendar-route',
    'RiveDroiteCalendarRoute',
    'getRiveDroiteCalendarPageData',
    [],
  ),
  look: route('look-route', 'LookRoute', 'getLookPageData', ['product']),
  collections: route('collection-routes', 'CollectionsRoute', 'getCollectionsPageData', ['product']),
  collection: route('collection-routes', 'CollectionRoute', 'getCollectionPageData', ['product']),
  'collection-items': route('collection-routes', 'CollectionItemsRoute', 'getCollectionItemsPageData', ['product']),
  'collection-looks': route('collection-routes', 'CollectionLooksRoute', 'getCollectionLooksPageData', ['product']),
  search: route('search-route', 'SearchRoute', 'getSearchPageData', ['product']),
  'store-list': route('store-routes', 'StoreListRoute', 'getStoreListPageData', ['stores']),
  'store-detail': route('store-routes', 'StoreDetailRoute', 'getStoreDetailPageData', ['stores']),
  'newsletter-confirm': route('newsletter-confirm-route', 'NewsletterConfirmRoute', 'getNewsletterConfirmPageData', [
    'contact',
    'account',
    'errors',
  ]),
  'sign-in': route('sign-in-route', 'SignInRoute', 'getSignInPageData', ['account', 'errors'], true),
  'sign-up': route('sign-up-route', 'SignUpRoute', 'getSignUpPageData', ['account', 'errors'], true),
  logout: route('sign-out-route', 'SignOutRoute', 'getLogoutPageData', ['account'], true),
  'my-account': route('account-routes', 'AccountDashboardRoute', 'getMyAccountPageData', ['account', 'orders'], true),
  'my-account-activate': route(
    'account-routes',
    'AccountActivateRoute',
    'getAccountActivationPageData',
    ['account', 'errors'],
    true,
  ),
  'my-account-information': route(
    'account-routes',
    'AccountInformationRoute',
    'getAccountInformationPageData',
    ['account', 'errors'],
    true,
  ),
  'my-account-profile': route(
    'account-routes',
    'AccountProfileRoute',
    'getProfilePageData',
    ['account', 'errors'],
    true,
  ),
  'my-account-address-book': route(
    'account-routes',
    'AccountAddressBookRoute',
    'getAddressBookPageData',
    ['account', 'errors'],
    true,
  ),
  'my-account-new-address-book': route(
    'account-routes',
    'AccountAddressFormRoute',
    'getNewAddressPageData',
    ['account', 'errors'],
    true,
  ),
  'my-account-edit-address-book': route(
    'account-routes',
    'AccountAddressFormRoute',
    'getEditAddressPageData',
    ['account', 'errors'],
    true,
  ),
  'my-account-edit-password': route(
    'account-routes',
    'AccountEditPasswordRoute',
    'getEditPasswordPageData',
    ['account', 'errors'],
    true,
  ),
  'my-account-reset-password': route(
    'account-routes',
    'AccountResetPasswordRoute',
    'getResetPasswordPageData',
    ['account', 'errors'],
    true,
  ),
  // The saved-cards page has its data (no cards are kept: payments are tokenised per order) but no page of
  // its own yet: it renders the not-found page.
  'my-account-payment': route('not-found-route', 'NotFoundRoute', 'getPaymentPageData', ['errors'], true),
  'my-account-orders': route('order-routes', 'AccountOrdersRoute', 'getOrdersPageData', ['account', 'orders'], true),
  'my-account-order-online': route(
    'order-routes',
    'AccountOrderRoute',
    'getOnlineOrderPageData',
    ['account', 'orders', 'returns'],
    true,
  ),
  'my-account-order-offline': route(
    'order-routes',
    'AccountOrderRoute',
    'getOfflineOrderPageData',
    ['account', 'orders', 'returns'],
    true,
  ),
  'my-account-return-exchange': route(
    'return-routes',
    'AccountReturnRoute',
    'getAccountReturnExchangePageData',
    ['account', 'orders', 'returns', 'errors'],
    true,
  ),
  'my-account-return-thank-you': route(
    'return-routes',
    'ReturnThankYouRoute',
    'getReturnThankYouPageData',
    ['orders', 'returns'],
    true,
  ),
  basket: route('basket-route', 'BasketRoute', 'getBasketPageData', ['product', 'checkout'], true),
  checkout: route(
    'checkout-routes',
    'CheckoutRoute',
    'getCheckoutPageData',
    ['product', 'checkout', 'account', 'errors'],
    true,
  ),
  'checkout-confirmation': route(
    'checkout-routes',
    'CheckoutConfirmationRoute',
    'getOrderConfirmationPageData',
    ['checkout', 'orders', 'account'],
    true,
  ),
  'track-order': route('order-routes', 'TrackOrderRoute', 'getTrackOrderPageData', ['orders', 'errors'], true),
  'guest-order-online': route(
    'order-routes',
    'GuestOrderRoute',
    'getGuestOrderOnlinePageData',
    ['orders', 'returns'],
    true,
  ),
  'return-order': route(
    'return-routes',
    'ReturnOrderRoute',
    'getReturnOrderPageData',
    ['orders', 'returns', 'errors'],
    true,
  ),
  'guest-return-exchange': route(
    'return-routes',
    'GuestReturnRoute',
    'getGuestReturnExchangePageData',
    ['orders', 'returns', 'errors'],
    true,
  ),
} as const satisfies Record<PageType, PageRoute>;

/** The route of a page type; the not-found page's for a value no route has. */
export function pageRouteOf(pageType: string): PageRoute {
  return Object.hasOwn(PAGE_ROUTES, pageType) ? PAGE_ROUTES[pageType as PageType] : PAGE_ROUTES['not-found'];
}

/**
 * The page type a URL's kind (`matchPage(path).kind`) renders, when it is known before its data: the kinds are
 * the page types, except a catch-all path (a content page, or the not-found page) and the legacy legal path
 * (redirected to the legal page).
 */
export function pageTypeOfKind(kind: string): PageType {
  if (kind === 'catch-all') return 'content';
  if (kind === 'legal-legacy') return 'legal';
  return Object.hasOwn(PAGE_ROUTES, kind) ? (kind as PageType) : 'not-found';
}

/** Whether the page of a URL kind is one visitor's (never cached, `private, no-store`). */
export function isPersonalKind(kind: string): boolean {
  return pageRouteOf(pageTypeOfKind(kind)).personal;
}
