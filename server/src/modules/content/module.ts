import type { DB } from '../../db/database.ts';
import type { InvalidationBus } from '../../shared/invalidation-bus.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { CalendarFilters, CatalogService } from '../catalog/index.ts';
import type { MarketService } from '../markets/index.ts';
import { contentRoutes } from './routes.ts';
import { ContentService } from './service.ts';

/**
 * Editorial content (pages, slots, calendars) and the cache bust: builds the service, registers its routes and
 * its cache, and answers the filters of a calendar for the catalogue's listing filters.
 */
export function contentModule(deps: {
  ops: OperationRegistry;
  db: DB;
  brand: string;
  cacheTtlMs: number;
  catalog: CatalogService;
  markets: MarketService;
  /** The internal cache bust: its token, and the bus that empties the caches of every instance. */
  cacheBustToken: string | undefined;
  bus: Pick<InvalidationBus, 'register' | 'invalidate'>;
}): { content: ContentService; calendars: CalendarFilters } {
  const { bus } = deps;
  const content = new ContentService(deps.db, deps.catalog, deps.brand, deps.cacheTtlMs);
  bus.register('content', (f) => content.bust(f));
  contentRoutes(deps.ops, content, deps.markets, {
    token: deps.cacheBustToken,
    invalidate: (i) => bus.invalidate(i),
  });
  const calendars: CalendarFilters = async (market, slug, selection) => {
    const eventType = await content.calendarType(market, slug);
    if (!eventType) return undefined;
    const c = await content.calendar(market, {
      eventType,
      themes: selection.themes,
      locations: selection.locations,
      includePast: true,
    });
    return { filters: c.filters, appliedFilters: c.appliedFilters, totalNrOfProducts: c.cards.length };
  };
  return { content, calendars };
}
