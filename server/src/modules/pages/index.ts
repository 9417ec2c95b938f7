export { PageDataService } from './service.ts';
export { contactChannels } from './contact-channels.ts';
export { pagesModule } from './module.ts';
