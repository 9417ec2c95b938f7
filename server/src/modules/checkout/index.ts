export { checkoutModule } from './module.ts';
