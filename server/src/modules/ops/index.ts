export type { Readiness } from './routes.ts';
export { operationOf, LATENCY_BUCKETS } from './metrics.ts';
export type { PoolFigures } from './metrics.ts';
export { startingHandler } from './starting.ts';
export { opsModule } from './module.ts';
