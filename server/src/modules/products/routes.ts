import type { RequestHandler } from 'express';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import type { ProductDataService } from './service.ts';

const optional = (v: unknown) => (typeof v === 'string' ? v : undefined);

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
  const pid = (req: { params: Record<string, unknown> }) => String(req.params.pid);

  ops.on('getProductAvailability', noStore, async (req, res) => {
    res.json(await products.availability(pid(req), marketOf(req, res, markets)));
  });
  ops.on('getProductPrices', noStore, async (req, res) => {
    res.json(await products.prices(pid(req), marketOf(req, res, markets)));
  });
  ops.on('getProductShippingInfo', noStore, async (req, res) => {
    res.json(await products.shippingInfo(pid(req), marketOf(req, res, markets), optional(req.query.size)));
  });
  ops.on('getProductShippingMethods', noStore, async (req, res) => {
    // Backend-only: browsers always send Fetch Metadata or an Origin; the storefront's server sends neither.
    if (req.get('sec-fetch-site') !== undefined || req.get('origin') !== undefined) {
      throw new AppError('ERR_API_1001', 'This operation is called by the storefront server only.');
    }
    res.json(await products.shippingMethods(pid(req), marketOf(req, res, markets)));
  });
  ops.on('subscribeBackInStock', noStore, async (req, res) => {
    const body = req.body as Schemas['BackInStockRequest'];
    res.status(201).json(await products.subscribeBackInStock(pid(req), marketOf(req, res, markets), body));
  });
  ops.on('getHitTiles', noStore, async (req, res) => {
    res.json(await products.hitTiles(String(req.query.pids), marketOf(req, res, markets)));
  });
  ops.on('getProductsAvailability', noStore, async (req, res) => {
    res.json(await products.availabilities(String(req.query.pids), marketOf(req, res, markets)));
  });
  ops.on('getProductsPrices', noStore, async (req, res) => {
    res.json(await products.pricesList(String(req.query.pids), marketOf(req, res, markets)));
  });
  ops.on('getManualRecommendations', noStore, session, async (req, res) => {
    const market = marketOf(req, res, markets);
    await products.checkShopper(
      optional(req.query.usid),
      sessionOf(res)?.id,
      market,
      'ERR_RCM_API_1000',
      'ERR_RCM_API_1001',
    );
    res.json(await products.manualRecommendations(String(req.query.pid), market));
  });
  ops.on('getAlgoliaRecommendations', noStore, session, async (req, res) => {
    const market = marketOf(req, res, markets);
    const usid = optional(req.query.usid);
    await products.checkShopper(usid, sessionOf(res)?.id, market, 'ERR_RCM_API_1000', 'ERR_RCM_API_1001');
    const max = req.query.maxRecommendations === undefined ? 12 : Number(req.query.maxRecommendations);
    const model = req.query.model as Schemas['RecommendationModel'];
    res.json(await products.algoliaRecommendations(model, optional(req.query.pid), market, max, usid));
  });
  ops.on('getRecentlyViewedProducts', noStore, session, async (req, res) => {
    const market = marketOf(req, res, markets);
    await products.checkShopper(
      optional(req.query.usid),
      sessionOf(res)?.id,
      market,
      'ERR_REC_API_1000',
      'ERR_REC_API_1001',
    );
    res.json(await products.recentlyViewed(String(req.query.pids), market));
  });
  ops.on('getSizeGuide', publicCache, (req, res) => {
    const categories = req.query.categories as { macro: string; micro: string; 'super-micro'?: string };
    res.json(products.sizeGuide(categories, marketOf(req, res, markets)));
  });
}
