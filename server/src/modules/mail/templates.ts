import type { MailTemplate, MailTemplates } from './outbox.ts';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { it } from './locales/it.ts';
import { ja } from './locales/ja.ts';
import { ko } from './locales/ko.ts';
import { pt } from './locales/pt.ts';
import { zh } from './locales/zh.ts';
import { zhHant } from './locales/zh-hant.ts';
import { escapeHtml } from '../../shared/html.ts';
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

/** Everything one language says. `greeting` carries `{firstName}`; `signOff` and `signature` may carry `{brand}`. */
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
    'order-cancelled': ActionCopy;
    'return-request': ActionCopy;
    'return-lapsed': ActionCopy;
  };
}

export const MAIL_COPY: Readonly<Record<MailLanguage, MailCopy>> = { en, fr, de, es, it, ja, ko, pt, zh, 'zh-hant': zhHant };

type StringKeys<T> = { [K in keyof T]-?: NonNullable<T[K]> extends string ? K : never }[keyof T] & string;

/** Which data field is the button's link, which the secondary link's, and which fields must be present. */
interface TemplateShape<T extends MailTemplate> {
  action?: StringKeys<MailTemplates[T]>;
  secondary?: StringKeys<MailTemplates[T]>;
  /** Data fields the copy may name as `{placeholders}` (besides `{brand}`, `{reference}`, `{subject}`). */
  values?: StringKeys<MailTemplates[T]>[];
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
  'store-reservation-ack': { action: 'storeUrl', values: ['storeName', 'productName', 'size'], required: ['reference', 'storeName', 'productName', 'size', 'storeUrl'] },
  'store-appointment-ack': { action: 'storeUrl', values: ['storeName', 'when'], required: ['reference', 'storeName', 'when', 'storeUrl'] },
  'order-confirmation': { action: 'orderUrl', values: ['items', 'total', 'delivery'], required: ['reference', 'items', 'total', 'delivery', 'orderUrl'] },
  'order-cancelled': { action: 'orderUrl', values: ['total'], required: ['reference', 'total', 'orderUrl'] },
  'return-request': { action: 'detailsUrl', values: ['orderNumber', 'items', 'handover', 'outcome'], required: ['reference', 'orderNumber', 'items', 'handover', 'outcome', 'detailsUrl'] },
  'return-lapsed': { action: 'orderUrl', values: ['orderNumber', 'items', 'outcome', 'next'], required: ['reference', 'orderNumber', 'items', 'outcome', 'next', 'orderUrl'] },
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
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new MailRenderError(`${field} is not an http(s) URL.`);
  return url.href;
}

/** A single line: no line breaks (they would end a header), no surrounding spaces. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}

function checkData(template: MailTemplate, data: unknown): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new MailRenderError(`The data of ${template} is not an object.`);
  const record = data as Record<string, unknown>;
  for (const field of SHAPES[template].required as string[]) {
    const v = record[field];
    if (typeof v !== 'string' || v.trim() === '') throw new MailRenderError(`${template} needs ${field}.`);
  }
  return record;
}

const FONT = "'Helvetica Neue', Helvetica, Arial, sans-serif";
const TEXT = `font-family:${FONT};color:#000000;`;

/** Renders one e-mail in the language of its locale: subject, plain text and HTML, with every value escaped. */
export function renderMail<T extends MailTemplate>(template: T, data: MailTemplates[T], options: RenderOptions): RenderedMail {
  return renderAny(template, data, options);
}

/** Renders an outbox row (its template and data come from the database, so both are checked). */
export function renderStored(row: { template: string; locale: string; data: unknown }, brandName: string): RenderedMail {
  if (!isMailTemplate(row.template)) throw new MailRenderError(`Unknown template ${row.template}.`);
  return renderAny(row.template, row.data, { locale: row.locale, brandName });
}

function renderAny(template: MailTemplate, rawData: unknown, options: RenderOptions): RenderedMail {
  const data = checkData(template, rawData);
  const language = mailLanguageOf(options.locale);
  const copy = MAIL_COPY[language];
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
  const greeting = firstName === undefined ? fill(copy.greetingDefault, values) : fill(copy.greeting, { ...values, firstName });

  const actionUrl = shape.action && t.action ? safeUrl(str(shape.action) ?? '', shape.action) : undefined;
  const secondaryRaw = shape.secondary ? str(shape.secondary) : undefined;
  const secondaryUrl = shape.secondary && secondaryRaw !== undefined && t.secondary ? safeUrl(secondaryRaw, shape.secondary) : undefined;

  const subject = oneLine(fill(t.subject, values));
  const heading = fill(t.heading, values);
  const body = t.body.map((p) => fill(p, values));
  const after = (t.after ?? []).map((p) => fill(p, values));
  const action = t.action ? fill(t.action, values) : undefined;
  const secondary = t.secondary && secondaryUrl ? { text: fill(t.secondary.text, values), label: fill(t.secondary.label, values), url: secondaryUrl } : undefined;
  const signOff = fill(copy.signOff, values);
  const signature = fill(copy.signature, values);
  const fallback = fill(copy.fallbackLink, values);
  const automatic = fill(copy.automatic, values);

  const links = [actionUrl, secondary?.url].filter((l): l is string => l !== undefined);

  // Plain text: the same words, each link on its own line.
  const textParts = [values.brand!.toUpperCase(), heading, greeting, ...body];
  if (action && actionUrl) textParts.push(`${action}\n${actionUrl}`);
  if (secondary) textParts.push(`${secondary.text}\n${secondary.url}`);
  textParts.push(...after, `${signOff}\n${signature}`, automatic);
  const text = `${textParts.join('\n\n')}\n`;

  const e = escapeHtml;
  const paragraph = (p: string, pad = '0 0 20px') =>
    `<tr><td style="${TEXT}padding:${pad};font-size:15px;line-height:1.7;">${e(p)}</td></tr>`;
  const rows: string[] = [
    `<tr><td align="center" style="${TEXT}padding:0 0 56px;font-size:20px;letter-spacing:0.24em;text-transform:uppercase;">${e(values.brand!)}</td></tr>`,
    `<tr><td style="${TEXT}padding:0 0 32px;"><h1 style="${TEXT}margin:0;font-size:22px;font-weight:normal;line-height:1.4;">${e(heading)}</h1></td></tr>`,
    paragraph(greeting, '0 0 24px'),
    ...body.map((p) => paragraph(p)),
  ];
  if (action && actionUrl) {
    rows.push(
      `<tr><td align="center" style="padding:20px 0 36px;">` +
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>` +
        `<td align="center" bgcolor="#000000" style="background-color:#000000;">` +
        `<a href="${e(actionUrl)}" style="${TEXT}display:inline-block;padding:16px 36px;color:#ffffff;background-color:#000000;text-decoration:none;font-size:13px;letter-spacing:0.14em;text-transform:uppercase;border:1px solid #000000;">${e(action)}</a>` +
        `</td></tr></table></td></tr>`,
      `<tr><td style="${TEXT}padding:0 0 28px;font-size:12px;line-height:1.6;color:#555555;">${e(fallback)}<br>` +
        `<a href="${e(actionUrl)}" style="color:#000000;word-break:break-all;">${e(actionUrl)}</a></td></tr>`,
    );
  }
  if (secondary) {
    rows.push(
      `<tr><td style="${TEXT}padding:0 0 20px;font-size:15px;line-height:1.7;">${e(secondary.text)} ` +
        `<a href="${e(secondary.url)}" style="color:#000000;text-decoration:underline;">${e(secondary.label)}</a></td></tr>`,
    );
  }
  rows.push(
    ...after.map((p) => paragraph(p)),
    `<tr><td style="${TEXT}padding:20px 0 0;font-size:15px;line-height:1.7;">${e(signOff)}<br>${e(signature)}</td></tr>`,
    `<tr><td style="padding:48px 0 0;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>` +
      `<td style="${TEXT}border-top:1px solid #e0e0e0;padding:24px 0 0;font-size:11px;line-height:1.6;color:#555555;">${e(automatic)}</td>` +
      `</tr></table></td></tr>`,
  );

  const html =
    `<!DOCTYPE html>\n<html lang="${e(copy.htmlLang)}" dir="ltr">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="x-apple-disable-message-reformatting">\n` +
    `<title>${e(subject)}</title>\n</head>\n` +
    `<body style="margin:0;padding:0;background-color:#ffffff;color:#000000;">\n` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="background-color:#ffffff;">` +
    `<tr><td align="center" style="padding:56px 24px;">\n` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">\n` +
    `${rows.join('\n')}\n` +
    `</table>\n</td></tr></table>\n</body>\n</html>\n`;

  const rendered: RenderedMail = { language, subject, text, html, links };
  if (template === 'newsletter-welcome' && secondary) rendered.listUnsubscribe = secondary.url;
  return rendered;
}
