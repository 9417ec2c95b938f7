import type { paths } from '@storefront/openapi/client';
import { parseFilterString, parseListingFilters, serializeListingFilters } from './filter-strings';
import {
  ACCOUNT_PAGES,
  ACCOUNT_PAGE_PATHS,
  ACCOUNT_PAGE_QUERY,
  DEFAULT_LOCALE,
  MAX_SLUG,
  ORDER_NUMBER,
  SHOP_PAGES,
  SHOP_PAGE_PATHS,
  SHOP_PAGE_QUERY,
  SLUG,
  UUID,
  isAccountPageKind,
  isShopPageKind,
  type PageMatch,
} from './page-match';

// ---------------------------------------------------------------------------------------------
// Page data URLs
const CID = /^[A-Za-z0-9_-]{1,64}$/;
const PID = /^[A-Za-z0-9]{1,32}$/;

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
      if (uuid && UUID.test(uuid))
        return request('/ssr/myaccount/return-thank-you', { query: { locale, transactionUuid: uuid } });
      if (number && ORDER_NUMBER.test(number))
        return request('/ssr/myaccount/return-thank-you', { query: { locale, orderNumber: number } });
      return notFoundRequest(locale);
    }
    default: {
      const fixed = isAccountPageKind(match.kind)
        ? { path: ACCOUNT_PAGE_PATHS[match.kind], values: ACCOUNT_PAGE_QUERY[match.kind] ?? [] }
        : isShopPageKind(match.kind)
          ? { path: SHOP_PAGE_PATHS[match.kind], values: SHOP_PAGE_QUERY[match.kind] ?? [] }
          : null;
      if (!fixed) return notFoundRequest(locale);
      const query: Record<string, string> = { locale };
      for (const { name, pattern, required } of fixed.values) {
        const value = params.get(name);
        if (value !== null && pattern.test(value)) query[name] = value;
        else if (required) return notFoundRequest(locale);
      }
      // One fixed path per page, each a path of the contract (FIXED_PAGE_DATA_PATHS); its optional or required values.
      return {
        path: FIXED_PAGE_DATA_PATHS[fixed.path as keyof typeof FIXED_PAGE_DATA_PATHS],
        params: { query },
      } as PageDataRequest;
    }
  }
}

/** The page-data path of each fixed-path page (account and shopping pages), checked against the contract. */
const FIXED_PAGE_DATA_PATHS = {
  ...(Object.fromEntries(Object.keys(ACCOUNT_PAGES).map((path) => [path, `/ssr/${path}`])) as {
    [K in keyof typeof ACCOUNT_PAGES]: `/ssr/${K}`;
  }),
  ...(Object.fromEntries(Object.keys(SHOP_PAGES).map((path) => [path, `/ssr/${path}`])) as {
    [K in keyof typeof SHOP_PAGES]: `/ssr/${K}`;
  }),
} satisfies Record<string, PageDataPath>;
