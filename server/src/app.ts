import express, { type Express } from 'express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
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
import { marketsModule } from './modules/markets/index.ts';
import { catalogModule } from './modules/catalog/index.ts';
import { SessionService } from './modules/sessions/index.ts';
import {
  accountsModule,
  CustomerServiceGateway,
  signInCallbackHeaders,
  signInCallbackRefusalPage,
} from './modules/accounts/index.ts';
import { RateLimiter, RedisCounters } from './shared/rate-limit.ts';
import { registrationModule } from './modules/registration/index.ts';
import { newsletterModule } from './modules/newsletter/index.ts';
import { contactModule } from './modules/contact/index.ts';
import { RecaptchaVerifier } from './shared/recaptcha.ts';
import { storesModule } from './modules/stores/index.ts';
import { checkoutModule } from './modules/checkout/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { returnsModule } from './modules/returns/index.ts';
import { TestPaymentProvider } from './modules/payments/index.ts';
import { basketModule } from './modules/basket/index.ts';
import { pagesModule } from './modules/pages/index.ts';
import { CollectionService } from './modules/collections/index.ts';
import { searchModule } from './modules/search/index.ts';
import { productsModule } from './modules/products/index.ts';
import { contentModule } from './modules/content/index.ts';
import { mediaModule } from './modules/media/index.ts';
import { operationOf, opsModule } from './modules/ops/index.ts';
import { robotsTxt, seoModule } from './modules/seo/index.ts';
import { translationsModule } from './modules/translations/index.ts';
import { OperationRegistry } from './shared/operations.ts';
import { mountSsr } from './ssr/host.ts';
import { InvalidationBus } from './shared/invalidation-bus.ts';
import { invalidationTransport } from './db/notifications.ts';
import { securityHeaders } from './shared/csp.ts';
import { ReadyAnswers } from './shared/ready-answers.ts';
import { JobScheduler, instanceName } from './db/jobs.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Serve pages (SSR). API tests leave it off; they need no web build. */
  pages?: boolean;
}

export async function createApp({ config, database, logger, pages = true }: AppOptions) {
  const { db } = database;
  const { brand, publicOrigin, cacheTtlMs, recaptchaSiteKey } = config;
  for (const w of config.warnings) logger.warn({ code: w.code }, w.message);
  if (config.env === 'production' && config.mailbox)
    logger.warn('MAILBOX=true: every e-mail, with its links, is readable at /dev/mailbox. Demo use only.');
  const contract = loadContract();
  // The customer service API: its own contract and base path, served by the same process.
  const customerContract = existsSync(CUSTOMER_SERVICE_CONTRACT_PATH)
    ? loadContract(CUSTOMER_SERVICE_CONTRACT_PATH)
    : undefined;
  // Content-Type bounding, query shapes, both contract validators, text the database cannot store
  // (shared/request-checks.ts; the mock front of `npm run mock` mounts the same checks).
  const checks = contractChecks({ contract, customerContract, validateResponses: config.validateResponses });
  const { codesByLocation, customerBase, isCustomerServicePath } = checks;
  // The request logging of every answer (request id, X-Request-Id, one line at `info`), the full path's and the
  // ready answers'.
  const logging = requestLogging(logger, {
    genReqId: requestIdOf,
    ignore: (req) => /^\/(assets|media)\//.test(req.url ?? '') || (req.url ?? '').startsWith('/dev/mailbox'),
  });
  // Cached public answers answered again before the Express stack (serve.ts; shared/ready-answers.ts).
  const readyAnswers = new ReadyAnswers({
    enabled: config.readyAnswers,
    // The readiness and the metrics are the ops module's, built below (asked per request, after the start).
    ready: () => readiness.ready,
    logging,
    label: operationOf,
    observe: (operation, method, status, seconds) => metrics.observe(operation, method, status, seconds),
  });
  // The operations answered through `ready()` are sent prepared and kept there.
  const ops = new OperationRegistry(
    [
      { base: '', document: contract },
      ...(customerContract && customerBase ? [{ base: customerBase, document: customerContract }] : []),
    ],
    { validateResponses: config.validateResponses, readyAnswers },
  );

  // What the modules share. Every cache-emptying event (a bust, a content publication, a catalogue change) goes
  // through the bus, to every instance; each module registers its caches on it by the names a bust uses.
  const bus = new InvalidationBus(invalidationTransport(config, database, logger), logger);
  const sessions = new SessionService(db, config.secureCookies);
  const recaptcha = new RecaptchaVerifier({
    mode: config.recaptchaVerifier,
    ...(config.recaptchaSecret ? { secret: config.recaptchaSecret } : {}),
  });
  const limits = new RateLimiter(config.redisUrl ? new RedisCounters(config.redisUrl) : db);
  // The storefront's client of the customer service (by default on a loopback port of this process).
  const gateway = new CustomerServiceGateway(sessions, config.customerServiceUrl);
  // Orders and checkout: the built-in test payment provider until a provider adapter is configured.
  const provider = new TestPaymentProvider();
  const common = {
    ops,
    db,
    brand,
    publicOrigin,
    cacheTtlMs,
    recaptchaSiteKey,
    bus,
    logger,
    sessions,
    recaptcha,
    limits,
  };

  // The modules, each building its services and registering its routes, in the order of what they need.
  const { readiness, metrics } = opsModule({
    ops,
    database,
    readinessTimeoutMs: config.readinessTimeoutMs,
    metricsToken: config.metricsToken,
    development: config.env === 'development',
  });
  // The sitemaps list the markets: a reload of the markets empties them.
  const { markets } = await marketsModule({ ...common, onReload: () => sitemaps.bust() });
  const media = await mediaModule({ ...common, mediaDir: config.mediaDir });
  const { catalog, jobs: catalogJobs } = await catalogModule({
    ...common,
    markets,
    photos: media.photoOf,
    // A calendar's filters are content's, which is built on the catalogue: asked per request, after the start.
    calendars: (market, slug, selection) => calendars(market, slug, selection),
    freshForMs: config.catalogueFreshMs,
  });
  const { content, calendars } = contentModule({ ...common, catalog, markets, cacheBustToken: config.cacheBustToken });
  const collections = new CollectionService(db, catalog);
  const { search } = await searchModule({
    ...common,
    catalog,
    markets,
    minChars: config.searchMinChars,
    freshForMs: config.catalogueFreshMs,
  });
  const { productData } = productsModule({ ...common, catalog, markets });
  const sources = { ...common, catalog, markets, content, collections, search, productData };
  const { pageData } = pagesModule({ ...sources, readyAnswers });
  const withPages = { ...sources, shells: pageData, gateway };
  const pageSources = { pages: pageData, content, markets, publicOrigin, recaptchaSiteKey, cacheTtlMs };
  const { basket } = basketModule(withPages);
  const { registration } = registrationModule(withPages);
  const accounts = accountsModule({ ...withPages, registration, config });
  newsletterModule({ ...withPages, registration });
  contactModule({ ...withPages, sources: pageSources });
  const stores = storesModule({ ...withPages, sources: pageSources });
  const orders = ordersModule({
    ...withPages,
    basket,
    // Against the construction order (decision 0189): the checkout is built on the orders' e-mails.
    checkoutOptions: (session, market) => checkoutService.options(session, market),
    provider,
    stores: stores.stores,
    fulfilmentStepSeconds: config.fulfilmentStepSeconds,
  });
  const returns = returnsModule({ ...withPages, orders: orders.orders, stores: stores.stores });
  const { addresses } = accounts;
  const checkout = { brand, basket, stores: stores.stores, addresses, provider, onPaid: orders.mails.paid };
  const { checkout: checkoutService } = checkoutModule({ ...withPages, checkout });
  const { sitemaps } = seoModule(sources);
  await translationsModule({ ops, logger });
  /** The periodic jobs of every module (each runs once per period across the instances: docs/scaling.md#jobs). */
  const periodicJobs = [
    { name: 'rate-limit pruning', periodMs: 3_600_000, run: () => limits.prune() },
    ...orders.jobs,
    ...catalogJobs,
    ...returns.jobs,
  ];

  const app: Express = express();
  readyAnswers.serveFor(app);
  app.disable('x-powered-by');
  app.set('trust proxy', [...config.trustProxy]);
  // Express 5's simple parser mangles `key[sub]` and `a[]=` queries; the contract uses them.
  app.set('query parser', 'extended');
  // Request counts and latency by operation (GET /internal/metrics): first, so that every answer is counted.
  app.use(metrics.middleware());

  app.use(logging);
  // The content security policy and HSTS (shared/csp.ts).
  app.use(securityHeaders(config));
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

  app.use(ops.router);
  // Described in the contract, not implemented yet: 501 ERR_API_1036.
  app.use(ops.notImplemented());

  if (pages)
    await mountSsr(app, {
      config,
      pages: pageData,
      markets,
      logger,
      ops,
      readyAnswers,
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
  // Periodic jobs: each runs once per period across the instances (a lease in job_leases), its items claimed row by row.
  const jobs = new JobScheduler(db, logger, {
    holder: instanceName(),
    ...(config.jobPeriodMs ? { periodMs: config.jobPeriodMs } : {}),
  });
  for (const job of periodicJobs) jobs.add(job);
  // The storefront reaches the customer service over HTTP, by default on a loopback port of this process.
  if (customerBase) await gateway.listenLoopback(app, customerBase);
  await bus.start();
  jobs.start();
  readiness.ready = true;
  const close = async () => {
    metrics.close();
    await media.close();
    await jobs.stop();
    await bus.close();
    await gateway.close();
    await limits.close();
  };
  return { app, readiness, operations: ops, close, bus, jobs, readyAnswers };
}
