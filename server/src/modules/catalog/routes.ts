import type { MarketService } from '../markets/index.ts';
import { marketOf } from '../../shared/market-context.ts';
import { toMarketDto } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { CatalogService } from './service.ts';

const optionalInt = (v: unknown) => (v === undefined ? undefined : Number(v));

export function catalogRoutes(ops: OperationRegistry, catalog: CatalogService, markets: MarketService): void {
  ops.on('getCategoryNavigation', (req, res) => {
    const market = marketOf(req, res, markets);
    res.set('Cache-Control', 'public, max-age=60').json({ market: toMarketDto(market), categories: catalog.navigation(market) });
  });
  ops.on('getCategory', async (req, res) => {
    const listing = await catalog.listing({
      slug: String(req.params.slug),
      market: marketOf(req, res, markets),
      sort: req.query.sort,
      page: optionalInt(req.query.page),
      pageSize: optionalInt(req.query.pageSize),
    });
    res.set('Cache-Control', 'public, max-age=60').json(listing);
  });
}
