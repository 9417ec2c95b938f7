import express, { type Express } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import { requestLogging } from './shared/logger.ts';
import { mountMailbox } from './modules/mail/index.ts';
import type { Config } from './shared/config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { CONTRACT_PATHS, CUSTOMER_SERVICE_CONTRACT_PATH, loadContract } from './shared/contract.ts';
import { problemHandler, sameOriginGuard } from './shared/error-handler.ts';
import { contractChecks, jsonBody, requestIdOf } from './shared/request-checks.ts';
import { AppError } from './shared/errors.ts';
import { mountApiPortals } from './shared/portal.ts';
import { MarketService, marketRoutes } from './modules/markets/index.ts';
import { CatalogService, catalogRoutes } from './modules/catalog/index.ts';
import { CustomerSessionService, SessionService } from './modules/sessions/index.ts';
import {
  AccountPages,
  AccountService,
  AddressBook,
  CustomerServiceGateway,
  EmployeeSaleSync,
  accountPageRoutes,
  customerServiceRoutes,
  storefrontAccountRoutes,
} from './modules/accounts/index.ts';
import {
  accountMigrationRoutes,
  SignInHandoff,
  signInCallbackHeaders,
  signInCallbackRefusalPage,
  signInCallbackRoutes,
} from './modules/accounts/index.ts';
import { RateLimiter, RedisCounters } from './shared/rate-limit.ts';
import { RegistrationService, registrationRoutes, toRegisterFormData } from './modules/registration/index.ts';
import { NewsletterPages, NewsletterService, newsletterRoutes } from './modules/newsletter/index.ts';
import { ContactService, contactRoutes } from './modules/contact/index.ts';
import { RecaptchaVerifier } from './shared/recaptcha.ts';
import { storesModule } from './modules/stores/index.ts';
import { checkoutModule } from './modules/checkout/index.ts';
import {
  advanceOrders,
  ORDER_PAGE_KINDS,
  orderMails,
  OrderPages,
  OrderService,
  orderRoutes,
  sweepUnpaidOrders,
} from './modules/orders/index.ts';
import { RETURN_PAGE_KINDS, returnsModule } from './modules/returns/index.ts';
import { TestPaymentProvider } from './modules/payments/index.ts';
import { BasketService, basketRoutes } from './modules/basket/index.ts';
import { PageDataService, pageDataRoutes } from './modules/pages/index.ts';
import { CollectionService } from './modules/collections/index.ts';
import { SearchService, searchRoutes } from './modules/search/index.ts';
import { ProductDataService, productDataRoutes } from './modules/products/index.ts';
import { ContentService, contentRoutes } from './modules/content/index.ts';
import { mediaRoutes, photoImage, PhotoIndex } from './modules/media/index.ts';
import { Metrics, metricsRoutes, opsRoutes, webVitalsRoutes, type Readiness } from './modules/ops/index.ts';
import { robotsTxt, seoModule } from './modules/seo/index.ts';
import { translationsModule } from './modules/translations/index.ts';
import { OperationRegistry } from './shared/operations.ts';
import { mountSsr } from './ssr/host.ts';
import { InvalidationBus, LocalTransport, RedisTransport, type BusTransport } from './shared/invalidation-bus.ts';
import { PostgresTransport } from './db/notifications.ts';
import { JobScheduler, instanceName, type JobDefinition } from './db/jobs.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Serve pages (SSR). API tests leave it off; they need no web build. */
  pages?: boolean;
}

/**
 * How the caches of the instances hear each other's invalidations: Redis pub/sub when REDIS_URL is set,
 * otherwise PostgreSQL LISTEN/NOTIFY; with the embedded PGlite database (one process) in process only.
 */
export function invalidationTransport(
  config: Pick<Config, 'redisUrl' | 'brand'>,
  database: DatabaseHandle,
  logger: Logger,
): BusTransport {
  if (config.redisUrl) return new RedisTransport({ url: config.redisUrl, brand: config.brand, logger });
  if (database.kind === 'postgres' && database.url) {
    return new PostgresTransport({
      url: database.url,
      db: database.db,
      brand: config.brand,
      logger,
      ...(database.timeouts ? { connectMs: database.timeouts.connectMs } : {}),
    });
  }
  return new LocalTransport();
}

export async function createApp({ config, database, logger, pages = true }: AppOptions) {
  const { db } = database;
  // Every cache-emptying event (a bust, a content publication, a catalogue change) goes through it, to every instance.
  const bus = new InvalidationBus(invalidationTransport(config, database, logger), logger);
  const readiness: Readiness = { ready: false };
  const markets = await MarketService.load(db);
  // Imported product photos (decision 0160): which views have one, in memory; the others keep their drawings.
  const photos = new PhotoIndex(db, logger);
  await photos.start();
  const catalog = new CatalogService(db, config.brand, config.cacheTtlMs, (pid, view, alt) => {
    const photo = photos.get(pid, view);
    return photo ? photoImage(photo, alt) : undefined;
  });
  catalog.catchUps.freshForMs = config.catalogueFreshMs;
  await catalog.refresh();
  // The listing index loads in the background: the first shopper of a large catalogue does not wait for it.
  catalog
    .currentIndex()
    .catch((err: unknown) => logger.warn({ err }, 'listing index: first load failed (the next listing tries again)'));
  const sessions = new SessionService(db, config.secureCookies);
  const basket = new BasketService(db, sessions);
  const content = new ContentService(db, catalog, config.brand, config.cacheTtlMs);
  const collections = new CollectionService(db, catalog);
  const pageData = new PageDataService(
    catalog,
    markets,
    config.publicOrigin,
    config.brand,
    config.cacheTtlMs,
    content,
    collections,
  );
  for (const w of config.warnings) logger.warn({ code: w.code }, w.message);
  if (config.env === 'production' && config.mailbox)
    logger.warn('MAILBOX=true: every e-mail, with its links, is readable at /dev/mailbox. Demo use only.');
  const search = new SearchService(db, config.brand, catalog, {
    minChars: config.searchMinChars,
    // Each language's prefix index loads on its first query (PostgreSQL answers until it is ready).
    prefixIndex: { freshForMs: config.catalogueFreshMs, onError: (err, message) => logger.warn({ err }, message) },
  });
  await search.init();
  pageData.withSearch(search);
  const recaptcha = new RecaptchaVerifier({
    mode: config.recaptchaVerifier,
    ...(config.recaptchaSecret ? { secret: config.recaptchaSecret } : {}),
  });
  const limits = new RateLimiter(config.redisUrl ? new RedisCounters(config.redisUrl) : db);
  // Periodic jobs: each runs once per period across the instances (a lease in job_leases), its items claimed row by row.
  const jobs = new JobScheduler(db, logger, {
    holder: instanceName(),
    ...(config.jobPeriodMs ? { periodMs: config.jobPeriodMs } : {}),
  });
  const accounts = new AccountService(db, sessions, limits, { publicOrigin: config.publicOrigin });
  const registration = new RegistrationService(markets);
  accounts.withRegistrationRules(registration);
  const customerSessions = new CustomerSessionService(db, sessions);
  const gateway = new CustomerServiceGateway(sessions, config.customerServiceUrl);
  const productData = new ProductDataService(db, catalog, markets, config.brand, { recaptcha });
  pageData.withProductData(productData);
  const contract = loadContract();
  // The customer service API: its own contract and base path, served by the same process.
  const customerContract = existsSync(CUSTOMER_SERVICE_CONTRACT_PATH)
    ? loadContract(CUSTOMER_SERVICE_CONTRACT_PATH)
    : undefined;
  // Content-Type bounding, query shapes, both contract validators, text the database cannot store
  // (shared/request-checks.ts; the mock front of `npm run mock` mounts the same checks).
  const checks = contractChecks({ contract, customerContract, validateResponses: config.validateResponses });
  const { codesByLocation, customerBase, isCustomerServicePath } = checks;

  const app: Express = express();
  app.disable('x-powered-by');
  app.set('trust proxy', [...config.trustProxy]);
  // Express 5's simple parser mangles `key[sub]` and `a[]=` queries; the contract uses them.
  app.set('query parser', 'extended');
  // Request counts and latency by operation (GET /internal/metrics): first, so that every answer is counted.
  const metrics = new Metrics(database.poolFigures);
  app.use(metrics.middleware());

  app.use(
    requestLogging(logger, {
      genReqId: requestIdOf,
      ignore: (req) => /^\/(assets|media)\//.test(req.url ?? '') || (req.url ?? '').startsWith('/dev/mailbox'),
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // No inline script runs (the bootstrap state is a JSON data block): scripts from this origin only.
          // Vite's development client injects an inline preamble and evaluates modules: allowed in development only.
          'script-src': ["'self'", ...(config.viteDev ? ["'unsafe-inline'", "'unsafe-eval'"] : [])],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...(config.viteDev ? ['ws:'] : [])],
          'upgrade-insecure-requests': config.secureCookies ? [] : null,
        },
      },
      strictTransportSecurity: config.secureCookies,
    }),
  );
  app.use(compression());
  app.use(cookieParser());
  // JSON bodies of POST, PUT and PATCH: at most 32 KB, a UTF, identity or gzip/deflate/br (shared/request-checks.ts).
  app.use(jsonBody());

  // The API portals and the bundled contracts they show (/docs, /docs/<api>.yaml|json): outside the contracts.
  mountApiPortals(app);
  app.get('/robots.txt', robotsTxt(config.publicOrigin));
  // The development mailbox (never in production): every e-mail the storefront queued, rendered.
  mountMailbox(app, db, { config });

  app.use(sameOriginGuard());
  app.use(signInCallbackHeaders());
  // Requests always validated against the contract; responses too outside production.
  app.use(checks.handler);

  const ops = new OperationRegistry([
    { base: '', document: contract },
    ...(customerContract && customerBase ? [{ base: customerBase, document: customerContract }] : []),
  ]);
  opsRoutes(ops, database, readiness, config.readinessTimeoutMs);
  metricsRoutes(ops, metrics, config.metricsToken);
  webVitalsRoutes(ops, config.env === 'development');
  marketRoutes(ops, markets);
  catalogRoutes(ops, catalog, markets, async (market, slug, selection) => {
    const eventType = await content.calendarType(market, slug);
    if (!eventType) return undefined;
    const c = await content.calendar(market, {
      eventType,
      themes: selection.themes,
      locations: selection.locations,
      includePast: true,
    });
    return { filters: c.filters, appliedFilters: c.appliedFilters, totalNrOfProducts: c.cards.length };
  });
  basketRoutes(ops, basket, sessions, markets);
  customerServiceRoutes(ops, {
    accounts,
    sessions,
    customerSessions,
    markets,
    recaptcha,
    employeeSale: new EmployeeSaleSync(config.employeeSaleSecret, limits),
    visitorCountryHeader: config.visitorCountryHeader,
  });
  const addresses = new AddressBook(db);
  const signIn = new SignInHandoff(db, sessions, gateway);
  storefrontAccountRoutes(ops, {
    gateway,
    accounts,
    addresses,
    markets,
    recaptcha,
    visitorCountryHeader: config.visitorCountryHeader,
    signIn,
  });
  // Account migration of the former site's customers (storefront → customer service, server to server).
  accountMigrationRoutes(ops, {
    db,
    accounts,
    gateway,
    markets,
    recaptcha,
    limits,
    publicOrigin: config.publicOrigin,
    serviceToken: config.customerServiceToken ?? randomBytes(32).toString('base64url'),
  });
  signInCallbackRoutes(ops, sessions, signIn);
  const accountPages = new AccountPages(
    pageData,
    accounts,
    addresses,
    markets,
    config.recaptchaSiteKey,
    toRegisterFormData,
  );
  accountPageRoutes(ops, accountPages, markets, gateway);
  registrationRoutes(ops, registration, markets, gateway);
  const newsletterPages = new NewsletterPages(pageData);
  newsletterRoutes(
    ops,
    new NewsletterService(db, registration, recaptcha, limits, { publicOrigin: config.publicOrigin }),
    markets,
    gateway,
    limits,
    newsletterPages,
  );
  const contact = new ContactService(db, recaptcha, limits, {
    pages: pageData,
    content,
    markets,
    publicOrigin: config.publicOrigin,
    recaptchaSiteKey: config.recaptchaSiteKey,
  });
  contactRoutes(ops, contact, sessions, markets);
  const { stores, pages: storePages } = storesModule({
    ops,
    db,
    brand: config.brand,
    sources: { pages: pageData, markets, publicOrigin: config.publicOrigin, cacheTtlMs: config.cacheTtlMs },
    sessions,
    recaptcha,
    limits,
  });
  // Orders and checkout: the built-in test payment provider until a provider adapter is configured.
  const payments = new TestPaymentProvider();
  const mails = orderMails(config.publicOrigin, stores);
  const orders = new OrderService(db, { recaptcha, limits, provider: payments, stores, onCancelled: mails.cancelled });
  const orderPages = new OrderPages(orders, {
    shells: pageData,
    stores,
    recaptchaSiteKey: config.recaptchaSiteKey,
  });
  orderRoutes(ops, { orders, pages: orderPages, sessions, markets });
  const returnsPart = returnsModule({
    ops,
    db,
    orders,
    stores,
    shells: pageData,
    sessions,
    markets,
    publicOrigin: config.publicOrigin,
    recaptchaSiteKey: config.recaptchaSiteKey,
  });
  const returnPages = returnsPart.pages;
  checkoutModule({
    ops,
    db,
    checkout: { brand: config.brand, basket, stores, addresses, provider: payments, onPaid: mails.paid },
    sessions,
    markets,
  });
  pageDataRoutes(ops, pageData, markets, { validateResponses: config.validateResponses });
  searchRoutes(ops, search, markets, config.brand);
  productDataRoutes(ops, productData, sessions, markets);
  const { sitemaps } = seoModule(
    ops,
    db,
    config.brand,
    config.publicOrigin,
    markets,
    catalog,
    content,
    collections,
    config.cacheTtlMs,
  );
  // The caches of this instance, by the names a bust uses. Page data's listeners (rendered pages, boutique
  // pages) go with it. The category tree and the markets are read again rather than emptied.
  bus.register('content', (f) => content.bust(f));
  bus.register('page-data', (f) => pageData.bust(f));
  bus.register('catalog', (f) => catalog.bustCache(f));
  bus.register(
    'navigation',
    () => (void catalog.refresh().catch((err: unknown) => logger.error({ err }, 'category refresh failed')), 0),
  );
  bus.register(
    'markets',
    () => (
      void markets
        .reload()
        .then(() => sitemaps.bust())
        .catch((err: unknown) => logger.error({ err }, 'market reload failed')),
      0
    ),
  );
  bus.register('sitemaps', () => sitemaps.bust());
  contentRoutes(ops, content, markets, { token: config.cacheBustToken, invalidate: (i) => bus.invalidate(i) });
  mediaRoutes(ops, db, config.brand, { mediaDir: config.mediaDir });
  await translationsModule({ ops, logger });
  /** The periodic jobs of every module (each runs once per period across the instances: docs/scaling.md#jobs). */
  const periodicJobs = (step = config.fulfilmentStepSeconds): JobDefinition[] => [
    { name: 'rate-limit pruning', periodMs: 3_600_000, run: () => limits.prune() },
    // Orders whose payment was never decided (a crash mid-payment, an authentication never answered) give their stock back.
    { name: 'unpaid order sweep', periodMs: 60_000, run: () => sweepUnpaidOrders(db) },
    // Listing removals are read by the listing indexes within moments; an hour on, they go.
    { name: 'listing removal pruning', periodMs: 600_000, run: () => catalog.pruneRemovals() },
    ...returnsPart.jobs,
    // Orders move on by themselves in a demo (FULFILMENT_STEP_SECONDS).
    ...(step
      ? [
          {
            name: 'demo fulfilment',
            periodMs: Math.min(step * 500, 5_000),
            run: () => advanceOrders(db, step, new Date(), undefined, mails.dispatched),
          },
        ]
      : []),
  ];
  app.use(ops.router);
  // Described in the contract, not implemented yet: 501 ERR_API_1036.
  app.use(ops.notImplemented());

  if (pages)
    await mountSsr(app, {
      config,
      pages: pageData,
      markets,
      logger,
      accountPages,
      customerService: gateway,
      contact,
      stores: storePages,
      orders: {
        kinds: ORDER_PAGE_KINDS,
        page: (kind, req, res, market, query) => orderPages.page(kind, sessions.visitor(req, res), market, query),
      },
      returns: {
        kinds: RETURN_PAGE_KINDS,
        page: (kind, req, res, market, query) => returnPages.page(kind, sessions.visitor(req, res), market, query),
      },
      newsletter: newsletterPages,
    });

  // What no route, page or file answered (`//api/…`, `/x/../api/…`, a page path with another method): a 404
  // problem like every other error, never Express's own HTML answer.
  app.use((req, _res, next) => next(new AppError('ERR_API_1002', `No route ${req.method} ${req.path}.`)));
  // A refused sign-in callback loaded as a page: the same status and code, as a page the shopper can read.
  app.use(signInCallbackRefusalPage(codesByLocation));
  // A page load that fails on our side reads a short page in its language; API calls get their problem.
  app.use(
    problemHandler(logger, codesByLocation, (path) => !CONTRACT_PATHS.test(path) && !isCustomerServicePath(path)),
  );
  // Every periodic job, in one list.
  for (const job of periodicJobs()) jobs.add(job);
  // The storefront reaches the customer service over HTTP, by default on a loopback port of this process.
  if (customerBase) await gateway.listenLoopback(app, customerBase);
  await bus.start();
  jobs.start();
  readiness.ready = true;
  const close = async () => {
    metrics.close();
    await photos.stop();
    await jobs.stop();
    await bus.close();
    await gateway.close();
    await limits.close();
  };
  return { app, readiness, operations: ops, close, bus, jobs };
}
