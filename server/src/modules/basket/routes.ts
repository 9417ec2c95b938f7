import { Router } from 'express';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import { marketOf } from '../../shared/market-context.ts';
import type { Schemas } from '../../shared/http.ts';
import type { BasketService } from './service.ts';

export function basketRoutes(basket: BasketService, sessions: SessionService, markets: MarketService): Router {
  const router = Router();
  router.use('/api/data/basket', sessions.middleware(), (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.get('/api/data/basket/get-basket', async (req, res) => {
    res.json(await basket.get(sessionOf(res), marketOf(req, res, markets)));
  });
  router.post('/api/data/basket/add-item', async (req, res) => {
    const body = req.body as Schemas['AddBasketItemRequest'];
    const result = await basket.add(sessionOf(res), body, marketOf(req, res, markets));
    if (result.newSessionToken) sessions.setCookie(res, result.newSessionToken);
    res.json(result.basket);
  });
  router.patch('/api/data/basket/update-item', async (req, res) => {
    const body = req.body as Schemas['UpdateBasketItemRequest'];
    res.json(await basket.update(sessionOf(res), body, marketOf(req, res, markets)));
  });
  router.delete('/api/data/basket/remove-item', async (req, res) => {
    res.json(await basket.remove(sessionOf(res), String(req.query.itemId), marketOf(req, res, markets)));
  });
  return router;
}
