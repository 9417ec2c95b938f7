export {
  CatalogService,
  normalizeSort,
  productUrl,
  productImage,
  deriveAvailability,
  type PhotoLookup,
  DEFAULT_PAGE_SIZE,
} from './service.ts';
export type { ListingInput, ListedProducts, ScopeFacets, CalendarFilters } from './service.ts';
export { TILE_COLUMNS } from './repository.ts';
export { firstInOrder } from './listing-index.ts';
export type { ListingScope, MatchSet, SortKey, TileRow } from './repository.ts';
export {
  parseFilterString,
  formatFilterString,
  FILTER_URL_NAMES,
  FILTER_KEY_OF,
  MAX_FILTER_STRING_LENGTH,
} from './filter-string.ts';
export type { FilterSelection, FilterUrlName, PriceRange } from './filter-string.ts';
export type { CatalogTables } from './tables.ts';
export { catalogModule } from './module.ts';
