export { startingHandler } from './starting.ts';
export { opsModule } from './module.ts';
export { operationOf } from './metrics.ts';
