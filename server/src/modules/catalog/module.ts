import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import type { JobDefinition } from '../../db/jobs.ts';
import type { InvalidationBus } from '../../shared/invalidation-bus.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import { catalogRoutes } from './routes.ts';
import { CatalogService, type CalendarFilters, type PhotoLookup } from './service.ts';

/**
 * The catalogue: categories, listings and their index. Loads the category tree, starts loading the listing
 * index in the background, registers the routes and its caches, and returns its job.
 */
export async function catalogModule(deps: {
  ops: OperationRegistry;
  db: DB;
  brand: string;
  cacheTtlMs: number;
  markets: MarketService;
  photos: PhotoLookup;
  /** The filters of a "rive droite" calendar (the content module's), asked per request. */
  calendars: CalendarFilters;
  bus: Pick<InvalidationBus, 'register'>;
  logger: Logger;
  /** How long the listing index answers from memory after a catch-up (`CATALOGUE_FRESH_MS`, decision 0181). */
  freshForMs: number;
}): Promise<{ catalog: CatalogService; jobs: JobDefinition[] }> {
  const { logger } = deps;
  const catalog = new CatalogService(deps.db, deps.brand, deps.cacheTtlMs, deps.photos);
  catalog.catchUps.freshForMs = deps.freshForMs;
  await catalog.refresh();
  // The listing index loads in the background: the first shopper of a large catalogue does not wait for it.
  catalog
    .currentIndex()
    .catch((err: unknown) => logger.warn({ err }, 'listing index: first load failed (the next listing tries again)'));
  catalogRoutes(deps.ops, catalog, deps.markets, deps.calendars);
  deps.bus.register('catalog', (f) => catalog.bustCache(f));
  // The category tree is read again rather than emptied.
  deps.bus.register(
    'navigation',
    () => (void catalog.refresh().catch((err: unknown) => logger.error({ err }, 'category refresh failed')), 0),
  );
  const jobs: JobDefinition[] = [
    // Listing removals are read by the listing indexes within moments; an hour on, they go.
    { name: 'listing removal pruning', periodMs: 600_000, run: () => catalog.pruneRemovals() },
  ];
  return { catalog, jobs };
}
