// The real app for the tests of the registration form, the newsletter and the contact form (their modules'
// factories register their operations in `createApp`). Also answers the services themselves, on the same
// database, for tests that need their own clock.
import { readFileSync } from 'node:fs';
import type { Express } from 'express';
import { createApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { RateLimiter } from '../../shared/rate-limit.ts';
import { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import { snapshotPath, TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';
import { CatalogService } from '../catalog/index.ts';
import { CollectionService } from '../collections/index.ts';
import { ContactService } from '../contact/index.ts';
import { ContentService } from '../content/index.ts';
import { MarketService } from '../markets/index.ts';
import { NewsletterService } from '../newsletter/index.ts';
import { PageDataService } from '../pages/index.ts';
import { ProductDataService } from '../products/index.ts';
import { SearchService } from '../search/index.ts';
import { RegistrationService } from './index.ts';

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
  const { app, close } = await createApp({
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
  const pages = new PageDataService({
    catalog,
    markets,
    origin: config.publicOrigin,
    brand: config.brand,
    cacheTtlMs: 0,
    content,
    collections: new CollectionService(db, catalog),
    search: new SearchService(db, config.brand, catalog, { minChars: 1 }),
    productData: new ProductDataService(db, catalog, markets, config.brand, { recaptcha }),
  });
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

  return {
    app,
    database,
    markets,
    registration,
    newsletterAt,
    contactAt,
    close: async () => {
      await close();
      await database.close();
    },
  };
}
