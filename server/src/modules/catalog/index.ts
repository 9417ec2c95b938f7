export { CatalogService, normalizeSort, productUrl, productImage, deriveAvailability, DEFAULT_PAGE_SIZE } from './service.ts';
export { catalogRoutes } from './routes.ts';
export { TILE_COLUMNS } from './repository.ts';
export type { CatalogTables } from './tables.ts';
export type { TileRow } from './repository.ts';
