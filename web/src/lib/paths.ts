import type { paths } from '@storefront/openapi/client';

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
const ACCOUNT_PAGE_PATHS = Object.fromEntries(
  Object.entries(ACCOUNT_PAGES).map(([path, kind]) => [kind, path]),
) as Record<AccountPageKind, string>;
/** Query values of the account pages' data, as the contract accepts them (anything else is left out). */
const ACCOUNT_PAGE_QUERY: Partial<Record<AccountPageKind, { name: string; pattern: RegExp; required: boolean }>> = {
  'sign-in': { name: 'returnUrl', pattern: /^\/(?![/\\])[^\s]{0,499}$/, required: false },
  'my-account-activate': { name: 'userId', pattern: /^00u[A-Za-z0-9]{17}$/, required: true },
  'my-account-edit-address-book': { name: 'addressId', pattern: /^[A-Za-z0-9_-]{1,64}$/, required: true },
  'my-account-reset-password': { name: 'token', pattern: /^[A-Za-z0-9_-]{20,128}$/, required: true },
  'my-account-orders': { name: 'page', pattern: /^[1-9]\d{0,3}$/, required: false },
  'my-account-order-online': {
    name: 'orderNumber',
    pattern: /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/,
    required: true,
  },
  'my-account-order-offline': {
    name: 'orderNumber',
    pattern: /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/,
    required: true,
  },
  'my-account-return-exchange': {
    name: 'orderNumber',
    pattern: /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/,
    required: true,
  },
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
const SHOP_PAGE_PATHS = Object.fromEntries(Object.entries(SHOP_PAGES).map(([path, kind]) => [kind, path])) as Record<
  ShopPageKind,
  string
>;
/** Query values of the shopping pages' data, as the contract accepts them (anything else is left out). */
const SHOP_PAGE_QUERY: Partial<Record<ShopPageKind, { name: string; pattern: RegExp; required: boolean }>> = {
  'checkout-confirmation': {
    name: 'orderNumber',
    pattern: /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/,
    required: true,
  },
  'guest-order-online': {
    name: 'transactionUuid',
    pattern: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    required: true,
  },
  'guest-return-exchange': {
    name: 'transactionUuid',
    pattern: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    required: true,
  },
};

/** The page-data path of each fixed-path page (account and shopping pages), checked against the contract. */
const FIXED_PAGE_DATA_PATHS = {
  ...(Object.fromEntries(Object.keys(ACCOUNT_PAGES).map((path) => [path, `/ssr/${path}`])) as {
    [K in keyof typeof ACCOUNT_PAGES]: `/ssr/${K}`;
  }),
  ...(Object.fromEntries(Object.keys(SHOP_PAGES).map((path) => [path, `/ssr/${path}`])) as {
    [K in keyof typeof SHOP_PAGES]: `/ssr/${K}`;
  }),
} satisfies Record<string, PageDataPath>;

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
const LISTING_MAX_VALUES: Record<ListingFilterKey, number> = {
  color: 20,
  category: 20,
  material: 20,
  size: 30,
  instock: 1,
  price: 1,
};

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

/** The contract's page-data paths (`GET /ssr/...`). */
export type PageDataPath = Extract<keyof paths, `/ssr/${string}`>;
type ParamsOf<P extends PageDataPath> = paths[P]['get']['parameters'];
/**
 * A page's data request: one page-data operation of the contract and its parameters, each typed by the
 * contract (a path or parameter the contract does not have does not compile).
 */
export type PageDataRequest = {
  [P in PageDataPath]: { path: P; params: Pick<ParamsOf<P>, 'query' | 'path'> };
}[PageDataPath];
/** The data a page-data operation answers (200), any page type. */
export type PageDataResponse = {
  [P in PageDataPath]: paths[P]['get']['responses'][200]['content']['application/json'];
}[PageDataPath];

const request = <P extends PageDataPath>(path: P, params: Pick<ParamsOf<P>, 'query' | 'path'>) =>
  ({ path, params }) as PageDataRequest;

/** The not-found page's data: the answer for a page URL that cannot have data (a required value missing). */
const notFoundRequest = (locale: string) => request('/ssr/404', { query: { locale } });

/**
 * The URL of a page-data request (`/ssr/ca/women-bags?locale=fr-fr&sort=…`): the page's query key, on the
 * server (which seeds it) and the client (which reads it). Path parameters are percent-encoded, query values in
 * their order, a deepObject (`filters[color]=…`) spelled out, and a space as `%20` (the contract's validator
 * refuses `+`, a reserved character, in a query value).
 */
export function pageDataUrlOf(req: PageDataRequest): string {
  const pathParams = (req.params.path ?? {}) as Record<string, string>;
  const path = req.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name] ?? ''));
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries((req.params.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (value && typeof value === 'object')
      for (const [key, v] of Object.entries(value)) q.set(`${name}[${key}]`, String(v));
    else q.set(name, String(value));
  }
  return `${path}?${q.toString().replace(/\+/g, '%20')}`;
}

/** The `/ssr/...` URL holding a page's data; also its query key, on the server and the client. */
export function pageDataUrl(match: PageMatch, search: string): string {
  return pageDataUrlOf(pageDataRequest(match, search));
}

/** The listing parameters of a page URL (`sort`, `page`, and with filters `filters`), as the contract takes them. */
function listingParams(search: string, withFilters = false): { sort?: never; page?: number; filters?: string } {
  const params = new URLSearchParams(search);
  const out: { sort?: never; page?: number; filters?: string } = {};
  if (withFilters) {
    const filters = serializeListingFilters(parseListingFilters(params.get('filters')));
    if (filters) out.filters = filters;
  }
  const sort = params.get('sort');
  // Any sort value is passed on: the contract's own list answers an unknown one with 400, the not-found page.
  if (sort) out.sort = sort as never;
  const page = params.get('page');
  if (page && /^[1-9]\d{0,3}$/.test(page)) out.page = Number(page);
  return out;
}

/** The page-data request of a page URL (its match and query string). */
export function pageDataRequest(match: PageMatch, search: string): PageDataRequest {
  const locale = match.locale ?? DEFAULT_LOCALE;
  const params = new URLSearchParams(search);
  switch (match.kind) {
    case 'home':
      return request('/ssr/home', { query: { locale } });
    case 'category': {
      const { filters, sort, page } = listingParams(search, true);
      return request('/ssr/ca/{slug}', {
        path: { slug: match.slug },
        query: { locale, ...(filters ? { filters } : {}), ...(sort ? { sort } : {}), ...(page ? { page } : {}) },
      });
    }
    case 'product':
      return request('/ssr/pr/{pid}', { path: { pid: match.pid }, query: { locale } });
    case 'content':
      return request('/ssr/cp/{slug}', { path: { slug: match.slug }, query: { locale } });
    case 'legal':
    case 'legal-legacy':
      return request('/ssr/legal/{slug}', { path: { slug: match.slug }, query: { locale } });
    case 'faq':
      return request('/ssr/faq', { query: { locale } });
    case 'client-service':
      return request('/ssr/client-service', { query: { locale } });
    case 'contact':
      return request('/ssr/contact', { query: { locale } });
    case 'store-list':
      return request('/ssr/stores', { query: { locale } });
    case 'newsletter-confirm':
      return request('/ssr/newsletter/confirm', { query: { locale } });
    case 'store-detail':
      return request('/ssr/stores/{storeSlug}', { path: { storeSlug: match.slug }, query: { locale } });
    case 'marketing': {
      const cid = params.get('cid');
      if (!cid || !CID.test(cid)) return notFoundRequest(locale);
      const cat = params.get('cat');
      const pid = params.get('pid');
      return request('/ssr/marketing', {
        query: {
          locale,
          cid,
          ...(cat && SLUG.test(cat) && cat.length <= MAX_SLUG ? { cat } : {}),
          ...(pid && PID.test(pid) ? { pid } : {}),
        },
      });
    }
    case 'rive-droite':
      return request('/ssr/rive-droite', { query: { locale } });
    case 'rive-droite-content':
      return request('/ssr/rive-droite/cp/{slug}', { path: { slug: match.slug }, query: { locale } });
    case 'rive-droite-category': {
      const { sort, page } = listingParams(search);
      return request('/ssr/rive-droite/ca/{slug}', {
        path: { slug: match.slug },
        query: { locale, ...(sort ? { sort } : {}), ...(page ? { page } : {}) },
      });
    }
    case 'rive-droite-calendar': {
      const filters = parseFilterString(params.get('filters'));
      const themes = (filters.themes ?? []).slice(0, 20);
      const locations = (filters.locations ?? []).slice(0, 20);
      return request('/ssr/rive-droite/calendar/{slug}', {
        path: { slug: match.slug },
        query: {
          locale,
          ...(themes.length ? { themes: themes.join(',') } : {}),
          ...(locations.length ? { locations: locations.join(',') } : {}),
        },
      });
    }
    case 'look':
      return request('/ssr/looks/{slug}', { path: { slug: match.slug }, query: { locale } });
    case 'collections':
      return request('/ssr/collections', { query: { locale } });
    case 'collection':
      return request('/ssr/collections/{slug}', { path: { slug: match.slug }, query: { locale } });
    case 'collection-items': {
      const { sort, page } = listingParams(search);
      return request('/ssr/collections/{slug}/items', {
        path: { slug: match.slug },
        query: { locale, ...(sort ? { sort } : {}), ...(page ? { page } : {}) },
      });
    }
    case 'collection-looks': {
      const { page } = listingParams(search);
      return request('/ssr/collections/{slug}/looks', {
        path: { slug: match.slug },
        query: { locale, ...(page ? { page } : {}) },
      });
    }
    case 'catch-all':
      return request('/ssr/page/{slug}', { path: { slug: match.slug }, query: { locale } });
    case 'search': {
      // The search page's data takes its filters as a deepObject (`filters[color]=black|beige`).
      const text = params.get('q')?.trim().slice(0, 200);
      const filters = Object.fromEntries(
        Object.entries(parseListingFilters(params.get('filters'))).map(([key, values]) => [key, values.join('|')]),
      );
      const { sort, page } = listingParams(search);
      return request('/ssr/search', {
        query: {
          locale,
          ...(text ? { q: text } : {}),
          ...(Object.keys(filters).length ? { filters } : {}),
          ...(sort ? { sort } : {}),
          ...(page ? { page } : {}),
        },
      });
    }
    case 'my-account-return-thank-you': {
      // A customer's by order number, a guest's by the order's transaction id.
      const uuid = params.get('transactionUuid');
      const number = params.get('orderNumber');
      if (uuid && /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(uuid))
        return request('/ssr/myaccount/return-thank-you', { query: { locale, transactionUuid: uuid } });
      if (number && /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(number))
        return request('/ssr/myaccount/return-thank-you', { query: { locale, orderNumber: number } });
      return notFoundRequest(locale);
    }
    default: {
      const fixed = isAccountPageKind(match.kind)
        ? { path: ACCOUNT_PAGE_PATHS[match.kind], param: ACCOUNT_PAGE_QUERY[match.kind] }
        : isShopPageKind(match.kind)
          ? { path: SHOP_PAGE_PATHS[match.kind], param: SHOP_PAGE_QUERY[match.kind] }
          : null;
      if (!fixed) return notFoundRequest(locale);
      const value = fixed.param ? params.get(fixed.param.name) : null;
      const query: Record<string, string> = { locale };
      if (fixed.param && value !== null && fixed.param.pattern.test(value)) query[fixed.param.name] = value;
      else if (fixed.param?.required) return notFoundRequest(locale);
      // One fixed path per page, each a path of the contract (FIXED_PAGE_DATA_PATHS); its one optional or required value.
      return {
        path: FIXED_PAGE_DATA_PATHS[fixed.path as keyof typeof FIXED_PAGE_DATA_PATHS],
        params: { query },
      } as PageDataRequest;
    }
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
