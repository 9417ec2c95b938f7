export {
  CatalogService,
  normalizeSort,
  productUrl,
  productImage,
  deriveAvailability,
  DEFAULT_PAGE_SIZE,
} from './service.ts';
export type { CalendarFilters } from './service.ts';
export { TILE_COLUMNS } from './repository.ts';
export { firstInOrder } from './first-in-order.ts';
export type { TileRow } from './repository.ts';
export type { Matches } from './match-slots.ts';
export { parseFilterString, formatFilterString } from './filter-string.ts';
export type { FilterSelection } from './filter-string.ts';
export { catalogModule } from './module.ts';
export { KEPT_PRODUCT_MS, MAX_KEPT_PRODUCTS } from './catalog-kit.ts';
