import type { RequestHandler } from 'express';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import type { ProductDataService } from './service.ts';

export function productDataRoutes(
  ops: OperationRegistry,
  products: ProductDataService,
  sessions: SessionService,
  markets: MarketService,
): void {
  const session = sessions.middleware();
  // Live commerce data (stock, prices, delivery dates) or per shopper: never kept by a browser or proxy.
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };
  // Public and the same for every visitor of a market.
  const publicCache: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'public, max-age=60');
    next();
  };
  ops.handle('getProductAvailability', {
    use: [noStore],
    run: ({ path, req, res }) => products.availability(path.pid, marketOf(req, res, markets)),
  });
  ops.handle('getProductPrices', {
    use: [noStore],
    run: ({ path, req, res }) => products.prices(path.pid, marketOf(req, res, markets)),
  });
  ops.handle('getProductShippingInfo', {
    use: [noStore],
    run: ({ path, query, req, res }) => products.shippingInfo(path.pid, marketOf(req, res, markets), query.size),
  });
  ops.handle('getProductShippingMethods', {
    use: [noStore],
    run: ({ path, req, res }) => {
      // Backend-only: browsers always send Fetch Metadata or an Origin; the storefront's server sends neither.
      if (req.get('sec-fetch-site') !== undefined || req.get('origin') !== undefined) {
        throw new AppError('ERR_API_1001', 'This operation is called by the storefront server only.');
      }
      return products.shippingMethods(path.pid, marketOf(req, res, markets));
    },
  });
  ops.handle('subscribeBackInStock', {
    use: [noStore],
    run: ({ path, body, req, res }) => products.subscribeBackInStock(path.pid, marketOf(req, res, markets), body),
  });
  ops.handle('getHitTiles', {
    use: [noStore],
    run: ({ query, req, res }) => products.hitTiles(query.pids, marketOf(req, res, markets)),
  });
  ops.handle('getProductsAvailability', {
    use: [noStore],
    run: ({ query, req, res }) => products.availabilities(query.pids, marketOf(req, res, markets)),
  });
  ops.handle('getProductsPrices', {
    use: [noStore],
    run: ({ query, req, res }) => products.pricesList(query.pids, marketOf(req, res, markets)),
  });
  ops.handle('getManualRecommendations', {
    use: [noStore, session],
    run: async ({ query, req, res }) => {
      const market = marketOf(req, res, markets);
      await products.checkShopper(query.usid, sessionOf(res)?.id, market, 'ERR_RCM_API_1000', 'ERR_RCM_API_1001');
      return products.manualRecommendations(query.pid, market);
    },
  });
  ops.handle('getAlgoliaRecommendations', {
    use: [noStore, session],
    run: async ({ query, req, res }) => {
      const market = marketOf(req, res, markets);
      const usid = query.usid;
      await products.checkShopper(usid, sessionOf(res)?.id, market, 'ERR_RCM_API_1000', 'ERR_RCM_API_1001');
      const max = query.maxRecommendations ?? 12;
      return products.algoliaRecommendations(query.model, query.pid, market, max, usid);
    },
  });
  ops.handle('getRecentlyViewedProducts', {
    use: [noStore, session],
    run: async ({ query, req, res }) => {
      const market = marketOf(req, res, markets);
      await products.checkShopper(query.usid, sessionOf(res)?.id, market, 'ERR_REC_API_1000', 'ERR_REC_API_1001');
      return products.recentlyViewed(query.pids, market);
    },
  });
  ops.handle('getSizeGuide', {
    use: [publicCache],
    run: ({ query, req, res }) => products.sizeGuide(query.categories, marketOf(req, res, markets)),
  });
}
