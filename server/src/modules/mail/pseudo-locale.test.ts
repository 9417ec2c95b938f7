// Every e-mail rendered in the pseudo-locale (server/src/locales/pseudo.ts): each word it shows comes from the
// locale files (wrapped in ⟦…⟧) or from the e-mail's data (names, references, amounts, links) — a text written
// into the renderer instead of mail.json shows up here as left over.
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../../../reference/markets/format.ts';
import { pseudoTexts } from '../../locales/pseudo.ts';
import type { MailOrder, MailReturn, MailTemplates } from './outbox.ts';
import { MAIL_COPY, MAIL_TEMPLATES, type MailCopy } from './mail-copy.ts';
import { renderMailWithCopy, type RenderedMail } from './templates.ts';

const LOCALE = 'en-gb';
const BRAND = 'Saint Laurent';
const url = (path: string) => `https://shop.example.org/en-gb/${path}?token=abc123`;
const media = (pid: string) => `https://shop.example.org/media/products/${pid}/1.svg`;

const ORDER: MailOrder = {
  currency: 'EUR',
  taxIncluded: true,
  lines: [
    {
      name: 'Le 5 a 7 bag in leather',
      color: 'Black',
      size: 'TU',
      quantity: 1,
      amount: 2900,
      imageUrl: media('7104811EG0W1000'),
      imageAlt: 'Le 5 a 7 bag',
      url: url('pr/le-5-a-7-7104811EG0W1000.html'),
    },
    {
      name: 'Lee derbies',
      color: 'Deep red',
      size: '38',
      quantity: 2,
      amount: 1980.5,
      imageUrl: media('6YSSSSAHKT3R'),
      imageAlt: 'Lee derbies',
    },
  ],
  delivery: {
    method: 'ShipToAddress',
    kind: 'express delivery',
    address: ['Zoe Martin', '12 Sloane Street', 'London SW1X 9LA', 'United Kingdom'],
    estimate: { from: '2026-12-02', to: '2026-12-03' },
    carrier: 'DHL Express',
    trackingNumber: 'JD0010010042',
    trackingUrl: 'https://tracking.example.com/JD0010010042',
  },
  payment: { method: 'card', cardBrand: 'visa', cardLast4: '4242' },
  totals: { subtotal: 4880.5, shipping: 25, tax: 817.58, discount: 100, total: 4805.5 },
};
const COLLECT: MailOrder = {
  ...ORDER,
  delivery: {
    method: 'ShipToStore',
    kind: 'pickup in store',
    address: [],
    store: 'Saint Laurent Sloane Street',
    estimate: { from: '2026-12-04', to: '2026-12-05' },
  },
  payment: { method: 'expressPay' },
};
const RETURN: MailReturn = {
  currency: 'EUR',
  flow: 'Return',
  lines: [
    {
      name: 'Lee derbies',
      color: 'Deep red',
      size: '38',
      newSize: '39',
      quantity: 1,
      amount: 990.25,
      imageUrl: media('6YSSSSAHKT3R'),
      imageAlt: 'Lee derbies',
    },
  ],
  refund: { items: 990.25, tax: 165.04, shipping: 12, total: 1002.25 },
  payment: { method: 'card' },
};

const DATA: { [T in keyof MailTemplates]: MailTemplates[T] } = {
  activation: { activationUrl: url('activate'), firstName: 'Zoe' },
  'account-exists': { signInUrl: url('sign-in'), resetUrl: url('reset'), firstName: 'Zoe' },
  'account-none': { signUpUrl: url('sign-up') },
  welcome: { signInUrl: url('sign-in'), firstName: 'Zoe' },
  'password-reset': { resetUrl: url('reset'), firstName: 'Zoe' },
  'password-changed': { resetUrl: url('reset') },
  'account-migration': { setPasswordUrl: url('myaccount/reset-password'), firstName: 'Zoe' },
  'newsletter-confirm': { confirmUrl: url('newsletter/confirm') },
  'newsletter-welcome': { unsubscribeUrl: url('newsletter/unsubscribe') },
  'contact-ack': { reference: 'CS-2026-000123', subject: 'A question on sizes', firstName: 'Zoe' },
  'store-reservation-ack': {
    reference: 'RES-20261121-8LM2VC',
    storeName: 'Saint Laurent Sloane Street',
    productName: 'Lee derbies',
    size: 'size 38',
    storeUrl: url('stores/sloane-1042'),
  },
  'store-appointment-ack': {
    reference: 'APT-20261121-5DV9NE',
    storeName: 'Saint Laurent Sloane Street',
    when: 'Saturday 28 November 2026 at 15:30',
    storeUrl: url('stores/sloane-1042'),
  },
  'order-confirmation': {
    reference: 'YSL-GB-00010042',
    order: ORDER,
    orderUrl: url('guest/order-online'),
    firstName: 'Zoe',
  },
  'order-shipped': { reference: 'YSL-GB-00010042', order: ORDER, orderUrl: url('guest/order-online') },
  'order-ready': { reference: 'YSL-GB-00010042', order: COLLECT, orderUrl: url('myaccount/order-online') },
  'order-cancelled': { reference: 'YSL-GB-00010042', order: ORDER, orderUrl: url('myaccount/order-online') },
  'return-request': {
    reference: 'RMA-00030001',
    orderNumber: 'YSL-GB-00010042',
    request: RETURN,
    handover: 'Leave the parcel at a drop-off point.',
    outcome: 'A refund follows.',
    detailsUrl: url('myaccount/return-thank-you'),
  },
  'return-lapsed': {
    reference: 'RMA-00030001',
    orderNumber: 'YSL-GB-00010042',
    items: 'Lee derbies (38 to 39) x 1',
    outcome: 'The size was released.',
    next: 'The return period has ended.',
    orderUrl: url('guest/order-online'),
  },
};

/** The values an e-mail shows as they are: its data's texts, its amounts, the brand (the text's first line in capitals). */
function dataValues(data: unknown): string[] {
  const out = new Set<string>([BRAND, BRAND.toUpperCase()]);
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.add(v);
    else if (typeof v === 'number') out.add(formatPrice(v, 'EUR', LOCALE));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(data);
  return [...out].sort((a, b) => b.length - a.length);
}

const decode = (html: string) =>
  html
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** What a reader sees of an HTML e-mail: its title and text, not its markup, styles or the preview line's padding. */
function visibleText(html: string): string {
  const body = html
    .replace(/<style>[^]*?<\/style>/g, '')
    .replace(/(&#847;&zwnj;&nbsp;)+/g, '')
    .replace(/<[^>]+>/g, '\n');
  return decode(body);
}

/** What is left of a text once the pseudo-locale's texts (nested ones too) and the data's values are taken out. */
function leftOver(text: string, values: string[]): string {
  let rest = text;
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  }
  for (const value of values) rest = rest.split(value).join(' ');
  // What joins them: line breaks, the separator of a line's facts, the minus of a discount.
  return rest.replace(/[\s·−]+/g, ' ').trim();
}

const render = <T extends keyof MailTemplates>(copy: MailCopy, template: T): RenderedMail =>
  renderMailWithCopy(copy, template, DATA[template], { locale: LOCALE, brandName: BRAND });

describe('the e-mails in the pseudo-locale', () => {
  const pseudo = pseudoTexts(MAIL_COPY.en);

  for (const template of MAIL_TEMPLATES) {
    it(`${template} shows only texts of mail.json and the e-mail's data`, () => {
      const mail = render(pseudo, template);
      const values = dataValues(DATA[template]);
      expect(mail.subject).toMatch(/^⟦.*⟧$/);
      expect(leftOver(mail.subject, values), 'subject').toBe('');
      expect(leftOver(mail.text, values), 'plain text').toBe('');
      expect(leftOver(visibleText(mail.html), values), 'HTML').toBe('');
      expect(mail.text).toContain('⟦');
    });
  }

  it('finds a text the renderer did not take from mail.json', () => {
    const mail = render({ ...pseudo, details: { ...pseudo.details, total: 'Total' } }, 'order-confirmation');
    // In the plain text the label sits inside the pseudo `pair`; the HTML's table shows it alone.
    expect(leftOver(visibleText(mail.html), dataValues(DATA['order-confirmation']))).toBe('Total');
  });
});
