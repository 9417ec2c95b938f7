import type { Request } from 'express';
import { AppError } from '../../shared/errors.ts';
import type { CsSchemas, Schemas } from '../../shared/http.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { RateLimiter } from '../../shared/rate-limit.ts';
import type { CustomerServiceGateway } from '../accounts/index.ts';
import type { MarketService } from '../markets/index.ts';
import type { NewsletterPages } from './pages.ts';
import { NEWSLETTER_LIMITS, type NewsletterService } from './service.ts';

const ipOf = (req: Request) => req.ip ?? 'unknown';

/** The storefront's subscription as the customer service takes it: the market of the locale, the address lower-cased. */
export function toSubscriptionRequest(
  body: Schemas['NewsletterSubscriptionRequest'],
  market: { locale: string; country: string },
): CsSchemas['SubscriptionRequest'] {
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
  if (!passThrough && (err.code === 'ERR_API_1015' || err.status >= 500))
    return new AppError('ERR_NWS_API_1002', 'The customer service did not take the subscription.');
  return err;
}

/**
 * `POST /subscription` and `POST /subscription/confirm` of the customer service (answered by NewsletterService),
 * the storefront's `POST /api/newsletter/subscribe` and `POST /api/newsletter/confirm`, which pass them on through
 * its client, and the confirmation page's data `GET /ssr/newsletter/confirm` (when `pages` is given).
 */
export function newsletterRoutes(
  ops: OperationRegistry,
  newsletter: NewsletterService,
  markets: MarketService,
  gateway: CustomerServiceGateway,
  limits: RateLimiter,
  pages?: NewsletterPages,
): void {
  ops.handle('csSubscribeNewsletter', {
    run: async ({ body, req, res }) => {
      res.set('Cache-Control', 'no-store');
      try {
        await newsletter.subscribe(body, { ip: ipOf(req) });
      } catch (err) {
        if (err instanceof AppError) throw err;
        // The internal cause is the newsletter e-mail service's code; the caller gets the newsletter's.
        req.log?.error({ err, code: 'ERR_GLS_1002' }, 'newsletter subscription failed');
        throw new AppError('ERR_NWS_API_1002');
      }
      res.status(204).end();
    },
  });

  ops.handle('subscribeNewsletter', {
    run: async ({ body, req, res }) => {
      res.set('Cache-Control', 'no-store');
      const market = marketOf(req, res, markets);
      await limits.hit(NEWSLETTER_LIMITS.storefrontPerIp, ipOf(req));
      const request = toSubscriptionRequest(body, market);
      try {
        await gateway.call(res, gateway.client(req, res).POST('/subscription', { body: request }));
      } catch (err) {
        throw toStorefrontError(err);
      }
      res.status(204).end();
    },
  });

  ops.handle('csConfirmNewsletterSubscription', {
    run: async ({ body, req, res }) => {
      res.set('Cache-Control', 'no-store');
      let status;
      try {
        status = await newsletter.confirm(body.token, { ip: ipOf(req) });
      } catch (err) {
        if (err instanceof AppError) throw err;
        req.log?.error({ err, code: 'ERR_GLS_1002' }, 'newsletter confirmation failed');
        throw new AppError('ERR_NWS_API_1002');
      }
      return { status };
    },
  });

  ops.handle('confirmNewsletterSubscription', {
    run: async ({ body: { token }, req, res }) => {
      res.set('Cache-Control', 'no-store');
      marketOf(req, res, markets);
      await limits.hit(NEWSLETTER_LIMITS.storefrontConfirmPerIp, ipOf(req));
      let answer;
      try {
        answer = await gateway.call(res, gateway.client(req, res).POST('/subscription/confirm', { body: { token } }));
      } catch (err) {
        throw toStorefrontError(err);
      }
      if (!answer) throw new AppError('ERR_NWS_API_1002', 'The customer service answered no confirmation.');
      return { status: answer.status };
    },
  });

  if (pages) {
    ops.handle('getNewsletterConfirmPageData', {
      run: async ({ req, res }) => {
        // The same for every visitor of the market (the token never reaches the server).
        res.set('Cache-Control', 'public, max-age=60');
        try {
          return await pages.confirm(marketOf(req, res, markets));
        } catch (err) {
          if (err instanceof AppError) throw err;
          req.log?.error({ err }, 'newsletter page data source failed');
          throw new AppError(
            'ERR_DATA_1000',
            `A source of the page failed: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
      },
    });
  }
}
