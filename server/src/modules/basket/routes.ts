import type { RequestHandler } from 'express';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import { marketOf } from '../markets/index.ts';
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
  const use = [noStore, session];
  ops.handle('getBasket', { use, run: ({ req, res }) => basket.get(sessionOf(res), marketOf(req, res, markets)) });
  ops.handle('addBasketItem', {
    use,
    run: async ({ body, req, res }) => {
      const result = await basket.add(sessionOf(res), body, marketOf(req, res, markets));
      if (result.newSessionToken) sessions.setCookie(res, result.newSessionToken);
      return result.basket;
    },
  });
  ops.handle('updateBasketItem', {
    use,
    run: ({ body, req, res }) => basket.update(sessionOf(res), body, marketOf(req, res, markets)),
  });
  ops.handle('removeBasketItem', {
    use,
    run: ({ query, req, res }) => basket.remove(sessionOf(res), query.itemId, marketOf(req, res, markets)),
  });
}
