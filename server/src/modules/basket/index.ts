export { BasketService, MAX_QUANTITY_PER_PRODUCT, EMPLOYEE_SALE_QUOTA } from './service.ts';
export { detachBasket, adoptCustomerBaskets } from './account-link.ts';
export { isEmployeeSaleSession } from './employee-sale.ts';
export * as basketRepository from './repository.ts';
export { basketModule } from './module.ts';
