import type { Request, Response } from 'express';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import type { ReturnPages } from './pages.ts';
import type { ReturnCaller, ReturnService } from './service.ts';

/** Personal answers: never stored by a browser or a CDN; a page source failure names itself (ERR_DATA_1000). */
function privateJson<I extends { req: Request; res: Response }, T>(
  run: (input: I) => Promise<T>,
  options: { page?: boolean; failure?: 'ERR_GUEST_API_1003' } = {},
) {
  return async (input: I): Promise<T> => {
    const { req, res } = input;
    res.set('Cache-Control', 'private, no-store');
    try {
      return await run(input);
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (options.failure) {
        req.log?.error({ err }, 'return request failed');
        throw new AppError(options.failure, 'The return request could not be sent; nothing was written.');
      }
      if (!options.page) throw err;
      req.log?.error({ err }, 'return page data source failed');
      throw new AppError(
        'ERR_DATA_1000',
        `A source of the page failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  };
}

export function returnRoutes(
  ops: OperationRegistry,
  deps: { returns: ReturnService; pages: ReturnPages; sessions: SessionService; markets: MarketService },
): void {
  const { returns, pages, sessions, markets } = deps;
  const session = sessions.middleware();
  const m = ({ req, res }: { req: Request; res: Response }) => marketOf(req, res, markets);
  const caller = (res: Response): ReturnCaller => {
    const s = sessionOf(res);
    return { ...(s?.customerId ? { customerId: s.customerId } : {}), ...(s?.lapsed ? { lapsed: true } : {}) };
  };

  // Answered 201, the contract's success status of the operation.
  ops.handle('createReturnRequest', {
    use: [session],
    run: privateJson(async (input) => returns.create(input.body, caller(input.res), m(input)), {
      failure: 'ERR_GUEST_API_1003',
    }),
  });
  ops.handle('getReturnOrderPageData', {
    run: privateJson(async (input) => pages.returnOrder(m(input)), { page: true }),
  });
  ops.handle('getGuestReturnExchangePageData', {
    run: privateJson(async (input) => pages.guest(m(input), input.query.transactionUuid, input.query.flow), {
      page: true,
    }),
  });
  ops.handle('getAccountReturnExchangePageData', {
    use: [session],
    run: privateJson(
      async (input) =>
        pages.account(sessions.visitor(input.req, input.res), m(input), input.query.orderNumber, input.query.flow),
      { page: true },
    ),
  });
  ops.handle('getReturnThankYouPageData', {
    use: [session],
    run: privateJson(
      async (input) => {
        const { orderNumber, transactionUuid } = input.query;
        return pages.thankYou(sessions.visitor(input.req, input.res), m(input), {
          ...(orderNumber ? { orderNumber } : {}),
          ...(transactionUuid ? { transactionUuid } : {}),
        });
      },
      { page: true },
    ),
  });
}
