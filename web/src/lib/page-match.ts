// URL → page, shared by the server (which page data to load) and the client (which page to show).
// Spec §2: `/{language}-{country}/...` prefixes; no prefix means en-us. Never throws: any path it does not
// recognise (including a malformed `%` sequence) is `not-found`.

export const DEFAULT_LOCALE = 'en-us';
const LOCALE_SEGMENT = /^[a-z]{2}-[a-z]{2}$/;
/** A slugified URL segment (the contract's slug pattern). */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/**
 * Spec §2: Japanese, Korean and Chinese locales keep URL-encoded raw params rather than slugified ones, so
 * their (decoded) segments may hold any letters, digits and marks of any script, joined by dashes.
 */
const RAW_SLUG = /^[\p{Ll}\p{Lo}\p{Lm}\p{Nd}\p{M}]+(?:-[\p{Ll}\p{Lo}\p{Lm}\p{Nd}\p{M}]+)*$/u;
const RAW_PARAM_LANGUAGES = new Set(['ja', 'ko', 'zh']);
export const MAX_SLUG = 120;
// Spec §5: a product URL is valid only with an alphanumeric id before `.html`.
const PRODUCT = /^(.+)-([A-Za-z0-9]{1,32})\.html$/;
// Spec §5: a store URL is valid only if it ends in a dash and digits.
const STORE = /^(.+)-(\d{1,20})$/;

type WithLocale<T> = T & { locale: string | null };

export type PageMatch =
  | WithLocale<{ kind: 'home' }>
  | WithLocale<{ kind: 'category'; slug: string }>
  | WithLocale<{ kind: 'product'; pid: string; name: string }>
  | WithLocale<{ kind: 'content'; slug: string }>
  | WithLocale<{ kind: 'legal'; slug: string }>
  | WithLocale<{ kind: 'legal-legacy'; slug: string }>
  | WithLocale<{ kind: 'faq' }>
  | WithLocale<{ kind: 'client-service' }>
  | WithLocale<{ kind: 'contact' }>
  | WithLocale<{ kind: 'marketing' }>
  | WithLocale<{ kind: 'rive-droite' }>
  | WithLocale<{ kind: 'rive-droite-content'; slug: string }>
  | WithLocale<{ kind: 'rive-droite-category'; slug: string }>
  | WithLocale<{ kind: 'rive-droite-calendar'; slug: string }>
  | WithLocale<{ kind: 'look'; slug: string }>
  | WithLocale<{ kind: 'collections' }>
  | WithLocale<{ kind: 'collection'; slug: string }>
  | WithLocale<{ kind: 'collection-items'; slug: string }>
  | WithLocale<{ kind: 'collection-looks'; slug: string }>
  | WithLocale<{ kind: 'catch-all'; slug: string }>
  | WithLocale<{ kind: 'search' }>
  | WithLocale<{ kind: 'store-list' }>
  | WithLocale<{ kind: 'store-detail'; slug: string; id: string }>
  | WithLocale<{ kind: 'newsletter-confirm' }>
  | WithLocale<{ kind: AccountPageKind }>
  | WithLocale<{ kind: ShopPageKind }>
  | WithLocale<{ kind: 'not-found' }>;

// Account pages (spec §2): one fixed path each (after the locale prefix); the kind is the page type of
// their data, and the data is `/ssr/<path>`.
export const ACCOUNT_PAGES = {
  signin: 'sign-in',
  signup: 'sign-up',
  logout: 'logout',
  myaccount: 'my-account',
  'myaccount/activate': 'my-account-activate',
  'myaccount/account-information': 'my-account-information',
  'myaccount/profile': 'my-account-profile',
  'myaccount/address-book': 'my-account-address-book',
  'myaccount/new-address-book': 'my-account-new-address-book',
  'myaccount/edit-address-book': 'my-account-edit-address-book',
  'myaccount/editpassword': 'my-account-edit-password',
  'myaccount/reset-password': 'my-account-reset-password',
  'myaccount/orders': 'my-account-orders',
  'myaccount/order-online': 'my-account-order-online',
  'myaccount/order-offline': 'my-account-order-offline',
  'myaccount/return-exchange': 'my-account-return-exchange',
  'myaccount/return-thank-you': 'my-account-return-thank-you',
} as const;
export type AccountPageKind = (typeof ACCOUNT_PAGES)[keyof typeof ACCOUNT_PAGES];
export const ACCOUNT_PAGE_PATHS = Object.fromEntries(
  Object.entries(ACCOUNT_PAGES).map(([path, kind]) => [kind, path]),
) as Record<AccountPageKind, string>;
/** A query value of a fixed page's data, as the contract accepts it (anything else is left out). */
interface PageQueryValue {
  name: string;
  pattern: RegExp;
  /** Without it (or with a malformed one) the page is not found. */
  required: boolean;
}
export const ORDER_NUMBER = /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const orderNumber: PageQueryValue = { name: 'orderNumber', pattern: ORDER_NUMBER, required: true };
const transactionUuid: PageQueryValue = { name: 'transactionUuid', pattern: UUID, required: true };
/** A return or an exchange (`ReturnFlowType`); a return without it. */
const returnFlow: PageQueryValue = { name: 'flow', pattern: /^(?:Return|Exchange)$/, required: false };

/** Query values of the account pages' data. */
export const ACCOUNT_PAGE_QUERY: Partial<Record<AccountPageKind, PageQueryValue[]>> = {
  'sign-in': [{ name: 'returnUrl', pattern: /^\/(?![/\\])[^\s]{0,499}$/, required: false }],
  'my-account-activate': [{ name: 'userId', pattern: /^00u[A-Za-z0-9]{17}$/, required: true }],
  'my-account-edit-address-book': [{ name: 'addressId', pattern: /^[A-Za-z0-9_-]{1,64}$/, required: true }],
  'my-account-reset-password': [{ name: 'token', pattern: /^[A-Za-z0-9_-]{20,128}$/, required: true }],
  'my-account-orders': [{ name: 'page', pattern: /^[1-9]\d{0,3}$/, required: false }],
  'my-account-order-online': [orderNumber],
  'my-account-order-offline': [orderNumber],
  'my-account-return-exchange': [orderNumber, returnFlow],
};

// Shopping pages (bag, checkout, order confirmation, order tracking, a guest's order): one fixed path each,
// personal to the visitor (never cached by the server); the data is `/ssr/<path>`.
export const SHOP_PAGES = {
  basket: 'basket',
  checkout: 'checkout',
  'checkout/confirmation': 'checkout-confirmation',
  'track-order': 'track-order',
  'guest/order-online': 'guest-order-online',
  'return-order': 'return-order',
  'guest/return-exchange': 'guest-return-exchange',
} as const;
export type ShopPageKind = (typeof SHOP_PAGES)[keyof typeof SHOP_PAGES];
export const SHOP_PAGE_PATHS = Object.fromEntries(
  Object.entries(SHOP_PAGES).map(([path, kind]) => [kind, path]),
) as Record<ShopPageKind, string>;
/** Query values of the shopping pages' data. */
export const SHOP_PAGE_QUERY: Partial<Record<ShopPageKind, PageQueryValue[]>> = {
  'checkout-confirmation': [orderNumber],
  'guest-order-online': [transactionUuid],
  'guest-return-exchange': [transactionUuid, returnFlow],
};

export function isShopPageKind(kind: string): kind is ShopPageKind {
  return Object.hasOwn(SHOP_PAGE_PATHS, kind);
}

export function isAccountPageKind(kind: string): kind is AccountPageKind {
  return Object.hasOwn(ACCOUNT_PAGE_PATHS, kind);
}

/** decodeURIComponent that answers null instead of throwing on a malformed `%` sequence. */
export function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Whether a locale keeps raw (non-slugified, URL-encoded) params in its URLs (spec §2). */
export function keepsRawParams(locale: string | null): boolean {
  return locale !== null && RAW_PARAM_LANGUAGES.has(locale.slice(0, 2));
}

/** A slug segment of the URL, decoded; null when it is not valid for the locale. */
function slugOf(segment: string | undefined, locale: string | null): string | null {
  if (!segment) return null;
  if (SLUG.test(segment)) return segment.length <= MAX_SLUG ? segment : null;
  if (!keepsRawParams(locale)) return null;
  const decoded = safeDecode(segment);
  if (decoded === null || decoded.length > MAX_SLUG || !RAW_SLUG.test(decoded)) return null;
  return decoded;
}

/** Splits the locale prefix off a path; segments stay URL-encoded. */
export function split(pathname: string): { locale: string | null; segments: string[] } {
  const segments = pathname.split('/').filter(Boolean);
  let locale: string | null = null;
  if (segments[0] && LOCALE_SEGMENT.test(segments[0])) locale = segments.shift() ?? null;
  return { locale, segments };
}

export function matchPage(pathname: string): PageMatch {
  const { locale, segments } = split(pathname);
  const notFound: PageMatch = { kind: 'not-found', locale };
  const [first, second, third, ...rest] = segments;
  if (!first) return { kind: 'home', locale };
  const n = segments.length;
  const accountPath = segments.join('/');
  if (Object.hasOwn(ACCOUNT_PAGES, accountPath))
    return { kind: ACCOUNT_PAGES[accountPath as keyof typeof ACCOUNT_PAGES], locale };
  if (Object.hasOwn(SHOP_PAGES, accountPath))
    return { kind: SHOP_PAGES[accountPath as keyof typeof SHOP_PAGES], locale };

  if (n === 1) {
    switch (first) {
      case '404':
        return notFound;
      case 'faq':
        return { kind: 'faq', locale };
      case 'client-service':
        return { kind: 'client-service', locale };
      case 'contact':
        return { kind: 'contact', locale };
      case 'marketing':
        return { kind: 'marketing', locale };
      case 'rive-droite':
        return { kind: 'rive-droite', locale };
      case 'collections':
        return { kind: 'collections', locale };
      case 'search':
        return { kind: 'search', locale };
      case 'stores':
        return { kind: 'store-list', locale };
    }
    const slug = slugOf(first, locale);
    return slug ? { kind: 'catch-all', locale, slug } : notFound;
  }

  if (n === 2) {
    const slug = slugOf(second, locale);
    switch (first) {
      case 'ca':
        return slug ? { kind: 'category', locale, slug } : notFound;
      case 'cp':
        return slug ? { kind: 'content', locale, slug } : notFound;
      case 'legal':
        return slug ? { kind: 'legal', locale, slug } : notFound;
      case 'newsletter':
        // The e-mail's link carries its token in the fragment, which never reaches a server.
        return second === 'confirm' ? { kind: 'newsletter-confirm', locale } : notFound;
      case 'looks':
        return slug ? { kind: 'look', locale, slug } : notFound;
      case 'collections':
        return slug ? { kind: 'collection', locale, slug } : notFound;
      case 'stores': {
        // Spec §5: `{name}-{id}`, the id the trailing digits; the name may be a raw (URL-encoded) one in any locale.
        const store = parseStoreSlug(second!);
        return store ? { kind: 'store-detail', locale, slug: `${store.name}-${store.id}`, id: store.id } : notFound;
      }
      case 'pr': {
        const m = PRODUCT.exec(second!);
        if (!m?.[1] || !m[2]) return notFound;
        const name = safeDecode(m[1]);
        return name ? { kind: 'product', locale, pid: m[2], name } : notFound;
      }
    }
    return notFound;
  }

  if (n === 3 && rest.length === 0 && first === 'collections') {
    // `/collections/{slug}/items` and `/collections/{slug}/looks`: the slug is the second segment.
    const slug = slugOf(second, locale);
    if (slug && third === 'items') return { kind: 'collection-items', locale, slug };
    if (slug && third === 'looks') return { kind: 'collection-looks', locale, slug };
    return notFound;
  }

  if (n === 3 && rest.length === 0) {
    const slug = slugOf(third, locale);
    if (!slug) return notFound;
    if (first === 'legal' && second === 'v1') return { kind: 'legal-legacy', locale, slug };
    if (first === 'rive-droite') {
      if (second === 'cp') return { kind: 'rive-droite-content', locale, slug };
      if (second === 'ca') return { kind: 'rive-droite-category', locale, slug };
      if (second === 'calendar') return { kind: 'rive-droite-calendar', locale, slug };
    }
  }
  return notFound;
}

/** A site path in a locale: en-us has no prefix. */
export function localizePath(locale: string, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}/` : `/${locale}${path}`;
}

// ---------------------------------------------------------------------------------------------
// Store detail URLs (spec §2, §5): `/stores/{name}-{id}`, id the trailing digits.

/** The name and id of a store detail segment (`paris-saint-honore-1204`), or null when not valid. */
export function parseStoreSlug(segment: string): { name: string; id: string } | null {
  const decoded = safeDecode(segment);
  if (decoded === null) return null;
  const m = STORE.exec(decoded);
  return m?.[1] && m[2] ? { name: m[1], id: m[2] } : null;
}

/** Whether a path (with or without the locale prefix) is a valid store detail URL. */
export function isStoreUrl(pathname: string): boolean {
  const { segments } = split(pathname);
  return segments.length === 2 && segments[0] === 'stores' && parseStoreSlug(segments[1]!) !== null;
}
