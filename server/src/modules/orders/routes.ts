import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import type { OrderPages } from './pages.ts';
import type { OrderService } from './service.ts';

/** Personal answers: never stored by a browser or a CDN; a page source failure names itself (ERR_DATA_1000). */
function privateJson(handler: (req: Request, res: Response) => Promise<unknown>, page = false): RequestHandler {
  return async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    let body: unknown;
    try {
      body = await handler(req, res);
    } catch (err) {
      if (err instanceof AppError || !page) throw err;
      req.log?.error({ err }, 'order page data source failed');
      throw new AppError(
        'ERR_DATA_1000',
        `A source of the page failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    res.json(body);
  };
}

export function orderRoutes(
  ops: OperationRegistry,
  deps: { orders: OrderService; pages: OrderPages; sessions: SessionService; markets: MarketService },
): void {
  const { orders, pages, sessions, markets } = deps;
  const session = sessions.middleware();
  const m = (req: Request, res: Response) => marketOf(req, res, markets);
  const q = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : '');
  const signedIn = (res: Response): string => {
    const s = sessionOf(res);
    if (!s?.customerId) throw new AppError(s?.lapsed ? 'ERR_MWR_1000' : 'ERR_API_1020');
    return s.customerId;
  };

  ops.on(
    'getOrders',
    session,
    privateJson(async (req, res) => {
      const channel = (q(req, 'channel') || 'online') as 'online' | 'offline';
      const page = req.query.page === undefined ? 1 : Number(req.query.page);
      const pageSize = req.query.pageSize === undefined ? 10 : Number(req.query.pageSize);
      return orders.list(signedIn(res), m(req, res), channel, page, pageSize);
    }),
  );
  ops.on(
    'trackOrder',
    privateJson((req, res) =>
      orders.track(req.body as Schemas['OrderTrackRequest'], { ip: req.ip ?? '' }, m(req, res)),
    ),
  );
  ops.on(
    'cancelOrder',
    session,
    privateJson((req, res) => orders.cancel(signedIn(res), req.body as Schemas['OrderCancelRequest'], m(req, res))),
  );

  ops.on(
    'getBasketPageData',
    privateJson((req, res) => pages.basket(m(req, res)), true),
  );
  ops.on(
    'getCheckoutPageData',
    privateJson((req, res) => pages.checkout(m(req, res)), true),
  );
  ops.on(
    'getOrderConfirmationPageData',
    session,
    privateJson((req, res) => pages.confirmation(req, res, m(req, res), q(req, 'orderNumber')), true),
  );
  ops.on(
    'getTrackOrderPageData',
    privateJson((req, res) => pages.trackOrder(m(req, res)), true),
  );
  ops.on(
    'getGuestOrderOnlinePageData',
    privateJson((req, res) => pages.guestOrder(m(req, res), q(req, 'transactionUuid')), true),
  );
  ops.on(
    'getOrdersPageData',
    session,
    privateJson((req, res) => pages.history(req, res, m(req, res)), true),
  );
  ops.on(
    'getOnlineOrderPageData',
    session,
    privateJson((req, res) => pages.customerOrder(req, res, m(req, res), 'online', q(req, 'orderNumber')), true),
  );
  ops.on(
    'getOfflineOrderPageData',
    session,
    privateJson((req, res) => pages.customerOrder(req, res, m(req, res), 'offline', q(req, 'orderNumber')), true),
  );
  ops.on(
    'getPaymentPageData',
    session,
    privateJson((req, res) => pages.payment(req, res, m(req, res)), true),
  );
}
