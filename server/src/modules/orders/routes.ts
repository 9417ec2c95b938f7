import type { Request, Response } from 'express';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import type { OrderPages } from './pages.ts';
import type { OrderService } from './service.ts';

/** Personal answers: never stored by a browser or a CDN; a page source failure names itself (ERR_DATA_1000). */
function privateJson<I extends { req: Request; res: Response }, T>(run: (input: I) => Promise<T>, page = false) {
  return async (input: I): Promise<T> => {
    input.res.set('Cache-Control', 'private, no-store');
    try {
      return await run(input);
    } catch (err) {
      if (err instanceof AppError || !page) throw err;
      input.req.log?.error({ err }, 'order page data source failed');
      throw new AppError(
        'ERR_DATA_1000',
        `A source of the page failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  };
}

export function orderRoutes(
  ops: OperationRegistry,
  deps: { orders: OrderService; pages: OrderPages; sessions: SessionService; markets: MarketService },
): void {
  const { orders, pages, sessions, markets } = deps;
  const session = sessions.middleware();
  const m = ({ req, res }: { req: Request; res: Response }) => marketOf(req, res, markets);
  const signedIn = (res: Response): string => {
    const s = sessionOf(res);
    if (!s?.customerId) throw new AppError(s?.lapsed ? 'ERR_MWR_1000' : 'ERR_API_1020');
    return s.customerId;
  };

  ops.handle('getOrders', {
    use: [session],
    run: privateJson(async (input) => {
      const { query, res } = input;
      return orders.list(signedIn(res), m(input), query.channel || 'online', query.page ?? 1, query.pageSize ?? 10);
    }),
  });
  ops.handle('trackOrder', {
    run: privateJson(async (input) => orders.track(input.body, { ip: input.req.ip ?? '' }, m(input))),
  });
  ops.handle('cancelOrder', {
    use: [session],
    run: privateJson(async (input) => orders.cancel(signedIn(input.res), input.body, m(input))),
  });

  ops.handle('getBasketPageData', {
    use: [session],
    run: privateJson(async (input) => pages.basket(sessions.visitor(input.req, input.res), m(input)), true),
  });
  ops.handle('getCheckoutPageData', {
    use: [session],
    run: privateJson(async (input) => pages.checkout(sessions.visitor(input.req, input.res), m(input)), true),
  });
  ops.handle('getOrderConfirmationPageData', {
    use: [session],
    run: privateJson(
      async (input) => pages.confirmation(sessions.visitor(input.req, input.res), m(input), input.query.orderNumber),
      true,
    ),
  });
  ops.handle('getTrackOrderPageData', { run: privateJson(async (input) => pages.trackOrder(m(input)), true) });
  ops.handle('getGuestOrderOnlinePageData', {
    run: privateJson(async (input) => pages.guestOrder(m(input), input.query.transactionUuid), true),
  });
  ops.handle('getOrdersPageData', {
    use: [session],
    run: privateJson(async (input) => pages.history(sessions.visitor(input.req, input.res), m(input)), true),
  });
  ops.handle('getOnlineOrderPageData', {
    use: [session],
    run: privateJson(
      async (input) =>
        pages.customerOrder(sessions.visitor(input.req, input.res), m(input), 'online', input.query.orderNumber),
      true,
    ),
  });
  ops.handle('getOfflineOrderPageData', {
    use: [session],
    run: privateJson(
      async (input) =>
        pages.customerOrder(sessions.visitor(input.req, input.res), m(input), 'offline', input.query.orderNumber),
      true,
    ),
  });
  ops.handle('getPaymentPageData', {
    use: [session],
    run: privateJson(async (input) => pages.payment(sessions.visitor(input.req, input.res), m(input)), true),
  });
}
