import type { MailTemplate } from './outbox.ts';
import { SERVER_TEXTS } from '../../locales/index.ts';
import { TEXT_LANGUAGES, type TextLanguage } from '../../shared/text-language.ts';

/** The name each brand signs its e-mails with. */
export const BRAND_NAMES = {
  ysl: 'Saint Laurent',
  amq: 'Alexander McQueen',
  bv: 'Bottega Veneta',
  bal: 'Balenciaga',
} as const satisfies Record<'ysl' | 'amq' | 'bv' | 'bal', string>;

export const MAIL_LANGUAGES = TEXT_LANGUAGES;
export type MailLanguage = TextLanguage;

export const MAIL_TEMPLATES = [
  'activation',
  'account-exists',
  'account-none',
  'welcome',
  'password-reset',
  'password-changed',
  'account-migration',
  'newsletter-confirm',
  'newsletter-welcome',
  'contact-ack',
  'store-reservation-ack',
  'store-appointment-ack',
  'order-confirmation',
  'order-shipped',
  'order-ready',
  'order-cancelled',
  'return-request',
  'return-lapsed',
] as const satisfies readonly MailTemplate[];

// Every template is listed above (the reverse of the `satisfies`): a new template fails to compile until added.
type Unlisted = Exclude<MailTemplate, (typeof MAIL_TEMPLATES)[number]>;
const allListed: [Unlisted] extends [never] ? true : never = true;
void allListed;

/**
 * The copy of one template. `{brand}` may appear anywhere; `{reference}` and `{subject}` in `contact-ack`.
 * Paragraphs are plain text: the renderer escapes them for HTML.
 */
export interface TemplateCopy {
  subject: string;
  heading: string;
  /** Paragraphs before the button. */
  body: string[];
  /** Paragraphs after the button. */
  after?: string[];
}
/** A template with one button (its label). */
export interface ActionCopy extends TemplateCopy {
  action: string;
}
/** A second, discreet link: a sentence then the link label. */
export interface SecondaryCopy {
  secondary: { text: string; label: string };
}

/**
 * The labels of the details block of order and return e-mails, plain words (`pair` puts a label before its
 * value). `card` carries `{cardBrand}` and `{last4}`. Dates are written by the web's `formatShopDay` / `formatShopDays`.
 */
export interface DetailsCopy {
  /** A label and its value on one line: `{label}\u202f: {value}` in French, `{label}：{value}` in Japanese. */
  pair: string;
  orderNumber: string;
  returnNumber: string;
  /** Heading of the line items. */
  items: string;
  color: string;
  size: string;
  /** The size of one-size products (`TU`). */
  oneSize: string;
  /** The replacement size of an exchange. */
  newSize: string;
  quantity: string;
  /** Heading of the delivery block. */
  delivery: string;
  address: string;
  store: string;
  method: string;
  methods: { ShipToAddress: string; ShipToStore: string; PickUpAtStore: string };
  kinds: { 'pickup in store': string; 'express delivery': string; 'standard delivery': string; 'next day': string };
  /** Label of the estimated delivery days of a parcel. */
  estimateDelivery: string;
  /** Label of the estimated collection days. */
  estimateCollection: string;
  carrier: string;
  trackingNumber: string;
  /** Label of the carrier's tracking link. */
  track: string;
  /** Heading of the payment block. */
  payment: string;
  card: string;
  cardOnly: string;
  expressPay: string;
  subtotal: string;
  shipping: string;
  /** A delivery that costs nothing. */
  free: string;
  /** The tax included in the prices (EU, JP). */
  taxIncluded: string;
  /** The tax added to the prices (US, CA). */
  taxAdded: string;
  discount: string;
  total: string;
  /** Heading of a return's amounts. */
  refund: string;
  refundItems: string;
  refundShipping: string;
  refundTotal: string;
}

/**
 * Everything one language says: the shape of `server/src/locales/<language>/mail.json`. `greeting` carries
 * `{firstName}`; `signOff` and `signature` may carry `{brand}`.
 */
export interface MailCopy {
  /** BCP 47 tag of the HTML document. */
  htmlLang: string;
  greeting: string;
  greetingDefault: string;
  signOff: string;
  signature: string;
  /** Above the plain address of the button's link, for mail clients that do not show the button. */
  fallbackLink: string;
  /** The footer: the e-mail is automatic. */
  automatic: string;
  /** The labels of an order's or a return's details (line items, delivery, payment, amounts). */
  details: DetailsCopy;
  templates: {
    activation: ActionCopy;
    'account-exists': ActionCopy & SecondaryCopy;
    'account-none': ActionCopy;
    welcome: ActionCopy;
    'password-reset': ActionCopy;
    'password-changed': ActionCopy;
    'account-migration': ActionCopy;
    'newsletter-confirm': ActionCopy;
    'newsletter-welcome': TemplateCopy & SecondaryCopy;
    'contact-ack': TemplateCopy;
    'store-reservation-ack': ActionCopy;
    'store-appointment-ack': ActionCopy;
    'order-confirmation': ActionCopy;
    'order-shipped': ActionCopy;
    'order-ready': ActionCopy;
    'order-cancelled': ActionCopy;
    'return-request': ActionCopy;
    'return-lapsed': ActionCopy;
  };
}

/** The e-mails' texts of a language: server/src/locales/<language>/mail.json (its English type must be a `MailCopy`). */
const mailCopyIn = (language: MailLanguage): MailCopy => SERVER_TEXTS[language].mail;
export const MAIL_COPY: Readonly<Record<MailLanguage, MailCopy>> = Object.fromEntries(
  MAIL_LANGUAGES.map((l) => [l, mailCopyIn(l)]),
) as Record<MailLanguage, MailCopy>;
