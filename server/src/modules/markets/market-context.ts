import type { Request, Response } from 'express';
import type { Market, MarketService } from './service.ts';
import { DEFAULT_LOCALE } from './service.ts';

/**
 * The market of an API request, from its `locale` query value (the contract has already checked
 * the format). Calls without a locale get the default market.
 */
export function marketOf(req: Request, res: Response, markets: MarketService): Market {
  const cached = res.locals.market as Market | undefined;
  if (cached) return cached;
  const locale = typeof req.query.locale === 'string' ? req.query.locale : DEFAULT_LOCALE;
  const market = markets.resolve(locale);
  res.locals.market = market;
  return market;
}
