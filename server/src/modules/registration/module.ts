import type { OperationRegistry } from '../../shared/operations.ts';
import type { CustomerServiceGateway } from '../accounts/index.ts';
import type { MarketService } from '../markets/index.ts';
import { registrationRoutes } from './routes.ts';
import { RegistrationService } from './service.ts';

/** The registration form's fields and rules by market: builds the service and registers its routes. */
export function registrationModule(deps: {
  ops: OperationRegistry;
  markets: MarketService;
  gateway: CustomerServiceGateway;
}): { registration: RegistrationService } {
  const registration = new RegistrationService(deps.markets);
  registrationRoutes(deps.ops, registration, deps.markets, deps.gateway);
  return { registration };
}
