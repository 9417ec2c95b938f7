// The checkout's door: one service over its use cases (checkout-options.ts, place-order.ts with reserve-order.ts,
// authenticate-payment.ts), which share checkout-kit.ts.
import type { DB } from '../../db/database.ts';
import type { Schemas } from '../../shared/http.ts';
import type { SessionRef } from '../sessions/index.ts';
import type { Market } from '../markets/index.ts';
import { CheckoutKit, type CheckoutDeps, type PlaceResult } from './checkout-kit.ts';
import { checkoutOptions } from './checkout-options.ts';
import { placeOrder } from './place-order.ts';
import { authenticatePayment } from './authenticate-payment.ts';

/**
 * The checkout of the session's basket: the options of each step, order placement (stock reserved in
 * the order's transaction, an Idempotency-Key against doubles) and the payment with its authentication.
 */
export class CheckoutService {
  private readonly kit: CheckoutKit;
  constructor(db: DB, deps: CheckoutDeps) {
    this.kit = new CheckoutKit(db, deps);
  }

  options(session: SessionRef | undefined, market: Market): Promise<Schemas['CheckoutOptions']> {
    return checkoutOptions(this.kit, session, market);
  }

  /**
   * Places the order. Phase 1 (one transaction): lock the basket, re-price, reserve stock, write the order.
   * Phase 2: authorise the payment, then pay or cancel the order (stock released) in a second transaction.
   * The key's answer is stored so a replay answers the same.
   */
  place(
    session: SessionRef | undefined,
    market: Market,
    key: string,
    body: Schemas['PlaceOrderRequest'],
  ): Promise<PlaceResult> {
    return placeOrder(this.kit, session, market, key, body);
  }

  /** The shopper's answer to the issuer's challenge. Only the session that placed the order may answer. */
  authenticate(
    session: SessionRef | undefined,
    market: Market,
    input: Schemas['PaymentAuthenticationRequest'],
  ): Promise<Schemas['Order']> {
    return authenticatePayment(this.kit, session, market, input);
  }
}
