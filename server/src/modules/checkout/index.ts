export { CheckoutService, IDEMPOTENCY_KEY_HOURS } from './service.ts';
export type { OrderPaidHook, PlaceResult } from './service.ts';
export { checkoutModule } from './module.ts';
