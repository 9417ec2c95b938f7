// The server's entry. WEB_CONCURRENCY > 1 (PostgreSQL only): this process becomes the primary of a cluster and
// forks the workers, each of which runs this file again and serves (docs/scaling.md). Otherwise it serves.
import cluster from 'node:cluster';
import { loadConfig } from './shared/config.ts';
import { createLogger } from './shared/logger.ts';
import { runPrimary } from './shared/cluster.ts';

const config = loadConfig();
const base = createLogger(config.logLevel);
// A worker's lines say which worker wrote them.
const logger = cluster.isWorker && cluster.worker ? base.child({ worker: cluster.worker.id }) : base;

if (cluster.isPrimary && config.webConcurrencyRefused) {
  logger.warn(
    { webConcurrency: config.webConcurrencyRefused },
    `WEB_CONCURRENCY=${config.webConcurrencyRefused} refused: the embedded PGlite database can be opened by one process only; running 1 process (set DATABASE_URL to a PostgreSQL to run several)`,
  );
}

if (cluster.isPrimary && config.webConcurrency > 1) {
  await runPrimary({
    workers: config.webConcurrency,
    port: config.port,
    host: config.host,
    logger,
    graceMs: config.shutdownGraceMs,
  });
} else {
  const { serve } = await import('./serve.ts');
  await serve(config, logger);
}
