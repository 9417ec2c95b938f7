import type { Request, RequestHandler, Response } from 'express';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import { marketOf } from '../markets/index.ts';
import { AppError, type ErrorCode } from '../../shared/errors.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { InStoreService } from './in-store.ts';
import type { StorePages } from './pages.ts';
import type { StoreService } from './service.ts';

export interface StoreRouteDeps {
  stores: StoreService;
  inStore: InStoreService;
  pages: StorePages;
  sessions: SessionService;
  markets: MarketService;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
// Page data is public: a CDN may keep it a minute.
const publicCache: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'public, max-age=60');
  next();
};

/**
 * The boutique services' answers: a refusal with the operation's own code is logged with its internal cause
 * (a GLS code); an unexpected failure is logged and answered with that code. Other catalogue errors pass.
 */
async function answering<T>(
  req: Request,
  codes: { answer: ErrorCode; cause: ErrorCode },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) {
      if (err.code === codes.answer) {
        const failure = (err as { cause?: unknown }).cause;
        if (failure) req.log?.error({ err: failure, code: codes.cause }, 'store service failed');
        else req.log?.warn({ code: codes.cause, detail: err.detail }, 'store service refused the request');
      }
      throw err;
    }
    req.log?.error({ err, code: codes.cause }, 'store service failed');
    throw new AppError(codes.answer);
  }
}

export function storeRoutes(ops: OperationRegistry, deps: StoreRouteDeps): void {
  const { stores, inStore, pages, sessions, markets } = deps;
  const m = ({ req, res }: { req: Request; res: Response }) => marketOf(req, res, markets);
  const caller = (req: Request, res: Response) => ({ ip: req.ip ?? 'unknown', customerId: sessionOf(res)?.customerId });

  ops.handle('getStores', {
    run: async (input) => {
      const { query, req, res } = input;
      const market = m(input);
      const { latitude, longitude } = query;
      if ((latitude === undefined) !== (longitude === undefined)) {
        const missing = latitude === undefined ? 'latitude' : 'longitude';
        throw new AppError('ERR_API_1018', 'latitude and longitude are sent together.', [
          { path: `query/${missing}`, message: 'is required with the other coordinate' },
        ]);
      }
      const position = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;
      const country = query.country ?? market.country;
      let body;
      try {
        body = await stores.list(country, market, position);
      } catch (err) {
        // The store master data failed: the internal cause is logged, the client gets the STS code.
        req.log.error({ err, code: 'ERR_GLS_1004' }, 'store master data failed');
        throw new AppError('ERR_STS_API_1001');
      }
      res.set('Cache-Control', 'public, max-age=600');
      return body;
    },
  });

  ops.handle('getStore', {
    use: [noStore],
    run: async (input) => {
      const { path, req } = input;
      // Backend-only: browsers always send Fetch Metadata or an Origin; the storefront's server sends neither.
      if (req.get('sec-fetch-site') !== undefined || req.get('origin') !== undefined) {
        throw new AppError('ERR_API_1001', 'This operation is called by the storefront server only.');
      }
      const market = m(input);
      try {
        return await stores.get(path.storeId, market);
      } catch (err) {
        if (err instanceof AppError) throw err;
        req.log.error({ err, code: 'ERR_GLS_1004' }, 'store master data failed');
        throw new AppError('ERR_STS_API_1001');
      }
    },
  });

  ops.handle('getStoreProductAvailability', {
    use: [noStore],
    run: (input) =>
      answering(input.req, { answer: 'ERR_API_1013', cause: 'ERR_GLS_1004' }, () =>
        inStore.availability(input.body, m(input)),
      ),
  });

  // Answered 201, the contract's success status of both operations.
  ops.handle('reserveProductInStore', {
    use: [noStore, sessions.middleware()],
    run: ({ body, req, res }) =>
      answering(req, { answer: 'ERR_STORE_API_1001', cause: 'ERR_GLS_1010' }, () =>
        inStore.reserve(body, m({ req, res }), caller(req, res)),
      ),
  });

  ops.handle('bookStoreAppointment', {
    use: [noStore, sessions.middleware()],
    run: ({ body, req, res }) =>
      answering(req, { answer: 'ERR_STORE_API_1003', cause: 'ERR_GLS_1010' }, () =>
        inStore.book(body, m({ req, res }), caller(req, res)),
      ),
  });

  // Page data: a source failure names itself (ERR_DATA_1000); a missing boutique is ERR_GLS_1006 (404).
  const pageData =
    <I extends { req: Request }, T>(load: (input: I) => Promise<T>) =>
    async (input: I): Promise<T> => {
      try {
        return await load(input);
      } catch (err) {
        if (err instanceof AppError) throw err;
        input.req.log?.error({ err, code: 'ERR_GLS_1004' }, 'page data source failed');
        throw new AppError(
          'ERR_DATA_1000',
          `A source of the page failed (ERR_STS_API_1001): ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    };
  ops.handle('getStoreListPageData', { use: [publicCache], run: pageData((input) => pages.list(m(input))) });
  ops.handle('getStoreDetailPageData', {
    use: [publicCache],
    run: pageData((input) => pages.detail(m(input), input.path.storeSlug)),
  });
}
