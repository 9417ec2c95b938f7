import type { DB } from '../../db/database.ts';
import type { JobDefinition } from '../../db/jobs.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import type { OrderService } from '../orders/index.ts';
import type { SessionService } from '../sessions/index.ts';
import { sweepLapsedReturns } from './lapse.ts';
import { ReturnPages } from './pages.ts';
import { returnRoutes } from './routes.ts';
import { ReturnService, type ReturnStores } from './service.ts';

/**
 * Returns and exchanges of delivered online orders (customers by order number, guests by transaction id): the
 * service, its pages and routes, and its periodic job.
 */
export function returnsModule(deps: {
  ops: OperationRegistry;
  db: DB;
  orders: OrderService;
  stores: ReturnStores;
  shells: ConstructorParameters<typeof ReturnPages>[2]['shells'];
  sessions: SessionService;
  markets: MarketService;
  publicOrigin: string;
  recaptchaSiteKey: string;
}): { returns: ReturnService; pages: ReturnPages; jobs: JobDefinition[] } {
  const { ops, db, orders, publicOrigin } = deps;
  const returns = new ReturnService(db, { orders, stores: deps.stores, publicOrigin });
  const pages = new ReturnPages(returns, orders, { shells: deps.shells, recaptchaSiteKey: deps.recaptchaSiteKey });
  returnRoutes(ops, { returns, pages, sessions: deps.sessions, markets: deps.markets });
  const jobs: JobDefinition[] = [
    // Return requests whose items never reached us lapse: an exchange's reserved size goes back to stock.
    { name: 'return lapse sweep', periodMs: 600_000, run: () => sweepLapsedReturns(db, { publicOrigin }) },
  ];
  return { returns, pages, jobs };
}
