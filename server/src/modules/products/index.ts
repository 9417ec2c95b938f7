export { ProductDataService, MAX_PIDS, TEST_RECAPTCHA_TOKEN } from './service.ts';
export type { ProductDataTables } from './tables.ts';
export { deliveryMethodsOf } from './shipping.ts';
export { productsModule } from './module.ts';
