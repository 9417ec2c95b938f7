// One serving process: the whole storefront (alone, or as one worker of a cluster: see main.ts).
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import type { Logger } from 'pino';
import { gracefulShutdown, type CloseStep } from './shared/graceful-shutdown.ts';
import type { Config } from './shared/config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { createApp } from './app.ts';
import { clientErrorHandler } from './shared/client-error.ts';
import { untilDatabaseAnswers } from './db/availability.ts';
import { startingHandler } from './modules/ops/index.ts';
import { createMailWorker } from './modules/mail/index.ts';
import { DEMO_CLIENT, seedDemoClient } from './modules/orders/index.ts';
import { DEMO_LEGACY_EMAIL, seedLegacyAccounts } from './modules/accounts/index.ts';
import { maintenanceDone, reportMaintained, reportReady, takeConnections, workerRole } from './shared/cluster.ts';

export async function serve(config: Config, logger: Logger): Promise<void> {
  // In a cluster, one worker migrates and seeds; the others wait for it (a replacement worker skips it).
  const role = workerRole();
  const maintenanceElsewhere = role === 'wait' ? maintenanceDone() : role === 'skip' ? Promise.resolve() : undefined;

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    ...(config.databasePoolSize ? { poolSize: config.databasePoolSize } : {}),
    timeouts: config.databaseTimeouts,
    // A dropped connection (restart, failover, terminated backend) is replaced on the next query: one line, no exit.
    onConnectionError: (err) =>
      logger.warn(
        { code: 'ERR_API_1003', reason: err.message },
        'database connection lost; it is replaced on next use',
      ),
  });

  // Listening from the first moment: until the database answers and the app is built, the liveness probe
  // answers 200 and everything else 503 ERR_API_1003 (readiness included), so nothing waits on a dead database.
  const starting = startingHandler();
  const server = createServer(starting);
  // An idle kept-alive connection is closed by the proxy in front, not by this server (KEEP_ALIVE_TIMEOUT_MS).
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  server.headersTimeout = config.keepAliveTimeoutMs + 1_000;
  // A request line and headers over 16 KB (431 ERR_API_1038), or not valid HTTP (400): a problem body, not an empty answer.
  server.on('clientError', clientErrorHandler(logger));

  // SIGTERM / SIGINT: readiness 503, the requests in progress answered (with `Connection: close`), then the
  // workers and the database closed; exit 0 within SHUTDOWN_GRACE_MS, 1 past it (docs/operations.md#shutdown).
  // Installed before the first connection is accepted (it tracks them all), so a signal while the database is
  // still awaited stops cleanly too; the app's readiness and close steps join once it is built.
  let built: { readiness: { ready: boolean } } | undefined = undefined;
  const readiness = {
    get ready() {
      return built?.readiness.ready ?? false;
    },
    set ready(value: boolean) {
      if (built) built.readiness.ready = value;
    },
  };
  const steps: CloseStep[] = [{ name: 'database', close: () => database.close() }];
  const shutdown = gracefulShutdown({ server, readiness, logger, graceMs: config.shutdownGraceMs, steps });
  let stopping = false;
  const stop = (signal: string) => {
    stopping = true;
    void shutdown(signal);
  };
  if (cluster.isWorker) {
    // A cluster's worker: the primary accepts the connections and hands them over; it also decides when to stop
    // (a signal to the whole process group — Ctrl-C, systemd — reaches the primary too), and a worker whose
    // primary is gone (killed) stops by itself. The worker's own listener, on a loopback port nobody is told
    // of, only gives its HTTP server the timeouts of a listening one.
    takeConnections(
      (socket) => server.emit('connection', socket),
      (signal) => stopping || stop(signal),
    );
    process.on('SIGTERM', () => logger.info({ signal: 'SIGTERM' }, 'signal left to the primary'));
    process.on('SIGINT', () => logger.info({ signal: 'SIGINT' }, 'signal left to the primary'));
    process.on('disconnect', () => stopping || stop('primary gone'));
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true });
  } else {
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    server.listen(config.port, config.host);
  }

  /** Migrations and seeding (free of the request timeouts, one instance at a time), then the app. */
  async function build() {
    let seeded = { seededCatalog: false };
    let maintained = false;
    if (maintenanceElsewhere) await maintenanceElsewhere;
    else {
      seeded = await database.maintenance(async (db) => {
        await migrateToLatest(db);
        const result = await seed(db, { brand: config.brand, products: config.catalogProducts });
        if (config.demoClient) {
          const boutique = await db
            .selectFrom('stores')
            .select('id')
            .where('brand', '=', config.brand)
            .where('country', '=', 'FR')
            .orderBy('id')
            .executeTakeFirst();
          if (await seedDemoClient(db, config.brand, boutique?.id))
            logger.warn(`demo client ${DEMO_CLIENT.email} created with its order history`);
          const former = await seedLegacyAccounts(db);
          if (former)
            logger.warn(`${former} accounts of the former site written (try the migration with ${DEMO_LEGACY_EMAIL})`);
        }
        return result;
      });
      maintained = true;
      reportMaintained();
    }
    return { seeded, maintained, ...(await createApp({ config, database, logger })) };
  }

  // A database that does not answer yet (PostgreSQL starting, a partition) is waited for, with backoff.
  const {
    seeded,
    maintained,
    app,
    readiness: appReadiness,
    close: closeApp,
    bus,
    readyAnswers,
  } = await untilDatabaseAnswers(build, logger);
  built = { readiness: appReadiness };
  // This start published the content and replaced the reference data (and maybe seeded a catalogue): the
  // instances already serving empty their caches.
  if (maintained) {
    await bus
      .invalidate({ caches: bus.names(), reason: 'content published and reference data replaced at start' })
      .catch((err: unknown) =>
        logger.warn(
          { code: 'ERR_API_1003', reason: (err as Error).message },
          'the other instances were not told of this start',
        ),
      );
  }

  // Sends the queued e-mails (SMTP when SMTP_URL is set, otherwise they stay readable in /dev/mailbox).
  // Every instance polls; each e-mail is claimed by one (FOR UPDATE SKIP LOCKED, then a lease).
  const mailWorker = createMailWorker({ db: database.db, config, logger });
  mailWorker.start(5_000);

  // The workers close before the database, in this order.
  steps.unshift(
    { name: 'mail worker', close: () => mailWorker.stop() },
    { name: 'background tasks and the customer service loopback', close: closeApp },
  );
  server.off('request', starting);
  // A public cached answer the full path has prepared is answered again before the Express stack
  // (shared/ready-answers.ts, READY_ANSWERS); anything else, or nothing kept, takes the full path.
  server.on('request', readyAnswers.enabled ? (req, res) => readyAnswers.answer(req, res) || app(req, res) : app);
  const where = config.databaseUrl
    ? `PostgreSQL (${config.databasePoolSize} connections)`
    : `embedded PGlite (${config.pgliteDir})`;
  const line = `Storefront ready at http://localhost:${config.port} — ${config.brand}, ${where}${seeded.seededCatalog ? ', demo catalogue seeded' : ''}. API portal: /docs`;
  // Printed, not logged: the default production log level (warn) would hide where to go. A cluster's primary prints it once for all.
  if (!reportReady(line)) console.log(line);
}
