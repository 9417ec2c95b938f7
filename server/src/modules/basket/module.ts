import type { DB } from '../../db/database.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import type { SessionService } from '../sessions/index.ts';
import { basketRoutes } from './routes.ts';
import { BasketService } from './service.ts';

/** The shopping basket of a session: builds the service and registers its routes. */
export function basketModule(deps: {
  ops: OperationRegistry;
  db: DB;
  sessions: SessionService;
  markets: MarketService;
}): { basket: BasketService } {
  const basket = new BasketService(deps.db, deps.sessions);
  basketRoutes(deps.ops, basket, deps.sessions, deps.markets);
  return { basket };
}
