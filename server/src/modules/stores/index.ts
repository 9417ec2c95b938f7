export { StoreService, haversineKm } from './service.ts';
export type { Position } from './service.ts';
export { storeRoutes } from './routes.ts';
export { seedStores } from './seed.ts';
export type { StoreTables, StoreData } from './tables.ts';
