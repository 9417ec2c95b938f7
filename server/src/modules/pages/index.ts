export { PageDataService } from './service.ts';
export { pageDataRoutes } from './routes.ts';
export { contactChannels } from './contact-channels.ts';
