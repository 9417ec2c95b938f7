export { opsRoutes } from './routes.ts';
export type { Readiness } from './routes.ts';
export { Metrics, metricsRoutes, operationOf, LATENCY_BUCKETS } from './metrics.ts';
export type { PoolFigures } from './metrics.ts';
export { webVitalsRoutes } from './web-vitals.ts';
export { startingHandler } from './starting.ts';
