import { Router } from 'express';
import type { MarketService } from '../markets/index.ts';
import { marketOf } from '../../shared/market-context.ts';
import type { PageDataService } from './service.ts';

export function pageDataRoutes(pages: PageDataService, markets: MarketService): Router {
  const router = Router();
  router.use('/ssr', (_req, res, next) => {
    res.set('Cache-Control', 'public, max-age=60');
    next();
  });
  router.get('/ssr/home', async (req, res) => {
    res.json(await pages.home(marketOf(req, res, markets)));
  });
  router.get('/ssr/ca/:slug', async (req, res) => {
    const page = req.query.page === undefined ? undefined : Number(req.query.page);
    res.json(await pages.category(marketOf(req, res, markets), req.params.slug, req.query.sort, page));
  });
  router.get('/ssr/pr/:pid', async (req, res) => {
    res.json(await pages.product(marketOf(req, res, markets), req.params.pid));
  });
  router.get('/ssr/404', (req, res) => {
    res.json(pages.notFound(marketOf(req, res, markets)));
  });
  return router;
}
