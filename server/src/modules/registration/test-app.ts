// The real app for the tests of the registration form, the newsletter and the contact form, with these
// modules' operations registered when app.ts does not register them (yet): the registry's router is live,
// so operations added after `createApp` answer like the others. Also answers the services themselves, on
// the same database, for tests that need their own clock.
import { readFileSync } from 'node:fs';
import type { Express } from 'express';
import { createApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { RateLimiter } from '../../shared/rate-limit.ts';
import { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import { snapshotPath, TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';
import { CustomerServiceGateway } from '../accounts/customer-service/gateway.ts';
import { CatalogService } from '../catalog/index.ts';
import { CollectionService } from '../collections/index.ts';
import { ContactService, contactRoutes } from '../contact/index.ts';
import { ContentService } from '../content/index.ts';
import { MarketService } from '../markets/index.ts';
import { NewsletterService, newsletterRoutes } from '../newsletter/index.ts';
import { PageDataService } from '../pages/index.ts';
import { SessionService } from '../sessions/index.ts';
import { RegistrationService, registrationRoutes } from './index.ts';

export const PUBLIC_ORIGIN = 'http://localhost:3000';
export const CUSTOMER_SERVICE_BASE = '/customer-service/v1';

export interface ContactTestApp {
  app: Express;
  database: DatabaseHandle;
  markets: MarketService;
  registration: RegistrationService;
  /** Services on the test database with their own clock (rate limits and the 24-hour rule follow it). */
  newsletterAt(clock: () => number): NewsletterService;
  contactAt(clock: () => number): ContactService;
  close(): Promise<void>;
}

export async function startContactTestApp(): Promise<ContactTestApp> {
  const database =
    testDatabaseKind() === 'postgres'
      ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 20 })
      : await openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: new Blob([readFileSync(snapshotPath())]) });
  const config = loadConfig({
    NODE_ENV: 'test',
    BRAND: TEST_BRAND,
    VALIDATE_RESPONSES: 'true',
    CACHE_TTL_SECONDS: '0',
    PUBLIC_ORIGIN,
  });
  const { app, operations, close } = await createApp({
    config,
    database,
    logger: createLogger(config.logLevel),
    pages: false,
  });
  const { db } = database;
  const markets = await MarketService.load(db);
  const registration = new RegistrationService(markets);
  const recaptcha = new RecaptchaVerifier({ mode: 'test' });
  const catalog = new CatalogService(db, config.brand, 0);
  await catalog.refresh();
  const content = new ContentService(db, catalog, config.brand, 0);
  const pages = new PageDataService(
    catalog,
    markets,
    config.publicOrigin,
    config.brand,
    0,
    content,
    new CollectionService(db, catalog),
  );
  const sources = {
    pages,
    content,
    markets,
    publicOrigin: config.publicOrigin,
    recaptchaSiteKey: config.recaptchaSiteKey,
  };
  const newsletterAt = (clock: () => number) =>
    new NewsletterService(db, registration, recaptcha, new RateLimiter(db, clock), {
      publicOrigin: config.publicOrigin,
      clock,
    });
  const contactAt = (clock: () => number) =>
    new ContactService(db, recaptcha, new RateLimiter(db, clock), sources, { clock });

  let gateway: CustomerServiceGateway | undefined;
  if (!operations.implemented('csGetRegistrationForm')) {
    const sessions = new SessionService(db, false);
    const limits = new RateLimiter(db);
    gateway = new CustomerServiceGateway(sessions);
    registrationRoutes(operations, registration, markets, gateway);
    newsletterRoutes(
      operations,
      new NewsletterService(db, registration, recaptcha, limits, { publicOrigin: config.publicOrigin }),
      markets,
      gateway,
      limits,
    );
    contactRoutes(operations, new ContactService(db, recaptcha, limits, sources), sessions, markets);
    await gateway.listenLoopback(app, CUSTOMER_SERVICE_BASE);
  }
  return {
    app,
    database,
    markets,
    registration,
    newsletterAt,
    contactAt,
    close: async () => {
      await gateway?.close();
      await close();
      await database.close();
    },
  };
}
