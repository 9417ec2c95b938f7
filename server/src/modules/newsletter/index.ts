export { NewsletterService } from './service.ts';
export { NewsletterPages } from './pages.ts';
export { newsletterModule } from './module.ts';
