export { opsRoutes } from './routes.ts';
export type { Readiness } from './routes.ts';
