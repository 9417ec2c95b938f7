import type { MarketService } from '../markets/index.ts';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { SearchService } from './service.ts';

const optionalInt = (v: unknown) => (v === undefined ? undefined : Number(v));
const optionalString = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function searchRoutes(
  ops: OperationRegistry,
  search: SearchService,
  markets: MarketService,
  brand: string,
): void {
  ops.on('searchProducts', async (req, res) => {
    // One deployment serves one house: another house's code is not a brand this API knows.
    if (req.query.brand !== brand) throw new AppError('ERR_API_1004', `This storefront serves the brand "${brand}".`);
    const result = await search.search({
      market: marketOf(req, res, markets),
      q: String(req.query.q ?? ''),
      filters: optionalString(req.query.filters),
      sort: req.query.sort,
      page: optionalInt(req.query.page),
      pageSize: optionalInt(req.query.pageSize),
      // The validator coerced it to a boolean.
      facets: (req.query.facets as unknown) !== false && req.query.facets !== 'false',
    });
    // Results change with the catalogue only: a CDN may keep them briefly, like listings.
    res.set('Cache-Control', 'public, max-age=60').json(result);
  });
  ops.on('getTrendingSearches', async (req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await search.trending(marketOf(req, res, markets)));
  });
}
