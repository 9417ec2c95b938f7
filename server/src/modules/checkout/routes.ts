import type { RequestHandler } from 'express';
import type { Schemas } from '../../shared/http.ts';
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
  ops.on('getCheckoutOptions', noStore, session, async (req, res) => {
    res.json(await checkout.options(sessionOf(res), marketOf(req, res, markets)));
  });
  ops.on('placeOrder', noStore, session, async (req, res) => {
    const result = await checkout.place(
      sessionOf(res),
      marketOf(req, res, markets),
      String(req.get('Idempotency-Key')),
      req.body as Schemas['PlaceOrderRequest'],
    );
    res.status(result.status).json(result.body);
  });
  ops.on('completePaymentAuthentication', noStore, session, async (req, res) => {
    const order = await checkout.authenticate(
      sessionOf(res),
      marketOf(req, res, markets),
      req.body as Schemas['PaymentAuthenticationRequest'],
    );
    res.status(201).json(order);
  });
}
