import { Router } from 'express';
import type { MarketService } from '../markets/index.ts';
import { marketOf } from '../../shared/market-context.ts';
import { toMarketDto } from '../markets/index.ts';
import type { CatalogService } from './service.ts';

export function catalogRoutes(catalog: CatalogService, markets: MarketService): Router {
  const router = Router();
  router.get('/api/data/category', (req, res) => {
    const market = marketOf(req, res, markets);
    res.set('Cache-Control', 'public, max-age=60').json({ market: toMarketDto(market), categories: catalog.navigation(market) });
  });
  router.get('/api/data/category/:slug', async (req, res) => {
    const market = marketOf(req, res, markets);
    const listing = await catalog.listing({
      slug: req.params.slug,
      market,
      sort: req.query.sort,
      page: req.query.page === undefined ? undefined : Number(req.query.page),
      pageSize: req.query.pageSize === undefined ? undefined : Number(req.query.pageSize),
    });
    res.set('Cache-Control', 'public, max-age=60').json(listing);
  });
  return router;
}
