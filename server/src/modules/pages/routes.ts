import type { RequestHandler } from 'express';
import type { MarketService } from '../markets/index.ts';
import { marketOf } from '../../shared/market-context.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { PageDataService } from './service.ts';

export function pageDataRoutes(ops: OperationRegistry, pages: PageDataService, markets: MarketService): void {
  // Page data is public: a CDN may keep it a minute.
  const publicCache: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'public, max-age=60');
    next();
  };
  ops.on('getHomePageData', publicCache, async (req, res) => {
    res.json(await pages.home(marketOf(req, res, markets)));
  });
  ops.on('getCategoryPageData', publicCache, async (req, res) => {
    const page = req.query.page === undefined ? undefined : Number(req.query.page);
    res.json(await pages.category(marketOf(req, res, markets), String(req.params.slug), req.query.sort, page));
  });
  ops.on('getProductPageData', publicCache, async (req, res) => {
    res.json(await pages.product(marketOf(req, res, markets), String(req.params.pid)));
  });
  ops.on('getNotFoundPageData', publicCache, (req, res) => {
    res.json(pages.notFound(marketOf(req, res, markets)));
  });
}
