export {
  NewsletterService,
  NEWSLETTER_LIMITS,
  MAIL_QUIET_MS,
  CONFIRM_LINK_MS,
  type ConfirmationStatus,
  type NewsletterOptions,
  type SubscriptionRequest,
} from './service.ts';
export { toSubscriptionRequest, toStorefrontError } from './routes.ts';
export { NewsletterPages, confirmPageTitle } from './pages.ts';
export { newsletterModule } from './module.ts';
