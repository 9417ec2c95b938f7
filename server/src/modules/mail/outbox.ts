import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Schemas } from '../../shared/http.ts';

/**
 * One line of an order or a return as an e-mail shows it. Amounts are numbers in major units of the
 * summary's currency: the template writes them as the market does.
 */
export interface MailLine {
  name: string;
  color: string;
  /** Size code; `TU` for one-size products. */
  size: string;
  /** The replacement size of an exchange. */
  newSize?: string | null;
  quantity: number;
  /** What the line costs (or refunds): unit price × quantity. */
  amount: number;
  /** Absolute URL of the product's picture. */
  imageUrl: string;
  imageAlt: string;
  /** Absolute URL of the product page. */
  url?: string | null;
}

/** What an order e-mail shows of an order: its lines, its delivery, its payment and its amounts. */
export interface MailOrder {
  /** ISO 4217 code of every amount. */
  currency: string;
  /** Whether the prices include tax (EU, JP) or tax was added (US, CA). */
  taxIncluded: boolean;
  lines: MailLine[];
  delivery: {
    method: 'ShipToAddress' | 'ShipToStore' | 'PickUpAtStore';
    kind?: Schemas['DeliveryKind'] | null;
    /** The delivery address as printed in its country (name first), country name in the e-mail's language. */
    address?: string[] | null;
    /** The collection boutique's name (ShipToStore, PickUpAtStore). */
    store?: string | null;
    /** Estimated delivery or collection days (`YYYY-MM-DD`). */
    estimate?: { from: string; to: string } | null;
    carrier?: string | null;
    trackingNumber?: string | null;
    /** Absolute URL of the carrier's tracking page. */
    trackingUrl?: string | null;
  };
  payment?: { method: Schemas['PaymentMethod']; cardBrand?: string | null; cardLast4?: string | null } | null;
  totals: { subtotal: number; shipping: number; tax: number; discount: number; total: number };
}

/** What a return e-mail shows of a request: its lines and the refund. */
export interface MailReturn {
  currency: string;
  flow: Schemas['ReturnFlowType'];
  lines: MailLine[];
  refund: { items: number; tax: number; shipping: number; total: number };
  payment?: MailOrder['payment'];
}

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
  'store-reservation-ack': {
    reference: string;
    storeName: string;
    productName: string;
    size: string;
    storeUrl: string;
    firstName?: string;
  };
  /** Boutique appointment request acknowledgement: `reference`, `storeName`, `when` (date and time, written out), `storeUrl`, `firstName?`. */
  'store-appointment-ack': { reference: string; storeName: string; when: string; storeUrl: string; firstName?: string };
  /** An order is paid: `reference` (order number), `order` (its lines, delivery, payment and amounts), `orderUrl`, `firstName?`. */
  'order-confirmation': { reference: string; order: MailOrder; orderUrl: string; firstName?: string };
  /** An order's parcel left the warehouse: `reference`, `order` (with the carrier and tracking number in `delivery`), `orderUrl`, `firstName?`. */
  'order-shipped': { reference: string; order: MailOrder; orderUrl: string; firstName?: string };
  /** An order to collect is ready in its boutique: `reference`, `order`, `orderUrl`, `firstName?`. */
  'order-ready': { reference: string; order: MailOrder; orderUrl: string; firstName?: string };
  /** An order was cancelled by its customer: `reference`, `order`, `orderUrl`, `firstName?`. */
  'order-cancelled': { reference: string; order: MailOrder; orderUrl: string; firstName?: string };
  /** Return or exchange request registered: `reference` (RMA number), `orderNumber`, `request` (its lines and refund), `handover` and `outcome` (instruction sentences), `detailsUrl`, `firstName?`. */
  'return-request': {
    reference: string;
    orderNumber: string;
    request: MailReturn;
    handover: string;
    outcome: string;
    detailsUrl: string;
    firstName?: string;
  };
  /** A request whose items never reached us lapsed: `reference` (RMA number), `orderNumber`, `items`, `outcome` (what became of the reserved size or the refund) and `next` (whether a new request is possible, until when), `orderUrl`, `firstName?`. */
  'return-lapsed': {
    reference: string;
    orderNumber: string;
    items: string;
    outcome: string;
    next: string;
    orderUrl: string;
    firstName?: string;
  };
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
    .values({
      recipient: mail.to.toLowerCase(),
      template: mail.template,
      locale: mail.locale,
      data: JSON.stringify(mail.data) as never,
    })
    .execute();
}
