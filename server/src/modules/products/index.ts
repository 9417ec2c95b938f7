export { ProductDataService } from './service.ts';
export { deliveryMethodsOf } from './shipping.ts';
export { productsModule } from './module.ts';
