import type { DB } from '../../db/database.ts';
import type { JobDefinition } from '../../db/jobs.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { RateLimiter } from '../../shared/rate-limit.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import type { MarketService } from '../markets/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { SessionService } from '../sessions/index.ts';
import type { StoreService } from '../stores/index.ts';
import { advanceOrders } from './fulfilment.ts';
import { sweepUnpaidOrders } from './lifecycle.ts';
import { orderMails } from './mail.ts';
import { OrderPages, type BasketReader, type CheckoutOptionsReader, type Shells } from './pages.ts';
import { orderRoutes } from './routes.ts';
import { OrderService } from './service.ts';

/**
 * Orders after placement: the service, its e-mails and pages, its routes, and its periodic jobs (the unpaid
 * order sweep, and the demo fulfilment when `fulfilmentStepSeconds` is set). Answers the e-mails the checkout
 * sends when an order is paid.
 */
export function ordersModule(deps: {
  ops: OperationRegistry;
  db: DB;
  recaptcha: RecaptchaVerifier;
  limits: RateLimiter;
  provider: PaymentProvider;
  stores: StoreService;
  shells: Shells;
  /** The visitor's bag, which the bag's page shows. */
  basket: BasketReader;
  /** The visitor's checkout options, which the checkout page shows (the checkout module is built after this one). */
  checkoutOptions: CheckoutOptionsReader;
  sessions: SessionService;
  markets: MarketService;
  publicOrigin: string;
  recaptchaSiteKey: string;
  /** Orders move on by themselves in a demo (FULFILMENT_STEP_SECONDS): seconds per step, or none. */
  fulfilmentStepSeconds: number | undefined;
}): { orders: OrderService; pages: OrderPages; mails: ReturnType<typeof orderMails>; jobs: JobDefinition[] } {
  const { db, stores } = deps;
  const mails = orderMails(deps.publicOrigin, stores);
  const orders = new OrderService(db, {
    recaptcha: deps.recaptcha,
    limits: deps.limits,
    provider: deps.provider,
    stores,
    onCancelled: mails.cancelled,
  });
  const pages = new OrderPages(orders, {
    shells: deps.shells,
    stores,
    basket: deps.basket,
    checkoutOptions: deps.checkoutOptions,
    recaptchaSiteKey: deps.recaptchaSiteKey,
  });
  orderRoutes(deps.ops, { orders, pages, sessions: deps.sessions, markets: deps.markets });
  const step = deps.fulfilmentStepSeconds;
  const jobs: JobDefinition[] = [
    // Orders whose payment was never decided (a crash mid-payment, an authentication never answered) give their stock back.
    { name: 'unpaid order sweep', periodMs: 60_000, run: () => sweepUnpaidOrders(db) },
    ...(step
      ? [
          {
            name: 'demo fulfilment',
            periodMs: Math.min(step * 500, 5_000),
            run: () => advanceOrders(db, step, new Date(), undefined, mails.dispatched),
          },
        ]
      : []),
  ];
  return { orders, pages, mails, jobs };
}
