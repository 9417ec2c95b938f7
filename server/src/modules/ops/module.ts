import type { DatabaseHandle } from '../../db/database.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import { Metrics, metricsRoutes } from './metrics.ts';
import { opsRoutes, type Readiness } from './routes.ts';
import { webVitalsRoutes } from './web-vitals.ts';

/**
 * Operations: health and readiness, the request metrics (whose middleware the app mounts first, so that every
 * answer is counted) and the web vitals of development servers. The app sets `readiness.ready` once started.
 */
export function opsModule(deps: {
  ops: OperationRegistry;
  database: DatabaseHandle;
  readinessTimeoutMs: number;
  metricsToken: string | undefined;
  development: boolean;
}): { readiness: Readiness; metrics: Metrics } {
  const { ops, database } = deps;
  const readiness: Readiness = { ready: false };
  const metrics = new Metrics(database.poolFigures);
  opsRoutes(ops, database, readiness, deps.readinessTimeoutMs);
  metricsRoutes(ops, metrics, deps.metricsToken);
  webVitalsRoutes(ops, deps.development);
  return { readiness, metrics };
}
