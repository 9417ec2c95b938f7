import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import type { InvalidationBus } from '../../shared/invalidation-bus.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import { marketRoutes } from './routes.ts';
import { MarketService } from './service.ts';

/**
 * The markets (countries, regions, currencies, locales): loads them into memory, registers their routes and
 * their cache, which a bust reads again rather than empties; `onReload` runs after each reload.
 */
export async function marketsModule(deps: {
  ops: OperationRegistry;
  db: DB;
  bus: Pick<InvalidationBus, 'register'>;
  logger: Logger;
  onReload: () => void;
}): Promise<{ markets: MarketService }> {
  const { logger } = deps;
  const markets = await MarketService.load(deps.db);
  marketRoutes(deps.ops, markets);
  deps.bus.register(
    'markets',
    () => (
      void markets
        .reload()
        .then(() => deps.onReload())
        .catch((err: unknown) => logger.error({ err }, 'market reload failed')),
      0
    ),
  );
  return { markets };
}
