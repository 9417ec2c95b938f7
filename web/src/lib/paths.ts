// URL → page, shared by the server (which page data to load) and the client (which page to show).
// Spec §2: `/{language}-{country}/...` prefixes; no prefix means en-us. Never throws: any path it does not
// recognise (including a malformed `%` sequence) is `not-found`.
//
// By concern: which page a path is (`page-match.ts`), the filter strings of URLs (`filter-strings.ts`), the
// page data a page URL needs (`page-data-url.ts`) and the page types recognised by path (`page-type.ts`).
export { DEFAULT_LOCALE, isStoreUrl, localizePath, matchPage, parseStoreSlug, type PageMatch } from './page-match';
export {
  parseFilterString,
  parseListingFilters,
  serializeFilterString,
  serializeListingFilters,
  toggleFilter,
  type FilterSelection,
} from './filter-strings';
export {
  pageDataRequest,
  pageDataUrl,
  pageDataUrlOf,
  type PageDataRequest,
  type PageDataResponse,
} from './page-data-url';
export { pageTypeOf } from './page-type';
