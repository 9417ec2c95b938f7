import type { DB } from '../../db/database.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import { marketRoutes } from './routes.ts';
import { MarketService } from './service.ts';

/** The markets (countries, regions, currencies, locales): loads them into memory and registers their routes. */
export async function marketsModule(deps: { ops: OperationRegistry; db: DB }): Promise<{ markets: MarketService }> {
  const markets = await MarketService.load(deps.db);
  marketRoutes(deps.ops, markets);
  return { markets };
}
