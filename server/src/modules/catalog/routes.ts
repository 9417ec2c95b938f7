import type { MarketService } from '../markets/index.ts';
import { marketOf } from '../markets/index.ts';
import { toMarketDto } from '../markets/index.ts';
import { ready, type OperationRegistry } from '../../shared/operations.ts';
import type { CalendarFilters, CatalogService } from './service.ts';

/** `calendars` answers the filters of a "rive droite" calendar (`getListingFilters` serves both). */
export function catalogRoutes(
  ops: OperationRegistry,
  catalog: CatalogService,
  markets: MarketService,
  calendars?: CalendarFilters,
): void {
  ops.handle('getCategoryNavigation', {
    run: ({ req, res }) => {
      const market = marketOf(req, res, markets);
      res.set('Cache-Control', 'public, max-age=60');
      return { market: toMarketDto(market), categories: catalog.navigation(market) };
    },
  });
  ops.handle('getCategory', {
    run: async ({ path, query, req, res }) => {
      const listing = await catalog.listing({
        slug: path.slug,
        market: marketOf(req, res, markets),
        sort: query.sort,
        page: query.page,
        pageSize: query.pageSize,
        filters: query.filters,
      });
      res.set('Cache-Control', 'public, max-age=60');
      // The listing cache's entry, the same for every visitor of the URL: answered again before the Express
      // stack while it lives.
      return ready(listing, catalog.holdOn(listing));
    },
  });
  ops.handle('getListingFilters', {
    run: async ({ query, req, res }) => {
      const filters = await catalog.listingFilters(
        query.category,
        query.filters,
        marketOf(req, res, markets),
        calendars,
      );
      res.set('Cache-Control', 'public, max-age=60');
      return filters;
    },
  });
  ops.handle('getPlpNavigation', {
    run: ({ query, req, res }) => {
      // The validator has coerced `isRd` to a boolean.
      const navigation = catalog.plpNavigation(query.pageEntryId, query.isRd === true, marketOf(req, res, markets));
      res.set('Cache-Control', 'public, max-age=60');
      return navigation;
    },
  });
}
