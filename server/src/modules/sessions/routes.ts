import type { MarketService } from '../markets/index.ts';
import { marketOf } from '../../shared/market-context.ts';
import { AppError } from '../../shared/errors.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import { sessionOf, type SessionService } from './service.ts';
import { visitorCountryOf, type CustomerSessionService } from './customer-session.ts';

export function sessionRoutes(
  ops: OperationRegistry,
  customerSessions: CustomerSessionService,
  sessions: SessionService,
  markets: MarketService,
  visitorCountryHeader: string,
): void {
  // POST, so the global same-origin guard has already refused cross-site calls (ERR_API_1001).
  ops.on('getCustomerSession', sessions.middleware(), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const market = marketOf(req, res, markets);
    const visitorCountry = visitorCountryOf(req.headers[visitorCountryHeader]);
    let result;
    try {
      result = await customerSessions.open(sessionOf(res), market, visitorCountry);
    } catch (err) {
      req.log.error({ err }, 'session store failed');
      throw new AppError('ERR_API_1016');
    }
    if (result.newSessionToken) sessions.setCookie(res, result.newSessionToken);
    res.json(result.session);
  });
}
