export { StoreService, haversineKm, NEARBY_STORES, SPECIAL_HOURS_DAYS } from './service.ts';
export type { Position } from './service.ts';
export { InStoreService } from './in-store.ts';
export {
  STORE_LIMITS,
  HOLD_DAYS,
  stockStatus,
  appointmentReasons,
  newStoreReference,
  type StoreCaller,
} from './in-store-rules.ts';
export { StorePages, storeIdOfSlug, type StorePageSources } from './pages.ts';
export { seedStores, seedStoreStock, STOCK_MAX_RANK } from './seed.ts';
/**
 * For the checkout and the orders: takes units of a size from a boutique's stock in the caller's transaction
 * (true when taken), and puts them back when the order is cancelled.
 */
export { takeStoreStock, returnStoreStock } from './repository.ts';
export type { StoreTables, StoreData } from './tables.ts';
export { storesModule } from './module.ts';
