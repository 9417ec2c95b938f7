import type { MailLine, MailOrder, MailReturn, MailTemplate, MailTemplates } from './outbox.ts';
import { SERVER_TEXTS } from '../../locales/index.ts';
import { escapeHtml } from '../../shared/html.ts';
import { formatPrice } from '../../../../reference/markets/format.ts';
import { formatShopDays } from '../../../../reference/markets/shop-day.ts';
import { TEXT_LANGUAGES, textLanguageOf, type TextLanguage } from '../../shared/text-language.ts';

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

type StringKeys<T> = { [K in keyof T]-?: NonNullable<T[K]> extends string ? K : never }[keyof T] & string;

/** Which data field is the button's link, which the secondary link's, and which fields must be present. */
interface TemplateShape<T extends MailTemplate> {
  action?: StringKeys<MailTemplates[T]>;
  secondary?: StringKeys<MailTemplates[T]>;
  /** Data fields the copy may name as `{placeholders}` (besides `{brand}`, `{reference}`, `{subject}`). */
  values?: StringKeys<MailTemplates[T]>[];
  /** The e-mail shows an order's details (`data.order`) or a return's (`data.request`). */
  details?: 'order' | 'return';
  required: StringKeys<MailTemplates[T]>[];
}
const SHAPES: { [T in MailTemplate]: TemplateShape<T> } = {
  activation: { action: 'activationUrl', required: ['activationUrl'] },
  'account-exists': { action: 'signInUrl', secondary: 'resetUrl', required: ['signInUrl', 'resetUrl'] },
  'account-none': { action: 'signUpUrl', required: ['signUpUrl'] },
  welcome: { action: 'signInUrl', required: ['signInUrl'] },
  'password-reset': { action: 'resetUrl', required: ['resetUrl'] },
  'password-changed': { action: 'resetUrl', required: ['resetUrl'] },
  'account-migration': { action: 'setPasswordUrl', required: ['setPasswordUrl'] },
  'newsletter-confirm': { action: 'confirmUrl', required: ['confirmUrl'] },
  'newsletter-welcome': { secondary: 'unsubscribeUrl', required: [] },
  'contact-ack': { required: ['reference', 'subject'] },
  'store-reservation-ack': {
    action: 'storeUrl',
    values: ['storeName', 'productName', 'size'],
    required: ['reference', 'storeName', 'productName', 'size', 'storeUrl'],
  },
  'store-appointment-ack': {
    action: 'storeUrl',
    values: ['storeName', 'when'],
    required: ['reference', 'storeName', 'when', 'storeUrl'],
  },
  'order-confirmation': { action: 'orderUrl', details: 'order', required: ['reference', 'orderUrl'] },
  'order-shipped': { action: 'orderUrl', details: 'order', required: ['reference', 'orderUrl'] },
  'order-ready': { action: 'orderUrl', details: 'order', required: ['reference', 'orderUrl'] },
  'order-cancelled': { action: 'orderUrl', details: 'order', required: ['reference', 'orderUrl'] },
  'return-request': {
    action: 'detailsUrl',
    details: 'return',
    values: ['orderNumber', 'handover', 'outcome'],
    required: ['reference', 'orderNumber', 'handover', 'outcome', 'detailsUrl'],
  },
  'return-lapsed': {
    action: 'orderUrl',
    values: ['orderNumber', 'items', 'outcome', 'next'],
    required: ['reference', 'orderNumber', 'items', 'outcome', 'next', 'orderUrl'],
  },
};

/** An outbox row that cannot become an e-mail (unknown template, missing or unsafe data): retrying will not help. */
export class MailRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailRenderError';
  }
}

export interface RenderOptions {
  /** Market locale of the e-mail (`fr-fr`); its language is chosen by `mailLanguageOf`. */
  locale: string;
  /** The brand name shown and signed with, e.g. "Saint Laurent" (see `BRAND_NAMES`). */
  brandName: string;
}

export interface RenderedMail {
  language: MailLanguage;
  subject: string;
  text: string;
  html: string;
  /** The links of the e-mail, the button's first. */
  links: string[];
  /** The unsubscribe link of newsletter e-mails (sent as the `List-Unsubscribe` header). */
  listUnsubscribe?: string;
}

/**
 * The language of an e-mail from the market locale: `fr-fr` → fr, `pt-br` → pt, `zh-tw`/`zh-hk`/`zh-mo`
 * (or an explicit `zh-hant`) → zh-hant, other `zh-*` → zh; an unknown language → en.
 */
export const mailLanguageOf = textLanguageOf;

export function isMailTemplate(value: string): value is MailTemplate {
  return (MAIL_TEMPLATES as readonly string[]).includes(value);
}

export { escapeHtml };

/** Fills `{name}` placeholders; a placeholder without a value is a programming error, never sent as is. */
function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new MailRenderError(`The copy names an unknown value {${name}}.`);
    return value;
  });
}

/** Only absolute http(s) links are ever put in an e-mail. */
function safeUrl(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new MailRenderError(`${field} is not an absolute URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new MailRenderError(`${field} is not an http(s) URL.`);
  return url.href;
}

/** A single line: no line breaks (they would end a header), no surrounding spaces. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}

function checkData(template: MailTemplate, data: unknown): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new MailRenderError(`The data of ${template} is not an object.`);
  const record = data as Record<string, unknown>;
  for (const field of SHAPES[template].required as string[]) {
    const v = record[field];
    if (typeof v !== 'string' || v.trim() === '') throw new MailRenderError(`${template} needs ${field}.`);
  }
  return record;
}

// ---------------------------------------------------------------------------------------------
// Order and return details: the data comes from the outbox (JSON), so every field is checked here.

const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
const textOf = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? oneLine(v) : undefined);
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function need<V>(value: V | undefined | null | false, template: string, field: string): V {
  if (value === undefined || value === null || value === false)
    throw new MailRenderError(`${template} needs ${field}.`);
  return value;
}
function amountOf(v: unknown, template: string, field: string): number {
  return need(typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined, template, `${field} (an amount)`);
}

/** A line checked and reduced to what is shown. */
interface Line {
  name: string;
  color?: string;
  size: string;
  newSize?: string;
  quantity: number;
  amount: number;
  imageUrl: string;
  imageAlt: string;
  url?: string;
}
interface OrderDetails {
  kind: 'order';
  currency: string;
  taxIncluded: boolean;
  lines: Line[];
  delivery: {
    method: MailOrder['delivery']['method'];
    kind?: NonNullable<MailOrder['delivery']['kind']>;
    address: string[];
    store?: string;
    estimate?: { from: string; to: string };
    carrier?: string;
    trackingNumber?: string;
    trackingUrl?: string;
  };
  payment?: { method: 'card' | 'expressPay'; cardBrand?: string; cardLast4?: string };
  totals: MailOrder['totals'];
}
interface ReturnDetails {
  kind: 'return';
  currency: string;
  flow: MailReturn['flow'];
  lines: Line[];
  refund: MailReturn['refund'];
  payment?: OrderDetails['payment'];
}

function checkLines(template: string, raw: unknown, field: string): Line[] {
  const list = need(Array.isArray(raw) && raw.length > 0 ? (raw as unknown[]) : undefined, template, `${field}.lines`);
  return list.map((item, i) => {
    const at = `${field}.lines[${i}]`;
    const l = need(isRecord(item) ? (item as Partial<Record<keyof MailLine, unknown>>) : undefined, template, at);
    const quantity = need(
      typeof l.quantity === 'number' && Number.isInteger(l.quantity) && l.quantity > 0 ? l.quantity : undefined,
      template,
      `${at}.quantity`,
    );
    const line: Line = {
      name: need(textOf(l.name), template, `${at}.name`),
      size: textOf(l.size) ?? 'TU',
      quantity,
      amount: amountOf(l.amount, template, `${at}.amount`),
      imageUrl: safeUrl(need(textOf(l.imageUrl), template, `${at}.imageUrl`), `${at}.imageUrl`),
      imageAlt: textOf(l.imageAlt) ?? textOf(l.name)!,
    };
    const color = textOf(l.color);
    const newSize = textOf(l.newSize);
    const url = textOf(l.url);
    if (color !== undefined) line.color = color;
    if (newSize !== undefined) line.newSize = newSize;
    if (url !== undefined) line.url = safeUrl(url, `${at}.url`);
    return line;
  });
}

function checkCurrency(template: string, raw: unknown, field: string): string {
  return need(typeof raw === 'string' && /^[A-Z]{3}$/.test(raw) ? raw : undefined, template, `${field}.currency`);
}

function checkPayment(raw: unknown): OrderDetails['payment'] {
  if (!isRecord(raw) || (raw.method !== 'card' && raw.method !== 'expressPay')) return undefined;
  const payment: NonNullable<OrderDetails['payment']> = { method: raw.method };
  const brand = textOf(raw.cardBrand);
  if (brand !== undefined) payment.cardBrand = brand;
  if (typeof raw.cardLast4 === 'string' && /^\d{4}$/.test(raw.cardLast4)) payment.cardLast4 = raw.cardLast4;
  return payment;
}

const METHODS = ['ShipToAddress', 'ShipToStore', 'PickUpAtStore'] as const;
const KINDS = ['pickup in store', 'express delivery', 'standard delivery', 'next day'] as const;

function checkOrder(template: string, raw: unknown): OrderDetails {
  const o = need(isRecord(raw) ? raw : undefined, template, 'order');
  const d = need(isRecord(o.delivery) ? o.delivery : undefined, template, 'order.delivery');
  const t = need(isRecord(o.totals) ? o.totals : undefined, template, 'order.totals');
  const method = need(
    (METHODS as readonly unknown[]).includes(d.method) ? (d.method as OrderDetails['delivery']['method']) : undefined,
    template,
    'order.delivery.method',
  );
  const delivery: OrderDetails['delivery'] = {
    method,
    address: Array.isArray(d.address) ? d.address.map(textOf).filter((x): x is string => x !== undefined) : [],
  };
  if ((KINDS as readonly unknown[]).includes(d.kind)) delivery.kind = d.kind as (typeof KINDS)[number];
  const store = textOf(d.store);
  if (store !== undefined) delivery.store = store;
  if (method === 'ShipToAddress') need(delivery.address.length > 0 || undefined, template, 'order.delivery.address');
  else need(store, template, 'order.delivery.store');
  if (
    isRecord(d.estimate) &&
    typeof d.estimate.from === 'string' &&
    typeof d.estimate.to === 'string' &&
    CALENDAR_DAY.test(d.estimate.from) &&
    CALENDAR_DAY.test(d.estimate.to)
  ) {
    delivery.estimate = { from: d.estimate.from, to: d.estimate.to };
  }
  const carrier = textOf(d.carrier);
  const trackingNumber = textOf(d.trackingNumber);
  const trackingUrl = textOf(d.trackingUrl);
  if (carrier !== undefined) delivery.carrier = carrier;
  if (trackingNumber !== undefined) delivery.trackingNumber = trackingNumber;
  if (trackingUrl !== undefined) delivery.trackingUrl = safeUrl(trackingUrl, 'order.delivery.trackingUrl');
  const details: OrderDetails = {
    kind: 'order',
    currency: checkCurrency(template, o.currency, 'order'),
    taxIncluded: o.taxIncluded !== false,
    lines: checkLines(template, o.lines, 'order'),
    delivery,
    totals: {
      subtotal: amountOf(t.subtotal, template, 'order.totals.subtotal'),
      shipping: amountOf(t.shipping, template, 'order.totals.shipping'),
      tax: amountOf(t.tax, template, 'order.totals.tax'),
      discount: t.discount === undefined ? 0 : amountOf(t.discount, template, 'order.totals.discount'),
      total: amountOf(t.total, template, 'order.totals.total'),
    },
  };
  const payment = checkPayment(o.payment);
  if (payment) details.payment = payment;
  return details;
}

function checkReturn(template: string, raw: unknown): ReturnDetails {
  const r = need(isRecord(raw) ? raw : undefined, template, 'request');
  const f = need(isRecord(r.refund) ? r.refund : undefined, template, 'request.refund');
  const details: ReturnDetails = {
    kind: 'return',
    currency: checkCurrency(template, r.currency, 'request'),
    flow: r.flow === 'Exchange' ? 'Exchange' : 'Return',
    lines: checkLines(template, r.lines, 'request'),
    refund: {
      items: amountOf(f.items, template, 'request.refund.items'),
      tax: amountOf(f.tax, template, 'request.refund.tax'),
      shipping: f.shipping === undefined ? 0 : amountOf(f.shipping, template, 'request.refund.shipping'),
      total: amountOf(f.total, template, 'request.refund.total'),
    },
  };
  const payment = checkPayment(r.payment);
  if (payment) details.payment = payment;
  return details;
}

// ---------------------------------------------------------------------------------------------
// The document. Inline styles everywhere (most clients drop <style>); the one <style> block only adds the dark
// palette (for clients that honour prefers-color-scheme) and the narrow-screen padding, with !important to
// override the inline colours.

const FONT = "'Helvetica Neue', Helvetica, Arial, sans-serif";
const TEXT = `font-family:${FONT};color:#000000;`;
const MUTED = `font-family:${FONT};color:#555555;`;
const RULE = '#e0e0e0';
/** Width of a line item's picture (product drawings are 4:5). */
const PICTURE = { width: 96, height: 120 };

const STYLE =
  `<style>\n` +
  `:root{color-scheme:light dark;supported-color-schemes:light dark;}\n` +
  `@media (prefers-color-scheme: dark){\n` +
  `.sf-bg{background-color:#111111 !important;}\n` +
  `.sf-text,.sf-text a{color:#f2f2f2 !important;}\n` +
  `.sf-muted{color:#b5b5b5 !important;}\n` +
  `.sf-rule{border-color:#3a3a3a !important;}\n` +
  `.sf-button,.sf-button a{background-color:#f2f2f2 !important;color:#000000 !important;border-color:#f2f2f2 !important;}\n` +
  `.sf-picture{background-color:#f2f2f2 !important;}\n` +
  `}\n` +
  `[data-ogsc] .sf-text,[data-ogsc] .sf-text a{color:#f2f2f2 !important;}\n` +
  `[data-ogsb] .sf-bg{background-color:#111111 !important;}\n` +
  `@media (max-width:620px){.sf-page{padding:32px 16px !important;}.sf-picture{width:72px !important;height:90px !important;}}\n` +
  `</style>\n`;

/** How a card network writes its name (the payment provider gives a lower-case code). */
const CARD_BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  'american express': 'American Express',
  jcb: 'JCB',
  cb: 'CB',
  unionpay: 'UnionPay',
  discover: 'Discover',
  diners: 'Diners Club',
};
function cardBrandName(code: string): string {
  return CARD_BRANDS[code.toLowerCase()] ?? code.charAt(0).toUpperCase() + code.slice(1);
}

interface Block {
  html: string[];
  text: string[];
  links: string[];
}

function detailsBlock(
  details: OrderDetails | ReturnDetails,
  copy: DetailsCopy,
  locale: string,
  numbers: { label: string; value: string }[],
): Block {
  const e = escapeHtml;
  const money = (v: number) => formatPrice(v, details.currency, locale);
  const pair = (label: string, value: string) => fill(copy.pair, { label, value });
  const html: string[] = [];
  const text: string[] = [];
  const links: string[] = [];
  const heading = (label: string) =>
    `<tr><td class="sf-text" style="${TEXT}padding:40px 0 12px;font-size:12px;letter-spacing:0.16em;text-transform:uppercase;">` +
    `<h2 style="margin:0;font-size:12px;font-weight:normal;">${e(label)}</h2></td></tr>`;
  const small = (lines: string[], pad = '0 0 4px') =>
    `<tr><td class="sf-text" style="${TEXT}padding:${pad};font-size:14px;line-height:1.7;">${lines.map(e).join('<br>')}</td></tr>`;

  // Numbers: order number (and the request's).
  html.push(
    `<tr><td class="sf-text sf-rule" style="${TEXT}padding:28px 0 0;border-top:1px solid ${RULE};font-size:14px;line-height:1.7;">` +
      numbers.map((n) => e(pair(n.label, n.value))).join('<br>') +
      `</td></tr>`,
  );
  text.push(numbers.map((n) => pair(n.label, n.value)).join('\n'));

  // Line items: picture, name, colour, size (and the new size of an exchange), quantity, amount.
  html.push(heading(copy.items));
  text.push(copy.items.toUpperCase());
  const rows = details.lines.map((l) => {
    const facts = [
      ...(l.color ? [pair(copy.color, l.color)] : []),
      // A one-size piece says so, without a size label.
      l.size === 'TU' ? copy.oneSize : pair(copy.size, l.size),
      ...(l.newSize ? [pair(copy.newSize, l.newSize === 'TU' ? copy.oneSize : l.newSize)] : []),
      pair(copy.quantity, String(l.quantity)),
    ];
    const picture =
      `<img class="sf-picture" src="${e(l.imageUrl)}" width="${PICTURE.width}" height="${PICTURE.height}" alt="${e(l.imageAlt)}" ` +
      `style="display:block;width:${PICTURE.width}px;height:${PICTURE.height}px;border:0;outline:none;text-decoration:none;background-color:#f4f4f4;${MUTED}font-size:11px;line-height:1.4;">`;
    const name = l.url
      ? `<a href="${e(l.url)}" style="color:#000000;text-decoration:none;">${e(l.name)}</a>`
      : e(l.name);
    const cell = `border-top:1px solid ${RULE};padding:16px 0;`;
    text.push([l.name, facts.join(' · '), money(l.amount), ...(l.url ? [l.url] : [])].join('\n'));
    if (l.url) links.push(l.url);
    return (
      `<tr>` +
      `<td class="sf-rule" width="${PICTURE.width}" valign="top" style="${cell}width:${PICTURE.width}px;">${l.url ? `<a href="${e(l.url)}" style="text-decoration:none;">${picture}</a>` : picture}</td>` +
      `<td class="sf-text sf-rule" valign="top" style="${TEXT}${cell}padding-left:20px;font-size:14px;line-height:1.6;">${name}<br>` +
      `<span class="sf-muted" style="${MUTED}font-size:13px;">${facts.map(e).join('<br>')}</span></td>` +
      `<td class="sf-text sf-rule" valign="top" align="right" style="${TEXT}${cell}padding-left:12px;font-size:14px;line-height:1.6;white-space:nowrap;">${e(money(l.amount))}</td>` +
      `</tr>`
    );
  });
  html.push(
    `<tr><td><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${rows.join('')}</table></td></tr>`,
  );

  // Delivery: method, address or boutique, dates, parcel.
  if (details.kind === 'order') {
    const d = details.delivery;
    const collect = d.method !== 'ShipToAddress';
    const method = d.kind && !collect ? copy.kinds[d.kind] : copy.methods[d.method];
    const lines = [pair(copy.method, method)];
    const where = collect ? [copy.store, d.store!] : [copy.address, ...d.address];
    const after: string[] = [];
    if (d.estimate)
      after.push(
        pair(
          collect ? copy.estimateCollection : copy.estimateDelivery,
          formatShopDays(d.estimate.from, d.estimate.to, locale),
        ),
      );
    if (d.carrier) after.push(pair(copy.carrier, d.carrier));
    if (d.trackingNumber) after.push(pair(copy.trackingNumber, d.trackingNumber));
    html.push(heading(copy.delivery), small(lines, '0 0 12px'));
    html.push(
      `<tr><td class="sf-text" style="${TEXT}padding:0 0 12px;font-size:14px;line-height:1.7;">` +
        `<span class="sf-muted" style="${MUTED}">${e(where[0]!)}</span><br>${where.slice(1).map(e).join('<br>')}</td></tr>`,
    );
    if (after.length) html.push(small(after, '0 0 4px'));
    text.push(
      [
        copy.delivery.toUpperCase(),
        ...lines,
        '',
        where[0]!,
        ...where.slice(1),
        ...(after.length ? ['', ...after] : []),
      ].join('\n'),
    );
    if (d.trackingUrl) {
      html.push(
        `<tr><td class="sf-text" style="${TEXT}padding:4px 0 0;font-size:14px;line-height:1.7;">` +
          `<a href="${e(d.trackingUrl)}" style="color:#000000;text-decoration:underline;">${e(copy.track)}</a></td></tr>`,
      );
      text.push(`${copy.track}\n${d.trackingUrl}`);
      links.push(d.trackingUrl);
    }
  }

  // Payment and amounts.
  const p = details.payment;
  const paidWith = p
    ? p.method === 'expressPay'
      ? copy.expressPay
      : p.cardBrand && p.cardLast4
        ? fill(copy.card, { cardBrand: cardBrandName(p.cardBrand), last4: p.cardLast4 })
        : copy.cardOnly
    : undefined;
  const amounts: [string, string, boolean][] =
    details.kind === 'order'
      ? [
          [copy.subtotal, money(details.totals.subtotal), false],
          [copy.shipping, details.totals.shipping === 0 ? copy.free : money(details.totals.shipping), false],
          ...(details.totals.discount > 0
            ? [[copy.discount, `−${money(details.totals.discount)}`, false] as [string, string, boolean]]
            : []),
          [details.taxIncluded ? copy.taxIncluded : copy.taxAdded, money(details.totals.tax), false],
          [copy.total, money(details.totals.total), true],
        ]
      : [
          [copy.refundItems, money(details.refund.items), false],
          ...(details.refund.shipping > 0
            ? [[copy.refundShipping, money(details.refund.shipping), false] as [string, string, boolean]]
            : []),
          ...(details.refund.tax > 0
            ? [[copy.taxIncluded, money(details.refund.tax), false] as [string, string, boolean]]
            : []),
          [copy.refundTotal, money(details.refund.total), true],
        ];
  // An exchange that refunds nothing has no amounts to show.
  if (details.kind === 'return' && details.flow === 'Exchange' && details.refund.total === 0)
    return { html, text, links };
  html.push(heading(details.kind === 'order' ? copy.payment : copy.refund));
  if (paidWith) html.push(small([paidWith], '0 0 12px'));
  html.push(
    `<tr><td><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">` +
      amounts
        .map(([label, value, total]) => {
          const style = `${TEXT}font-size:${total ? 15 : 14}px;line-height:1.6;padding:${total ? '12px 0 0' : '2px 0'};${total ? `border-top:1px solid ${RULE};font-weight:bold;` : ''}`;
          return `<tr><td class="sf-text sf-rule" style="${style}">${e(label)}</td><td class="sf-text sf-rule" align="right" style="${style}white-space:nowrap;">${e(value)}</td></tr>`;
        })
        .join('') +
      `</table></td></tr>`,
  );
  text.push(
    [
      (details.kind === 'order' ? copy.payment : copy.refund).toUpperCase(),
      ...(paidWith ? [paidWith] : []),
      ...amounts.map(([label, value]) => pair(label, value)),
    ].join('\n'),
  );
  return { html, text, links };
}

/** Renders one e-mail in the language of its locale: subject, plain text and HTML, with every value escaped. */
export function renderMail<T extends MailTemplate>(
  template: T,
  data: MailTemplates[T],
  options: RenderOptions,
): RenderedMail {
  return renderAny(template, data, options);
}

/** Renders an outbox row (its template and data come from the database, so both are checked). */
export function renderStored(
  row: { template: string; locale: string; data: unknown },
  brandName: string,
): RenderedMail {
  if (!isMailTemplate(row.template)) throw new MailRenderError(`Unknown template ${row.template}.`);
  return renderAny(row.template, row.data, { locale: row.locale, brandName });
}

/**
 * Renders one e-mail with the texts given rather than those of its language (its `language` is still the
 * locale's): the tests render the pseudo-locale with it (server/src/locales/pseudo.ts).
 */
export function renderMailWithCopy<T extends MailTemplate>(
  copy: MailCopy,
  template: T,
  data: MailTemplates[T],
  options: RenderOptions,
): RenderedMail {
  return renderAny(template, data, options, copy);
}

function renderAny(
  template: MailTemplate,
  rawData: unknown,
  options: RenderOptions,
  copyGiven?: MailCopy,
): RenderedMail {
  const data = checkData(template, rawData);
  const language = mailLanguageOf(options.locale);
  const copy = copyGiven ?? MAIL_COPY[language];
  const t: TemplateCopy & Partial<ActionCopy & SecondaryCopy> = copy.templates[template];
  const shape: TemplateShape<MailTemplate> = SHAPES[template] as TemplateShape<MailTemplate>;
  const str = (key: string) => {
    const v = data[key];
    return typeof v === 'string' && v.trim() !== '' ? oneLine(v) : undefined;
  };

  const values: Record<string, string> = { brand: oneLine(options.brandName) };
  const reference = str('reference');
  const subjectValue = str('subject');
  if (reference !== undefined) values.reference = reference;
  if (subjectValue !== undefined) values.subject = subjectValue;
  for (const key of (shape.values ?? []) as string[]) {
    const v = str(key);
    if (v !== undefined) values[key] = v;
  }
  const firstName = str('firstName');
  const greeting =
    firstName === undefined ? fill(copy.greetingDefault, values) : fill(copy.greeting, { ...values, firstName });

  const actionUrl = shape.action && t.action ? safeUrl(str(shape.action) ?? '', shape.action) : undefined;
  const secondaryRaw = shape.secondary ? str(shape.secondary) : undefined;
  const secondaryUrl =
    shape.secondary && secondaryRaw !== undefined && t.secondary ? safeUrl(secondaryRaw, shape.secondary) : undefined;

  const subject = oneLine(fill(t.subject, values));
  const heading = fill(t.heading, values);
  const body = t.body.map((p) => fill(p, values));
  const after = (t.after ?? []).map((p) => fill(p, values));
  const action = t.action ? fill(t.action, values) : undefined;
  const secondary =
    t.secondary && secondaryUrl
      ? { text: fill(t.secondary.text, values), label: fill(t.secondary.label, values), url: secondaryUrl }
      : undefined;
  const signOff = fill(copy.signOff, values);
  const signature = fill(copy.signature, values);
  const fallback = fill(copy.fallbackLink, values);
  const automatic = fill(copy.automatic, values);

  let details: Block | undefined;
  if (shape.details === 'order') {
    details = detailsBlock(checkOrder(template, data.order), copy.details, options.locale, [
      { label: copy.details.orderNumber, value: reference! },
    ]);
  } else if (shape.details === 'return') {
    details = detailsBlock(checkReturn(template, data.request), copy.details, options.locale, [
      { label: copy.details.returnNumber, value: reference! },
      { label: copy.details.orderNumber, value: values.orderNumber! },
    ]);
  }

  const links = [
    ...new Set([actionUrl, secondary?.url, ...(details?.links ?? [])].filter((l): l is string => l !== undefined)),
  ];

  // Plain text: the same words, each link on its own line.
  const textParts = [values.brand!.toUpperCase(), heading, greeting, ...body];
  if (action && actionUrl) textParts.push(`${action}\n${actionUrl}`);
  if (secondary) textParts.push(`${secondary.text}\n${secondary.url}`);
  if (details) textParts.push(...details.text);
  textParts.push(...after, `${signOff}\n${signature}`, automatic);
  const text = `${textParts.join('\n\n')}\n`;

  const e = escapeHtml;
  const paragraph = (p: string, pad = '0 0 20px') =>
    `<tr><td class="sf-text" style="${TEXT}padding:${pad};font-size:15px;line-height:1.7;">${e(p)}</td></tr>`;
  const rows: string[] = [
    `<tr><td class="sf-text" align="center" style="${TEXT}padding:0 0 56px;font-size:20px;letter-spacing:0.24em;text-transform:uppercase;">${e(values.brand!)}</td></tr>`,
    `<tr><td class="sf-text" style="${TEXT}padding:0 0 32px;"><h1 class="sf-text" style="${TEXT}margin:0;font-size:22px;font-weight:normal;line-height:1.4;">${e(heading)}</h1></td></tr>`,
    paragraph(greeting, '0 0 24px'),
    ...body.map((p) => paragraph(p)),
  ];
  if (action && actionUrl) {
    rows.push(
      `<tr><td align="center" style="padding:20px 0 36px;">` +
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>` +
        `<td class="sf-button" align="center" bgcolor="#000000" style="background-color:#000000;">` +
        `<a href="${e(actionUrl)}" style="${TEXT}display:inline-block;padding:16px 36px;color:#ffffff;background-color:#000000;text-decoration:none;font-size:13px;letter-spacing:0.14em;text-transform:uppercase;border:1px solid #000000;">${e(action)}</a>` +
        `</td></tr></table></td></tr>`,
      `<tr><td class="sf-muted" style="${MUTED}padding:0 0 28px;font-size:12px;line-height:1.6;">${e(fallback)}<br>` +
        `<a class="sf-text" href="${e(actionUrl)}" style="color:#000000;word-break:break-all;">${e(actionUrl)}</a></td></tr>`,
    );
  }
  if (secondary) {
    rows.push(
      `<tr><td class="sf-text" style="${TEXT}padding:0 0 20px;font-size:15px;line-height:1.7;">${e(secondary.text)} ` +
        `<a href="${e(secondary.url)}" style="color:#000000;text-decoration:underline;">${e(secondary.label)}</a></td></tr>`,
    );
  }
  if (details)
    rows.push(...details.html, `<tr><td style="padding:0 0 36px;font-size:0;line-height:0;">&nbsp;</td></tr>`);
  rows.push(
    ...after.map((p) => paragraph(p)),
    `<tr><td class="sf-text" style="${TEXT}padding:20px 0 0;font-size:15px;line-height:1.7;">${e(signOff)}<br>${e(signature)}</td></tr>`,
    `<tr><td style="padding:48px 0 0;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>` +
      `<td class="sf-muted sf-rule" style="${MUTED}border-top:1px solid ${RULE};padding:24px 0 0;font-size:11px;line-height:1.6;">${e(automatic)}</td>` +
      `</tr></table></td></tr>`,
  );

  // The preview line of the inbox: the first sentence, then blank characters so the client shows nothing else.
  const preheader =
    `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">` +
    `${e(body[0] ?? heading)}${'&#847;&zwnj;&nbsp;'.repeat(40)}</div>\n`;

  const html =
    `<!DOCTYPE html>\n<html lang="${e(copy.htmlLang)}" dir="ltr">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="x-apple-disable-message-reformatting">\n` +
    `<meta name="color-scheme" content="light dark">\n<meta name="supported-color-schemes" content="light dark">\n` +
    `<title>${e(subject)}</title>\n${STYLE}</head>\n` +
    `<body class="sf-bg" style="margin:0;padding:0;background-color:#ffffff;color:#000000;">\n${preheader}` +
    `<table class="sf-bg" role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="background-color:#ffffff;">` +
    `<tr><td class="sf-page" align="center" style="padding:56px 24px;">\n` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">\n` +
    `${rows.join('\n')}\n` +
    `</table>\n</td></tr></table>\n</body>\n</html>\n`;

  const rendered: RenderedMail = { language, subject, text, html, links };
  if (template === 'newsletter-welcome' && secondary) rendered.listUnsubscribe = secondary.url;
  return rendered;
}
