import type { Request } from 'express';
import { AppError } from '../../shared/errors.ts';
import type { CsSchemas, Schemas } from '../../shared/http.ts';
import { marketOf } from '../../shared/market-context.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { RateLimiter } from '../../shared/rate-limit.ts';
import type { CustomerServiceGateway } from '../accounts/gateway.ts';
import type { MarketService } from '../markets/index.ts';
import { NEWSLETTER_LIMITS, type NewsletterService } from './service.ts';

const ipOf = (req: Request) => req.ip ?? 'unknown';

/** The storefront's subscription as the customer service takes it: the market of the locale, the address lower-cased. */
export function toSubscriptionRequest(body: Schemas['NewsletterSubscriptionRequest'], market: { locale: string; country: string }): CsSchemas['SubscriptionRequest'] {
  // Names and the shopping preference have no place in a subscription of the customer service: not sent.
  return {
    email: body.email.trim().toLowerCase(),
    civility: body.civility,
    locale: market.locale,
    country: market.country,
    source: body.source ?? 'footer',
    consents: body.consents,
    recaptchaToken: body.recaptchaToken,
  };
}

/**
 * The customer service's answer in the storefront's codes: its further address check (ERR_FORM_1001) is a
 * malformed address for the storefront (ERR_NWS_API_1000); a service that cannot be reached or fails is the
 * newsletter service failing (ERR_NWS_API_1002). reCAPTCHA, rate-limit and consent answers pass as they are.
 */
export function toStorefrontError(err: unknown): unknown {
  if (!(err instanceof AppError)) return err;
  if (err.code === 'ERR_FORM_1001') {
    const issues = err.issues?.length ? err.issues : [{ path: 'body/email', message: 'is not a valid email address' }];
    return new AppError('ERR_NWS_API_1000', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
  }
  const passThrough = err.code.startsWith('ERR_RECAPTCHA_') || err.code === 'ERR_NWS_API_1002';
  if (!passThrough && (err.code === 'ERR_API_1015' || err.status >= 500)) return new AppError('ERR_NWS_API_1002', 'The customer service did not take the subscription.');
  return err;
}

/**
 * `POST /subscription` of the customer service (answered by NewsletterService) and the storefront's
 * `POST /api/newsletter/subscribe`, which passes the subscription on to it through its client.
 */
export function newsletterRoutes(ops: OperationRegistry, newsletter: NewsletterService, markets: MarketService, gateway: CustomerServiceGateway, limits: RateLimiter): void {
  ops.on('csSubscribeNewsletter', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await newsletter.subscribe(req.body as CsSchemas['SubscriptionRequest'], { ip: ipOf(req) });
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The internal cause is the newsletter e-mail service's code; the caller gets the newsletter's.
      req.log?.error({ err, code: 'ERR_GLS_1002' }, 'newsletter subscription failed');
      throw new AppError('ERR_NWS_API_1002');
    }
    res.status(204).end();
  });

  ops.on('subscribeNewsletter', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const market = marketOf(req, res, markets);
    await limits.hit(NEWSLETTER_LIMITS.storefrontPerIp, ipOf(req));
    const body = toSubscriptionRequest(req.body as Schemas['NewsletterSubscriptionRequest'], market);
    try {
      await gateway.call(res, gateway.client(req, res).POST('/subscription', { body }));
    } catch (err) {
      throw toStorefrontError(err);
    }
    res.status(204).end();
  });
}
