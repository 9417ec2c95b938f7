// URL → page, shared by the server (which page data to load) and the client (which page to show).
// Spec §2: `/{language}-{country}/...` prefixes; no prefix means en-us. Never throws: any path it does not
// recognise (including a malformed `%` sequence) is `not-found`.

export const DEFAULT_LOCALE = 'en-us';
const LOCALE_SEGMENT = /^[a-z]{2}-[a-z]{2}$/;
/** A slugified URL segment (the contract's slug pattern). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/**
 * Spec §2: Japanese, Korean and Chinese locales keep URL-encoded raw params rather than slugified ones, so
 * their (decoded) segments may hold any letters, digits and marks of any script, joined by dashes.
 */
const RAW_SLUG = /^[\p{Ll}\p{Lo}\p{Lm}\p{Nd}\p{M}]+(?:-[\p{Ll}\p{Lo}\p{Lm}\p{Nd}\p{M}]+)*$/u;
const RAW_PARAM_LANGUAGES = new Set(['ja', 'ko', 'zh']);
const MAX_SLUG = 120;
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

export type PageKind = PageMatch['kind'];

// Account pages (spec §2): one fixed path each (after the locale prefix); the kind is the page type of
// their data, and the data is `/ssr/<path>`.
const ACCOUNT_PAGES = {
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
const ACCOUNT_PAGE_PATHS = Object.fromEntries(Object.entries(ACCOUNT_PAGES).map(([path, kind]) => [kind, path])) as Record<AccountPageKind, string>;
/** Query values of the account pages' data, as the contract accepts them (anything else is left out). */
const ACCOUNT_PAGE_QUERY: Partial<Record<AccountPageKind, { name: string; pattern: RegExp; required: boolean }>> = {
  'sign-in': { name: 'returnUrl', pattern: /^\/(?![/\\])[^\s]{0,499}$/, required: false },
  'my-account-activate': { name: 'userId', pattern: /^00u[A-Za-z0-9]{17}$/, required: true },
  'my-account-edit-address-book': { name: 'addressId', pattern: /^[A-Za-z0-9_-]{1,64}$/, required: true },
  'my-account-reset-password': { name: 'token', pattern: /^[A-Za-z0-9_-]{20,128}$/, required: true },
  'my-account-orders': { name: 'page', pattern: /^[1-9]\d{0,3}$/, required: false },
  'my-account-order-online': { name: 'orderNumber', pattern: /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/, required: true },
  'my-account-order-offline': { name: 'orderNumber', pattern: /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/, required: true },
  'my-account-return-exchange': { name: 'orderNumber', pattern: /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/, required: true },
};

// Shopping pages (bag, checkout, order confirmation, order tracking, a guest's order): one fixed path each,
// personal to the visitor (never cached by the server); the data is `/ssr/<path>`.
const SHOP_PAGES = {
  basket: 'basket',
  checkout: 'checkout',
  'checkout/confirmation': 'checkout-confirmation',
  'track-order': 'track-order',
  'guest/order-online': 'guest-order-online',
  'return-order': 'return-order',
  'guest/return-exchange': 'guest-return-exchange',
} as const;
export type ShopPageKind = (typeof SHOP_PAGES)[keyof typeof SHOP_PAGES];
const SHOP_PAGE_PATHS = Object.fromEntries(Object.entries(SHOP_PAGES).map(([path, kind]) => [kind, path])) as Record<ShopPageKind, string>;
/** Query values of the shopping pages' data, as the contract accepts them (anything else is left out). */
const SHOP_PAGE_QUERY: Partial<Record<ShopPageKind, { name: string; pattern: RegExp; required: boolean }>> = {
  'checkout-confirmation': { name: 'orderNumber', pattern: /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/, required: true },
  'guest-order-online': { name: 'transactionUuid', pattern: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, required: true },
  'guest-return-exchange': { name: 'transactionUuid', pattern: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, required: true },
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
function split(pathname: string): { locale: string | null; segments: string[] } {
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
  if (Object.hasOwn(ACCOUNT_PAGES, accountPath)) return { kind: ACCOUNT_PAGES[accountPath as keyof typeof ACCOUNT_PAGES], locale };
  if (Object.hasOwn(SHOP_PAGES, accountPath)) return { kind: SHOP_PAGES[accountPath as keyof typeof SHOP_PAGES], locale };

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

// ---------------------------------------------------------------------------------------------
// Filter strings (spec §3): comma-separated entries `key:value|value`.

export type FilterSelection = Record<string, string[]>;

const FILTER_VALUE = /^[a-z0-9-]{1,40}$/;

/** Parses `themes:talk|exhibition,locations:paris`; malformed entries and values are dropped. */
export function parseFilterString(value: string | null | undefined): FilterSelection {
  const out: FilterSelection = {};
  if (!value) return out;
  for (const entry of value.split(',')) {
    const colon = entry.indexOf(':');
    if (colon <= 0) continue;
    const key = entry.slice(0, colon);
    if (!/^[a-z][a-zA-Z]{0,39}$/.test(key)) continue;
    const values = entry
      .slice(colon + 1)
      .split('|')
      .filter((v) => FILTER_VALUE.test(v));
    if (values.length === 0) continue;
    out[key] = [...new Set([...(out[key] ?? []), ...values])];
  }
  return out;
}

/** The inverse of parseFilterString; keys in the given order, empty selections left out. */
export function serializeFilterString(selection: FilterSelection): string {
  return Object.entries(selection)
    .filter(([, values]) => values.length > 0)
    .map(([key, values]) => `${key}:${values.join('|')}`)
    .join(',');
}

/** The selection with `value` of `key` added or removed. */
export function toggleFilter(selection: FilterSelection, key: string, value: string): FilterSelection {
  const current = selection[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...selection, [key]: next };
}

// ---------------------------------------------------------------------------------------------
// Page data URLs

const CID = /^[A-Za-z0-9_-]{1,64}$/;
const PID = /^[A-Za-z0-9]{1,32}$/;

function listingQuery(q: URLSearchParams, search: string, withFilters = false) {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const page = params.get('page');
  if (withFilters) {
    const filters = serializeListingFilters(parseListingFilters(params.get('filters')));
    if (filters) q.set('filters', filters);
  }
  if (sort) q.set('sort', sort);
  if (page && /^[1-9]\d{0,3}$/.test(page)) q.set('page', page);
}

// ---------------------------------------------------------------------------------------------
// Listing filters (spec §3): the URL names of the listing and search filters, in the order the
// server normalises them (`appliedFilters`), so one selection always gives one URL.

export const LISTING_FILTER_KEYS = ['color', 'category', 'material', 'size', 'instock', 'price'] as const;
export type ListingFilterKey = (typeof LISTING_FILTER_KEYS)[number];

// What the contract accepts per key (the search page's deepObject patterns); anything else is dropped
// here rather than sent, so a hand-edited URL still renders the listing instead of a 400.
const LISTING_VALUE: Record<ListingFilterKey, RegExp> = {
  color: /^[a-z0-9-]{1,40}$/,
  category: /^[a-z0-9-]{1,120}$/,
  material: /^[a-z0-9-]{1,40}$/,
  size: /^[A-Za-z0-9./-]{1,12}$/,
  instock: /^true$/,
  price: /^\d{1,9}-\d{1,9}$/,
};
const LISTING_MAX_VALUES: Record<ListingFilterKey, number> = { color: 20, category: 20, material: 20, size: 30, instock: 1, price: 1 };

const isOrderedRange = (v: string) => {
  const [min, max] = v.split('-').map(Number);
  return min! <= max!;
};

/** Parses the `filters` URL value of a listing or search (`color:black|beige,size:38`); unknown keys and malformed values are dropped. */
export function parseListingFilters(value: string | null | undefined): FilterSelection {
  const out: FilterSelection = {};
  if (!value) return out;
  for (const entry of value.split(',')) {
    const colon = entry.indexOf(':');
    if (colon <= 0) continue;
    const key = entry.slice(0, colon) as ListingFilterKey;
    if (!(LISTING_FILTER_KEYS as readonly string[]).includes(key)) continue;
    const values = entry
      .slice(colon + 1)
      .split('|')
      .filter((v) => LISTING_VALUE[key].test(v) && (key !== 'price' || isOrderedRange(v)));
    const merged = [...new Set([...(out[key] ?? []), ...values])].slice(0, LISTING_MAX_VALUES[key]);
    if (merged.length) out[key] = merged;
  }
  return out;
}

/** The `filters` URL value of a selection, keys in their fixed order; '' when nothing is selected. */
export function serializeListingFilters(selection: FilterSelection): string {
  const ordered: FilterSelection = {};
  for (const key of LISTING_FILTER_KEYS) if (selection[key]?.length) ordered[key] = selection[key];
  return serializeFilterString(ordered);
}

/** The `/ssr/...` URL holding a page's data; also its query key, on the server and the client. */
export function pageDataUrl(match: PageMatch, search: string): string {
  const locale = match.locale ?? DEFAULT_LOCALE;
  const q = new URLSearchParams({ locale });
  const enc = encodeURIComponent;
  switch (match.kind) {
    case 'home':
      return `/ssr/home?${q}`;
    case 'category':
      listingQuery(q, search, true);
      return `/ssr/ca/${enc(match.slug)}?${q}`;
    case 'product':
      return `/ssr/pr/${match.pid}?${q}`;
    case 'content':
      return `/ssr/cp/${enc(match.slug)}?${q}`;
    case 'legal':
    case 'legal-legacy':
      return `/ssr/legal/${enc(match.slug)}?${q}`;
    case 'faq':
      return `/ssr/faq?${q}`;
    case 'client-service':
      return `/ssr/client-service?${q}`;
    case 'contact':
      return `/ssr/contact?${q}`;
    case 'store-list':
      return `/ssr/stores?${q}`;
    case 'newsletter-confirm':
      return `/ssr/newsletter/confirm?${q}`;
    case 'store-detail':
      return `/ssr/stores/${enc(match.slug)}?${q}`;
    case 'marketing': {
      const params = new URLSearchParams(search);
      const cid = params.get('cid');
      if (!cid || !CID.test(cid)) return `/ssr/404?${q}`;
      q.set('cid', cid);
      const cat = params.get('cat');
      if (cat && SLUG.test(cat) && cat.length <= MAX_SLUG) q.set('cat', cat);
      const pid = params.get('pid');
      if (pid && PID.test(pid)) q.set('pid', pid);
      return `/ssr/marketing?${q}`;
    }
    case 'rive-droite':
      return `/ssr/rive-droite?${q}`;
    case 'rive-droite-content':
      return `/ssr/rive-droite/cp/${enc(match.slug)}?${q}`;
    case 'rive-droite-category':
      listingQuery(q, search);
      return `/ssr/rive-droite/ca/${enc(match.slug)}?${q}`;
    case 'rive-droite-calendar': {
      const filters = parseFilterString(new URLSearchParams(search).get('filters'));
      const themes = (filters.themes ?? []).slice(0, 20);
      const locations = (filters.locations ?? []).slice(0, 20);
      if (themes.length) q.set('themes', themes.join(','));
      if (locations.length) q.set('locations', locations.join(','));
      return `/ssr/rive-droite/calendar/${enc(match.slug)}?${q}`;
    }
    case 'look':
      return `/ssr/looks/${enc(match.slug)}?${q}`;
    case 'collections':
      return `/ssr/collections?${q}`;
    case 'collection':
      return `/ssr/collections/${enc(match.slug)}?${q}`;
    case 'collection-items':
      listingQuery(q, search);
      return `/ssr/collections/${enc(match.slug)}/items?${q}`;
    case 'collection-looks': {
      const page = new URLSearchParams(search).get('page');
      if (page && /^[1-9]\d{0,3}$/.test(page)) q.set('page', page);
      return `/ssr/collections/${enc(match.slug)}/looks?${q}`;
    }
    case 'catch-all':
      return `/ssr/page/${enc(match.slug)}?${q}`;
    case 'search': {
      // The search page's data takes its filters as a deepObject (`filters[color]=black|beige`).
      const params = new URLSearchParams(search);
      const text = params.get('q')?.trim().slice(0, 200);
      if (text) q.set('q', text);
      for (const [key, values] of Object.entries(parseListingFilters(params.get('filters')))) q.set(`filters[${key}]`, values.join('|'));
      listingQuery(q, search);
      // A space as `%20`: the contract's validator refuses `+`, a reserved character, in a query value.
      return `/ssr/search?${q.toString().replace(/\+/g, '%20')}`;
    }
    case 'my-account-return-thank-you': {
      // A customer's by order number, a guest's by the order's transaction id.
      const params = new URLSearchParams(search);
      const uuid = params.get('transactionUuid');
      const number = params.get('orderNumber');
      if (uuid && /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(uuid)) q.set('transactionUuid', uuid);
      else if (number && /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(number)) q.set('orderNumber', number);
      else return `/ssr/404?${q}`;
      return `/ssr/myaccount/return-thank-you?${q}`;
    }
    default:
      if (isAccountPageKind(match.kind)) {
        const param = ACCOUNT_PAGE_QUERY[match.kind];
        const value = param ? new URLSearchParams(search).get(param.name) : null;
        if (param && value !== null && param.pattern.test(value)) q.set(param.name, value);
        else if (param?.required) return `/ssr/404?${q}`;
        return `/ssr/${ACCOUNT_PAGE_PATHS[match.kind]}?${q}`;
      }
      if (isShopPageKind(match.kind)) {
        const param = SHOP_PAGE_QUERY[match.kind];
        const value = param ? new URLSearchParams(search).get(param.name) : null;
        if (param && value !== null && param.pattern.test(value)) q.set(param.name, value);
        else if (param?.required) return `/ssr/404?${q}`;
        return `/ssr/${SHOP_PAGE_PATHS[match.kind]}?${q}`;
      }
      return `/ssr/404?${q}`;
  }
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

// ---------------------------------------------------------------------------------------------
// Page types recognised by path (spec §2)

export type PathPageType =
  | 'home'
  | 'category'
  | 'product'
  | 'collections'
  | 'contact'
  | 'content'
  | 'legal'
  | 'search'
  | 'sign-in'
  | 'sign-up'
  | 'my-account'
  | 'track-order'
  | 'store-list'
  | 'store-detail'
  | '404'
  | 'rive-droite';

/**
 * The page type a path is recognised as (spec §2), or null. In the secondary theme ("rive droite") only
 * `/rive-droite` itself is recognised.
 */
export function pageTypeOf(pathname: string): PathPageType | null {
  const { segments } = split(pathname);
  const [first, second] = segments;
  const n = segments.length;
  if (!first) return 'home';
  if (first === 'myaccount') return 'my-account';
  if (first === 'rive-droite') return n === 1 ? 'rive-droite' : null;
  if (n === 1) {
    const single: Record<string, PathPageType> = {
      collections: 'collections',
      contact: 'contact',
      search: 'search',
      signin: 'sign-in',
      signup: 'sign-up',
      'track-order': 'track-order',
      stores: 'store-list',
      '404': '404',
    };
    return Object.hasOwn(single, first) ? single[first]! : null;
  }
  if (first === 'collections') return 'collections';
  const kind = matchPage(pathname).kind;
  if (kind === 'category' || kind === 'product' || kind === 'content') return kind;
  if (kind === 'legal' || kind === 'legal-legacy') return 'legal';
  if (n !== 2) return null;
  if (first === 'stores' && parseStoreSlug(second!)) return 'store-detail';
  return null;
}
