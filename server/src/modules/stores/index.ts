export { StoreService } from './service.ts';
export { InStoreService } from './in-store.ts';
export { STORE_LIMITS, stockStatus, appointmentReasons } from './in-store-rules.ts';
export { storeIdOfSlug } from './pages.ts';
export { seedStores, seedStoreStock } from './seed.ts';
/**
 * For the checkout and the orders: takes units of a size from a boutique's stock in the caller's transaction
 * (true when taken), and puts them back when the order is cancelled.
 */
export { takeStoreStock, returnStoreStock } from './repository.ts';
export { storesModule } from './module.ts';
