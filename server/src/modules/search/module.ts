import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { MarketService } from '../markets/index.ts';
import { searchRoutes } from './routes.ts';
import { SearchService } from './service.ts';

/** Product search and trending searches: builds the service, upserts its reference data and registers its route. */
export async function searchModule(deps: {
  ops: OperationRegistry;
  db: DB;
  brand: ConstructorParameters<typeof SearchService>[1];
  catalog: CatalogService;
  markets: MarketService;
  minChars: number;
  logger: Logger;
  /** How long a prefix index answers from memory after a catch-up (`CATALOGUE_FRESH_MS`, decision 0181). */
  freshForMs: number;
}): Promise<{ search: SearchService }> {
  const { logger } = deps;
  const search = new SearchService(deps.db, deps.brand, deps.catalog, {
    minChars: deps.minChars,
    markets: deps.markets,
    // Each language's prefix index loads on its first query (PostgreSQL answers until it is ready).
    prefixIndex: { freshForMs: deps.freshForMs, onError: (err, message) => logger.warn({ err }, message) },
  });
  await search.init();
  searchRoutes(deps.ops, search, deps.markets, deps.brand);
  return { search };
}
