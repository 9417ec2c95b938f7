import type { RequestHandler } from 'express';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import type { CheckoutService } from './service.ts';

export function checkoutRoutes(
  ops: OperationRegistry,
  checkout: CheckoutService,
  sessions: SessionService,
  markets: MarketService,
): void {
  const session = sessions.middleware();
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };
  const use = [noStore, session];
  ops.handle('getCheckoutOptions', {
    use,
    run: ({ req, res }) => checkout.options(sessionOf(res), marketOf(req, res, markets)),
  });
  ops.handle('placeOrder', {
    use,
    run: async ({ body, req, res }) => {
      const result = await checkout.place(
        sessionOf(res),
        marketOf(req, res, markets),
        String(req.get('Idempotency-Key')),
        body,
      );
      res.status(result.status).json(result.body);
    },
  });
  ops.handle('completePaymentAuthentication', {
    use,
    run: ({ body, req, res }) => checkout.authenticate(sessionOf(res), marketOf(req, res, markets), body),
  });
}
