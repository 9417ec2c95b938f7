export { NewsletterService, NEWSLETTER_LIMITS, MAIL_QUIET_MS, type NewsletterOptions, type SubscriptionRequest } from './service.ts';
export { newsletterRoutes, toSubscriptionRequest, toStorefrontError } from './routes.ts';
