export { NewsletterService } from './service.ts';
export { newsletterModule } from './module.ts';
