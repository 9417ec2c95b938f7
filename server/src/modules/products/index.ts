export { ProductDataService, MAX_PIDS, TEST_RECAPTCHA_TOKEN } from './service.ts';
export { productDataRoutes } from './routes.ts';
export type { ProductDataTables } from './tables.ts';
export { deliveryMethodsOf } from './shipping.ts';
