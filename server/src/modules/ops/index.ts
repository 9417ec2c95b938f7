export { startingHandler } from './starting.ts';
export { opsModule } from './module.ts';
