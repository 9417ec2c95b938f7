import type { MarketService } from '../markets/index.ts';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import { ready, type OperationRegistry } from '../../shared/operations.ts';
import type { SearchService } from './service.ts';

export function searchRoutes(
  ops: OperationRegistry,
  search: SearchService,
  markets: MarketService,
  brand: string,
): void {
  ops.handle('searchProducts', {
    run: async ({ query, req, res }) => {
      // One deployment serves one house: another house's code is not a brand this API knows.
      if (query.brand !== brand) throw new AppError('ERR_API_1004', `This storefront serves the brand "${brand}".`);
      const market = marketOf(req, res, markets);
      // Taken before the search: a change while it runs ends it.
      const unchanged = search.holdWhileUnchanged(market);
      const result = await search.search({
        market,
        q: query.q ?? '',
        filters: query.filters,
        sort: query.sort,
        page: query.page,
        pageSize: query.pageSize,
        // The validator coerced it to a boolean.
        facets: query.facets !== false,
      });
      // Results change with the catalogue only: a CDN may keep them briefly, like listings.
      res.set('Cache-Control', 'public, max-age=60');
      // The same for every visitor of the URL while the catalogue stands: answered again before the Express stack.
      return ready(result, unchanged);
    },
  });
  ops.handle('getTrendingSearches', {
    run: async ({ req, res }) => {
      const trending = await search.trending(marketOf(req, res, markets));
      res.set('Cache-Control', 'public, max-age=300');
      return trending;
    },
  });
}
