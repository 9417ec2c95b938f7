import type { DB } from '../../db/database.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { RateLimiter } from '../../shared/rate-limit.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import type { SessionService } from '../sessions/index.ts';
import { contactRoutes } from './routes.ts';
import { ContactService, type ContactPageSources } from './service.ts';

/** The contact form and its page: builds the service and registers its routes. */
export function contactModule(deps: {
  ops: OperationRegistry;
  db: DB;
  recaptcha: RecaptchaVerifier;
  limits: RateLimiter;
  sessions: SessionService;
  sources: ContactPageSources;
}): { contact: ContactService } {
  const contact = new ContactService(deps.db, deps.recaptcha, deps.limits, deps.sources);
  contactRoutes(deps.ops, contact, deps.sessions, deps.sources.markets);
  return { contact };
}
