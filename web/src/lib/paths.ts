// URL → page, shared by the server (which page data to load) and the client (which page to show).
// Spec §2: `/{language}-{country}/...` prefixes; no prefix means en-us. Never throws: any path it does not
// recognise (including a malformed `%` sequence) is `not-found`.
//
// By concern: which page a path is (`page-match.ts`), the filter strings of URLs (`filter-strings.ts`), the
// page data a page URL needs (`page-data-url.ts`) and the page types recognised by path (`page-type.ts`).
export {
  DEFAULT_LOCALE,
  isAccountPageKind,
  isShopPageKind,
  isStoreUrl,
  keepsRawParams,
  localizePath,
  matchPage,
  parseStoreSlug,
  safeDecode,
  type AccountPageKind,
  type PageKind,
  type PageMatch,
  type ShopPageKind,
} from './page-match';
export {
  LISTING_FILTER_KEYS,
  parseFilterString,
  parseListingFilters,
  serializeFilterString,
  serializeListingFilters,
  toggleFilter,
  type FilterSelection,
  type ListingFilterKey,
} from './filter-strings';
export {
  pageDataRequest,
  pageDataUrl,
  pageDataUrlOf,
  type PageDataPath,
  type PageDataRequest,
  type PageDataResponse,
} from './page-data-url';
export { pageTypeOf, type PathPageType } from './page-type';
