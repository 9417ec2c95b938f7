import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import type { SessionService } from '../sessions/index.ts';
import { checkoutRoutes } from './routes.ts';
import { CheckoutService } from './service.ts';

/** Checkout options, order placement and payment authentication: builds the service and registers its routes. */
export function checkoutModule(deps: {
  ops: OperationRegistry;
  db: ConstructorParameters<typeof CheckoutService>[0];
  checkout: ConstructorParameters<typeof CheckoutService>[1];
  sessions: SessionService;
  markets: MarketService;
}): { checkout: CheckoutService } {
  const checkout = new CheckoutService(deps.db, deps.checkout);
  checkoutRoutes(deps.ops, checkout, deps.sessions, deps.markets);
  return { checkout };
}
