import type { MailTemplate, MailTemplates } from './outbox.ts';
import { escapeHtml } from '../../shared/html.ts';
import { textLanguageOf } from '../../shared/text-language.ts';
import {
  MAIL_COPY,
  MAIL_TEMPLATES,
  type ActionCopy,
  type MailCopy,
  type MailLanguage,
  type SecondaryCopy,
  type TemplateCopy,
} from './mail-copy.ts';
import { MailRenderError, fill, oneLine, safeUrl } from './render-values.ts';
import { checkOrder, checkReturn } from './details-data.ts';
import { detailsBlock, type Block } from './details-block.ts';
import { MUTED, RULE, STYLE, TEXT } from './mail-style.ts';

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
