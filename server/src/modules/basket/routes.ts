import type { RequestHandler } from 'express';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import { marketOf } from '../markets/index.ts';
import type { Schemas } from '../../shared/http.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { BasketService } from './service.ts';

export function basketRoutes(
  ops: OperationRegistry,
  basket: BasketService,
  sessions: SessionService,
  markets: MarketService,
): void {
  const session = sessions.middleware();
  // Baskets are per session: never stored by a browser or proxy cache.
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };
  ops.on('getBasket', noStore, session, async (req, res) => {
    res.json(await basket.get(sessionOf(res), marketOf(req, res, markets)));
  });
  ops.on('addBasketItem', noStore, session, async (req, res) => {
    const body = req.body as Schemas['AddBasketItemRequest'];
    const result = await basket.add(sessionOf(res), body, marketOf(req, res, markets));
    if (result.newSessionToken) sessions.setCookie(res, result.newSessionToken);
    res.json(result.basket);
  });
  ops.on('updateBasketItem', noStore, session, async (req, res) => {
    const body = req.body as Schemas['UpdateBasketItemRequest'];
    res.json(await basket.update(sessionOf(res), body, marketOf(req, res, markets)));
  });
  ops.on('removeBasketItem', noStore, session, async (req, res) => {
    res.json(await basket.remove(sessionOf(res), String(req.query.itemId), marketOf(req, res, markets)));
  });
}
