import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Every e-mail the storefront sends. The `data` of each is listed beside it; links are absolute URLs
 * built by the caller (the templates never build URLs).
 */
export interface MailTemplates {
  /** Registration or "send the activation e-mail again": `activationUrl`, `firstName?`. */
  activation: { activationUrl: string; firstName?: string };
  /** Someone registered with an address that already has an account: `signInUrl`, `resetUrl`. */
  'account-exists': { signInUrl: string; resetUrl: string; firstName?: string };
  /** Status check of an address without an account: `signUpUrl`. */
  'account-none': { signUpUrl: string };
  /** The account is active (activation confirmed): `signInUrl`. */
  welcome: { signInUrl: string; firstName?: string };
  /** Password recovery: `resetUrl` (valid 60 minutes). */
  'password-reset': { resetUrl: string; firstName?: string };
  /** A former site's account was migrated: `setPasswordUrl` (the reset-password page, valid 7 days). */
  'account-migration': { setPasswordUrl: string; firstName?: string };
  /** The password was changed or reset: `resetUrl` (if it was not the customer). */
  'password-changed': { resetUrl: string; firstName?: string };
  /** Double opt-in newsletter markets: `confirmUrl`. */
  'newsletter-confirm': { confirmUrl: string };
  /** Newsletter subscription done: `unsubscribeUrl?`. */
  'newsletter-welcome': { unsubscribeUrl?: string };
  /** Contact form acknowledgement: `reference`, `subject`, `firstName?`. */
  'contact-ack': { reference: string; subject: string; firstName?: string };
  /** Reserve in store acknowledgement: `reference`, `storeName`, `productName`, `size` (a phrase: "size 38"), `storeUrl`, `firstName?`. */
  'store-reservation-ack': { reference: string; storeName: string; productName: string; size: string; storeUrl: string; firstName?: string };
  /** Boutique appointment request acknowledgement: `reference`, `storeName`, `when` (date and time, written out), `storeUrl`, `firstName?`. */
  'store-appointment-ack': { reference: string; storeName: string; when: string; storeUrl: string; firstName?: string };
  /** An order is paid: `reference` (order number), `items` (one line per article), `total`, `delivery` (a sentence), `orderUrl`. */
  'order-confirmation': { reference: string; items: string; total: string; delivery: string; orderUrl: string; firstName?: string };
  /** An order was cancelled by its customer: `reference`, `total`, `orderUrl`. */
  'order-cancelled': { reference: string; total: string; orderUrl: string; firstName?: string };
  /** Return or exchange request registered: `reference` (RMA number), `orderNumber`, `items` (a line each: name (size → new size) × quantity), `handover` and `outcome` (instruction sentences), `detailsUrl`, `firstName?`. */
  'return-request': { reference: string; orderNumber: string; items: string; handover: string; outcome: string; detailsUrl: string; firstName?: string };
  /** A request whose items never reached us lapsed: `reference` (RMA number), `orderNumber`, `items`, `outcome` (what became of the reserved size or the refund) and `next` (whether a new request is possible, until when), `orderUrl`, `firstName?`. */
  'return-lapsed': { reference: string; orderNumber: string; items: string; outcome: string; next: string; orderUrl: string; firstName?: string };
}
export type MailTemplate = keyof MailTemplates;

export interface MailRequest<T extends MailTemplate = MailTemplate> {
  to: string;
  template: T;
  /** Market locale (`fr-fr`); the language of the e-mail follows it, English as the fallback. */
  locale: string;
  data: MailTemplates[T];
}

/**
 * Queues an e-mail in the caller's transaction (or on the database handle): it is sent only if the change
 * it reports commits, and sending never delays or fails the request (the worker retries).
 */
export async function enqueueMail<T extends MailTemplate>(db: Kysely<Database>, mail: MailRequest<T>): Promise<void> {
  await db
    .insertInto('email_outbox')
    .values({ recipient: mail.to.toLowerCase(), template: mail.template, locale: mail.locale, data: JSON.stringify(mail.data) as never })
    .execute();
}
