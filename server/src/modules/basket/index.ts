export { BasketService, MAX_QUANTITY_PER_PRODUCT, EMPLOYEE_SALE_QUOTA } from './service.ts';
export { basketRoutes } from './routes.ts';
export { detachBasket, adoptCustomerBaskets } from './account-link.ts';
export { isEmployeeSaleSession } from './employee-sale.ts';
export * as basketRepository from './repository.ts';
export type { BasketTables } from './tables.ts';
