export { BasketService, MAX_QUANTITY_PER_PRODUCT } from './service.ts';
export { basketRoutes } from './routes.ts';
export type { BasketTables } from './tables.ts';
