export { PageDataService } from './service.ts';
export { pageDataRoutes } from './routes.ts';
