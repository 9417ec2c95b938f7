import type { DB } from '../../db/database.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { RateLimiter } from '../../shared/rate-limit.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import type { CustomerServiceGateway } from '../accounts/index.ts';
import type { MarketService } from '../markets/index.ts';
import type { PageDataService } from '../pages/index.ts';
import type { RegistrationService } from '../registration/index.ts';
import { NewsletterPages } from './pages.ts';
import { newsletterRoutes } from './routes.ts';
import { NewsletterService } from './service.ts';

/** Newsletter subscriptions and their confirmation: the service, its page and its routes. */
export function newsletterModule(deps: {
  ops: OperationRegistry;
  db: DB;
  registration: RegistrationService;
  recaptcha: RecaptchaVerifier;
  limits: RateLimiter;
  markets: MarketService;
  gateway: CustomerServiceGateway;
  shells: PageDataService;
  publicOrigin: string;
}): { pages: NewsletterPages } {
  const { limits } = deps;
  const newsletter = new NewsletterService(deps.db, deps.registration, deps.recaptcha, limits, {
    publicOrigin: deps.publicOrigin,
  });
  const pages = new NewsletterPages(deps.shells);
  newsletterRoutes(deps.ops, newsletter, deps.markets, deps.gateway, limits, pages);
  return { pages };
}
