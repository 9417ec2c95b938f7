import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import type { ReturnPages } from './pages.ts';
import type { ReturnCaller, ReturnService } from './service.ts';

/** Personal answers: never stored by a browser or a CDN; a page source failure names itself (ERR_DATA_1000). */
function privateJson(
  handler: (req: Request, res: Response) => Promise<unknown>,
  options: { page?: boolean; status?: number; failure?: 'ERR_GUEST_API_1003' } = {},
): RequestHandler {
  return async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    let body: unknown;
    try {
      body = await handler(req, res);
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
    res.status(options.status ?? 200).json(body);
  };
}

export function returnRoutes(
  ops: OperationRegistry,
  deps: { returns: ReturnService; pages: ReturnPages; sessions: SessionService; markets: MarketService },
): void {
  const { returns, pages, sessions, markets } = deps;
  const session = sessions.middleware();
  const m = (req: Request, res: Response) => marketOf(req, res, markets);
  const q = (req: Request, name: string) =>
    typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined;
  const caller = (res: Response): ReturnCaller => {
    const s = sessionOf(res);
    return { ...(s?.customerId ? { customerId: s.customerId } : {}), ...(s?.lapsed ? { lapsed: true } : {}) };
  };

  ops.on(
    'createReturnRequest',
    session,
    privateJson((req, res) => returns.create(req.body as Schemas['ReturnRequestInput'], caller(res), m(req, res)), {
      status: 201,
      failure: 'ERR_GUEST_API_1003',
    }),
  );
  ops.on(
    'getReturnOrderPageData',
    privateJson((req, res) => pages.returnOrder(m(req, res)), { page: true }),
  );
  ops.on(
    'getGuestReturnExchangePageData',
    privateJson((req, res) => pages.guest(m(req, res), q(req, 'transactionUuid') ?? '', q(req, 'flow')), {
      page: true,
    }),
  );
  ops.on(
    'getAccountReturnExchangePageData',
    session,
    privateJson((req, res) => pages.account(req, res, m(req, res), q(req, 'orderNumber') ?? '', q(req, 'flow')), {
      page: true,
    }),
  );
  ops.on(
    'getReturnThankYouPageData',
    session,
    privateJson(
      (req, res) => {
        const orderNumber = q(req, 'orderNumber');
        const transactionUuid = q(req, 'transactionUuid');
        return pages.thankYou(req, res, m(req, res), {
          ...(orderNumber ? { orderNumber } : {}),
          ...(transactionUuid ? { transactionUuid } : {}),
        });
      },
      { page: true },
    ),
  );
}
