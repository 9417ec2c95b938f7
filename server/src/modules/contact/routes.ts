import type { RequestHandler } from 'express';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, type SessionService } from '../sessions/index.ts';
import type { ContactService } from './service.ts';

/**
 * The contact page data (`GET /ssr/contact`) and the contact form (`POST /api/data/contact/contact-us`).
 * The session tells a signed-in customer from a guest (order numbers are checked against the customer).
 */
export function contactRoutes(
  ops: OperationRegistry,
  contact: ContactService,
  sessions: SessionService,
  markets: MarketService,
): void {
  // Page data is public: a CDN may keep it a minute.
  const publicCache: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'public, max-age=60');
    next();
  };

  ops.handle('getContactPageData', {
    use: [publicCache],
    run: async ({ req, res }) => {
      try {
        return await contact.pageData(marketOf(req, res, markets));
      } catch (err) {
        if (err instanceof AppError) throw err;
        req.log?.error({ err }, 'page data source failed');
        throw new AppError(
          'ERR_DATA_1000',
          `A source of the page failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    },
  });

  ops.handle('sendContactRequest', {
    use: [sessions.middleware()],
    run: async ({ body, req, res }) => {
      res.set('Cache-Control', 'no-store');
      const market = marketOf(req, res, markets);
      try {
        return await contact.send(body, market, {
          ip: req.ip ?? 'unknown',
          customerId: sessionOf(res)?.customerId,
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        // The internal cause is the contact e-mail service's code; the shopper gets the contact form's.
        req.log?.error({ err, code: 'ERR_GLS_1001' }, 'contact request not passed on');
        throw new AppError('ERR_CTC_API_1001');
      }
    },
  });
}
