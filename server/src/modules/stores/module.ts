import type { DB } from '../../db/database.ts';
import type { RateLimiter } from '../../shared/rate-limit.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { SessionService } from '../sessions/index.ts';
import { InStoreService } from './in-store.ts';
import { StorePages, type StorePageSources } from './pages.ts';
import { storeRoutes } from './routes.ts';
import { StoreService } from './service.ts';

/** The boutiques: master data, stock by boutique, reservations, appointments and their pages; registers their routes. */
export function storesModule(deps: {
  ops: OperationRegistry;
  db: DB;
  brand: string;
  sources: StorePageSources;
  sessions: SessionService;
  recaptcha: RecaptchaVerifier;
  limits: RateLimiter;
}): { stores: StoreService; pages: StorePages } {
  const { ops, db, brand, sources } = deps;
  const stores = new StoreService(db, brand);
  const pages = new StorePages(stores, sources);
  const inStore = new InStoreService(db, brand, stores, deps.recaptcha, deps.limits, {
    publicOrigin: sources.publicOrigin,
  });
  storeRoutes(ops, { stores, inStore, pages, sessions: deps.sessions, markets: sources.markets });
  return { stores, pages };
}
