import { describe, expect, it } from 'vitest';
import type { MailOrder, MailReturn, MailTemplates } from './outbox.ts';
import { formatPrice } from '../../../../reference/markets/format.ts';
import { formatShopDays } from '../../../../reference/markets/shop-day.ts';
import { BRAND_NAMES, MAIL_COPY, MAIL_LANGUAGES, MAIL_TEMPLATES, type MailCopy } from './mail-copy.ts';
import { MailRenderError } from './render-values.ts';
import { escapeHtml, mailLanguageOf, renderMail, renderStored } from './templates.ts';

// Values a shopper controls, full of characters HTML must not take as markup.
const NAME = `Zoé <b>"O'Brien"</b> & co`;
const SUBJECT = `<img src=x onerror=alert(1)> Order & "returns"`;
const url = (path: string) => `https://shop.example.org/fr-fr/${path}?token=abc123&lang=fr`;

const media = (pid: string) => `https://shop.example.org/media/products/${pid}/1.svg`;
const product = (slug: string) => `https://shop.example.org/fr-fr/pr/${slug}.html`;
/** An order of two lines, one hostile, delivered to an address with a hostile line. */
const ORDER: MailOrder = {
  currency: 'EUR',
  taxIncluded: true,
  lines: [
    {
      name: 'Sac Le 5 à 7 en cuir',
      color: 'Noir',
      size: 'TU',
      quantity: 1,
      amount: 2900,
      imageUrl: media('7104811EG0W1000'),
      imageAlt: 'Sac Le 5 à 7 en cuir — Noir',
      url: product('sac-le-5-a-7-7104811EG0W1000'),
    },
    {
      name: SUBJECT,
      color: `Rouge "profond"`,
      size: '38',
      quantity: 2,
      amount: 1980.5,
      imageUrl: media('6YSSSSAHKT3R'),
      imageAlt: `${SUBJECT} — Rouge`,
      url: product('derbies-6YSSSSAHKT3R'),
    },
  ],
  delivery: {
    method: 'ShipToAddress',
    kind: 'express delivery',
    address: [`${NAME} Martin`, '12 rue de Sèvres', `<script>alert(1)</script> Bât. B`, '75006 Paris', 'France'],
    estimate: { from: '2026-12-02', to: '2026-12-03' },
  },
  payment: { method: 'card', cardBrand: 'visa', cardLast4: '4242' },
  totals: { subtotal: 4880.5, shipping: 25, tax: 817.58, discount: 0, total: 4905.5 },
};
const SHIPPED: MailOrder = {
  ...ORDER,
  delivery: {
    ...ORDER.delivery,
    carrier: 'DHL Express',
    trackingNumber: 'JD0010010042',
    trackingUrl: 'https://tracking.example.com/DHL%20Express/JD0010010042',
  },
};
const COLLECT: MailOrder = {
  ...ORDER,
  delivery: {
    method: 'ShipToStore',
    kind: 'pickup in store',
    store: 'Saint Laurent <Montaigne>',
    estimate: { from: '2026-12-04', to: '2026-12-05' },
  },
  totals: { ...ORDER.totals, shipping: 0, total: 4880.5 },
};
const RETURN: MailReturn = {
  currency: 'EUR',
  flow: 'Return',
  lines: [
    {
      name: SUBJECT,
      color: 'Rouge',
      size: '38',
      quantity: 1,
      amount: 990.25,
      imageUrl: media('6YSSSSAHKT3R'),
      imageAlt: `${SUBJECT} — Rouge`,
    },
  ],
  refund: { items: 990.25, tax: 165.04, shipping: 0, total: 990.25 },
  payment: { method: 'card', cardBrand: 'visa', cardLast4: '4242' },
};

const DATA: { [T in keyof MailTemplates]: MailTemplates[T] } = {
  activation: { activationUrl: url('activate'), firstName: NAME },
  'account-exists': { signInUrl: url('sign-in'), resetUrl: url('reset'), firstName: NAME },
  'account-none': { signUpUrl: url('sign-up') },
  welcome: { signInUrl: url('sign-in'), firstName: NAME },
  'password-reset': { resetUrl: url('reset'), firstName: NAME },
  'password-changed': { resetUrl: url('reset'), firstName: NAME },
  'account-migration': { setPasswordUrl: url('myaccount/reset-password'), firstName: NAME },
  'newsletter-confirm': { confirmUrl: url('newsletter/confirm') },
  'newsletter-welcome': { unsubscribeUrl: url('newsletter/unsubscribe') },
  'contact-ack': { reference: 'CS-2026-000123', subject: SUBJECT, firstName: NAME },
  'store-reservation-ack': {
    reference: 'RES-20261121-8LM2VC',
    storeName: 'Saint Laurent <Montaigne>',
    productName: SUBJECT,
    size: 'taille 38',
    storeUrl: url('stores/montaigne-1042'),
    firstName: NAME,
  },
  'store-appointment-ack': {
    reference: 'APT-20261121-5DV9NE',
    storeName: 'Saint Laurent <Montaigne>',
    when: 'samedi 28 novembre 2026 à 15:30',
    storeUrl: url('stores/montaigne-1042'),
  },
  'order-confirmation': {
    reference: 'YSL-FR-00010042',
    order: ORDER,
    orderUrl: url('guest/order-online'),
    firstName: NAME,
  },
  'order-shipped': {
    reference: 'YSL-FR-00010042',
    order: SHIPPED,
    orderUrl: url('guest/order-online'),
    firstName: NAME,
  },
  'order-ready': {
    reference: 'YSL-FR-00010042',
    order: COLLECT,
    orderUrl: url('myaccount/order-online'),
    firstName: NAME,
  },
  'order-cancelled': { reference: 'YSL-FR-00010042', order: ORDER, orderUrl: url('myaccount/order-online') },
  'return-request': {
    reference: 'RMA-00030001',
    orderNumber: 'YSL-FR-00010042',
    request: RETURN,
    handover: 'Déposez le colis dans un point relais avant le 5 décembre 2026.',
    outcome: 'Votre nouvelle taille vous est réservée.',
    detailsUrl: url('myaccount/return-thank-you'),
    firstName: NAME,
  },
  'return-lapsed': {
    reference: 'RMA-00030001',
    orderNumber: 'YSL-FR-00010042',
    items: `${SUBJECT} (38 → 39) × 1`,
    outcome: 'La taille réservée pour vous a été libérée.',
    next: 'Ces articles peuvent encore être échangés jusqu’au 20 décembre 2026.',
    orderUrl: url('guest/order-online'),
    firstName: NAME,
  },
};
const LINKS: { [T in keyof MailTemplates]: string[] } = {
  activation: [url('activate')],
  'account-exists': [url('sign-in'), url('reset')],
  'account-none': [url('sign-up')],
  welcome: [url('sign-in')],
  'password-reset': [url('reset')],
  'password-changed': [url('reset')],
  'account-migration': [url('myaccount/reset-password')],
  'newsletter-confirm': [url('newsletter/confirm')],
  'newsletter-welcome': [url('newsletter/unsubscribe')],
  'contact-ack': [],
  'store-reservation-ack': [url('stores/montaigne-1042')],
  'store-appointment-ack': [url('stores/montaigne-1042')],
  'order-confirmation': [
    url('guest/order-online'),
    product('sac-le-5-a-7-7104811EG0W1000'),
    product('derbies-6YSSSSAHKT3R'),
  ],
  'order-shipped': [
    url('guest/order-online'),
    product('sac-le-5-a-7-7104811EG0W1000'),
    product('derbies-6YSSSSAHKT3R'),
    'https://tracking.example.com/DHL%20Express/JD0010010042',
  ],
  'order-ready': [
    url('myaccount/order-online'),
    product('sac-le-5-a-7-7104811EG0W1000'),
    product('derbies-6YSSSSAHKT3R'),
  ],
  'order-cancelled': [
    url('myaccount/order-online'),
    product('sac-le-5-a-7-7104811EG0W1000'),
    product('derbies-6YSSSSAHKT3R'),
  ],
  'return-request': [url('myaccount/return-thank-you')],
  'return-lapsed': [url('guest/order-online')],
};
const LOCALE_OF: Record<(typeof MAIL_LANGUAGES)[number], string> = {
  en: 'en-gb',
  fr: 'fr-fr',
  de: 'de-de',
  es: 'es-es',
  it: 'it-it',
  ja: 'ja-jp',
  ko: 'ko-kr',
  pt: 'pt-br',
  zh: 'zh-cn',
  'zh-hant': 'zh-tw',
};

/** Every string of a language's copy, with where it sits. */
function strings(copy: MailCopy): [string, string][] {
  const out: [string, string][] = [];
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'string') out.push([path, v]);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
  };
  walk(copy, '');
  return out;
}

describe('e-mail language', () => {
  it('follows the market locale, Traditional Chinese for Taiwan, Hong Kong and Macao, English otherwise', () => {
    const cases: Record<string, string> = {
      'fr-fr': 'fr',
      'fr-ch': 'fr',
      'de-at': 'de',
      'en-us': 'en',
      'es-mx': 'es',
      'it-it': 'it',
      'ja-jp': 'ja',
      'ko-kr': 'ko',
      'pt-br': 'pt',
      'pt-pt': 'pt',
      'zh-cn': 'zh',
      'zh-sg': 'zh',
      'zh-tw': 'zh-hant',
      'zh-hk': 'zh-hant',
      'zh-mo': 'zh-hant',
      'zh-hant': 'zh-hant',
      'ZH-TW': 'zh-hant',
      zh_HK: 'zh-hant',
      'nl-nl': 'en',
      'ar-ae': 'en',
      '': 'en',
    };
    for (const [locale, language] of Object.entries(cases)) expect(mailLanguageOf(locale), locale).toBe(language);
  });

  it('knows the brand names', () => {
    expect(BRAND_NAMES).toEqual({
      ysl: 'Saint Laurent',
      amq: 'Alexander McQueen',
      bv: 'Bottega Veneta',
      bal: 'Balenciaga',
    });
  });
});

describe('e-mail copy', () => {
  it('has every string in every language, with only the placeholders its place allows', () => {
    const english = new Map(strings(MAIL_COPY.en));
    for (const language of MAIL_LANGUAGES) {
      const copy = MAIL_COPY[language];
      const own = strings(copy);
      // The same shape as English: no string missing, none extra.
      expect(own.map(([p]) => p).sort(), language).toEqual([...english.keys()].sort());
      for (const [path, value] of own) {
        expect(value.trim(), `${language} ${path}`).not.toBe('');
        const names = [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const ALLOWED: [string, string[]][] = [
          ['greeting', ['firstName', 'brand']],
          ['details.pair', ['label', 'value']],
          ['details.card', ['cardBrand', 'last4']],
          ['templates.contact-ack.', ['brand', 'reference', 'subject']],
          ['templates.store-reservation-ack.', ['brand', 'reference', 'storeName', 'productName', 'size']],
          ['templates.store-appointment-ack.', ['brand', 'reference', 'storeName', 'when']],
          ['templates.return-request.', ['brand', 'reference', 'orderNumber', 'handover', 'outcome']],
          ['templates.return-lapsed.', ['brand', 'reference', 'orderNumber', 'items', 'outcome', 'next']],
          ['templates.order-', ['brand', 'reference']],
        ];
        const allowed = ALLOWED.find(
          ([prefix]) =>
            path === prefix || (prefix.endsWith('.') || prefix.endsWith('-') ? path.startsWith(prefix) : false),
        )?.[1] ?? ['brand'];
        for (const name of names) expect(allowed, `${language} ${path} uses {${name}}`).toContain(name);
        // What names a value in English names it in every language.
        const en = english.get(path) ?? '';
        for (const m of en.matchAll(/\{(reference|subject|firstName|storeName|productName|size|when)\}/g))
          expect(value, `${language} ${path}`).toContain(m[0]);
      }
    }
  });

  it('is translated: no language reuses the English subjects and headings', () => {
    for (const language of MAIL_LANGUAGES.filter((l) => l !== 'en')) {
      for (const template of MAIL_TEMPLATES) {
        const t = MAIL_COPY[language].templates[template];
        const en = MAIL_COPY.en.templates[template];
        expect(t.subject, `${language} ${template}`).not.toBe(en.subject);
        expect(t.heading, `${language} ${template}`).not.toBe(en.heading);
      }
    }
  });
});

describe('rendering', () => {
  for (const language of MAIL_LANGUAGES) {
    it(`renders every template in ${language}: subject, text and HTML, values escaped, links present`, () => {
      const locale = LOCALE_OF[language];
      for (const template of MAIL_TEMPLATES) {
        const what = `${language} ${template}`;
        const mail = renderMail(template, DATA[template] as never, { locale, brandName: 'Saint Laurent' });
        const copy = MAIL_COPY[language];
        const t = copy.templates[template];
        expect(mail.language, what).toBe(language);

        // Nothing left unfilled, nothing empty.
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part.trim(), what).not.toBe('');
          expect(part, what).not.toMatch(/\{\w+\}/);
          expect(part, what).not.toContain('undefined');
        }
        expect(mail.subject, what).not.toMatch(/[\r\n]/);
        expect(mail.subject, what).toContain('Saint Laurent');
        if (template === 'contact-ack') expect(mail.subject, what).toContain('CS-2026-000123');

        // The links, the button's first, in the text and (escaped) in the HTML.
        expect(mail.links, what).toEqual(LINKS[template]);
        for (const link of mail.links) {
          expect(mail.text, what).toContain(link);
          expect(mail.html, what).toContain(`href="${escapeHtml(link)}"`);
        }
        if ('action' in t) {
          // One button: the only black block link.
          expect(mail.html.match(/display:inline-block/g), what).toHaveLength(1);
          expect(mail.html, what).toContain(`>${escapeHtml(t.action)}</a>`);
          expect(mail.text, what).toContain(t.action);
        } else {
          expect(mail.html, what).not.toContain('display:inline-block');
        }

        // Values are escaped in HTML, shown as typed in the plain text.
        expect(mail.html, what).not.toContain('<b>');
        expect(mail.html, what).not.toContain('<img src=x');
        expect(mail.html, what).not.toContain('<script>');
        expect(mail.html, what).not.toMatch(/<script/i);
        if ('firstName' in DATA[template]) {
          expect(mail.html, what).toContain(escapeHtml(NAME));
          expect(mail.text, what).toContain(NAME);
        } else {
          const greeting = copy.greetingDefault;
          expect(mail.text, what).toContain(greeting);
        }
        if (template === 'contact-ack') {
          expect(mail.html, what).toContain(escapeHtml(SUBJECT));
          expect(mail.text, what).toContain(SUBJECT);
        }

        // The document: its language, its title, the brand, the sign-off and the automatic notice.
        expect(mail.html, what).toMatch(new RegExp(`^<!DOCTYPE html>\\n<html lang="${copy.htmlLang}" dir="ltr">`));
        expect(mail.html, what).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
        expect(mail.html, what).toContain('>Saint Laurent</td>');
        expect(mail.html, what).toContain(escapeHtml(copy.signature.replace('{brand}', 'Saint Laurent')));
        expect(mail.text, what).toContain(copy.automatic);
        expect(mail.html, what).toContain(escapeHtml(t.heading.replace('{brand}', 'Saint Laurent')));
        const values: Record<string, string> = {
          brand: 'Saint Laurent',
          ...(DATA[template] as Record<string, string>),
        };
        for (const p of t.body)
          expect(mail.text, what).toContain(p.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m));
      }
    });
  }

  it('greets by first name, or formally when there is none', () => {
    const named = renderMail(
      'welcome',
      { signInUrl: url('sign-in'), firstName: '  Claire ' },
      { locale: 'fr-fr', brandName: 'Balenciaga' },
    );
    expect(named.text).toContain('Bonjour Claire,');
    const unnamed = renderMail(
      'welcome',
      { signInUrl: url('sign-in'), firstName: '  ' },
      { locale: 'de-de', brandName: 'Balenciaga' },
    );
    expect(unnamed.text).toContain('Sehr geehrte Kundin, sehr geehrter Kunde,');
    const ja = renderMail(
      'welcome',
      { signInUrl: url('sign-in'), firstName: '花子' },
      { locale: 'ja-jp', brandName: 'Balenciaga' },
    );
    expect(ja.text).toContain('花子 様');
  });

  it('signs with the brand name it is given', () => {
    for (const brandName of Object.values(BRAND_NAMES)) {
      const mail = renderMail('activation', { activationUrl: url('activate') }, { locale: 'en-us', brandName });
      expect(mail.subject).toBe(`Activate your ${brandName} account`);
      expect(mail.text.startsWith(`${brandName.toUpperCase()}\n`)).toBe(true);
    }
  });

  it('sends the newsletter unsubscribe link as List-Unsubscribe, and leaves it out when there is none', () => {
    const withLink = renderMail(
      'newsletter-welcome',
      { unsubscribeUrl: url('unsubscribe') },
      { locale: 'it-it', brandName: 'Bottega Veneta' },
    );
    expect(withLink.listUnsubscribe).toBe(url('unsubscribe'));
    const without = renderMail('newsletter-welcome', {}, { locale: 'it-it', brandName: 'Bottega Veneta' });
    expect(without.links).toEqual([]);
    expect(without.listUnsubscribe).toBeUndefined();
    expect(without.text).not.toContain(MAIL_COPY.it.templates['newsletter-welcome'].secondary.label);
    expect(without.html).not.toContain('<a ');
  });

  it('keeps a subject on one line whatever the reference holds', () => {
    const mail = renderMail(
      'contact-ack',
      { reference: 'CS-1\r\nBcc: x@example.org', subject: 'Hello' },
      { locale: 'en-us', brandName: 'Saint Laurent' },
    );
    expect(mail.subject).toBe('Your message to Saint Laurent – reference CS-1 Bcc: x@example.org');
  });

  it('refuses what cannot be sent: unknown template, missing data, a link that is not http(s)', () => {
    const brandName = 'Saint Laurent';
    expect(() => renderStored({ template: 'order-teleported', locale: 'en-us', data: {} }, brandName)).toThrow(
      MailRenderError,
    );
    expect(() => renderStored({ template: 'activation', locale: 'en-us', data: {} }, brandName)).toThrow(
      /activationUrl/,
    );
    expect(() => renderStored({ template: 'activation', locale: 'en-us', data: null }, brandName)).toThrow(
      MailRenderError,
    );
    expect(() =>
      renderStored({ template: 'account-exists', locale: 'en-us', data: { signInUrl: url('a') } }, brandName),
    ).toThrow(/resetUrl/);
    expect(() =>
      renderStored({ template: 'contact-ack', locale: 'en-us', data: { reference: 'CS-1' } }, brandName),
    ).toThrow(/subject/);
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', '/fr-fr/activate?token=1', 'not a url']) {
      expect(
        () => renderStored({ template: 'activation', locale: 'en-us', data: { activationUrl: bad } }, brandName),
        bad,
      ).toThrow(MailRenderError);
    }
    // A stored row renders as the typed call does.
    const stored = renderStored(
      { template: 'password-reset', locale: 'ko-kr', data: { resetUrl: url('reset') } },
      brandName,
    );
    expect(stored).toEqual(renderMail('password-reset', { resetUrl: url('reset') }, { locale: 'ko-kr', brandName }));
  });
});

describe('order and return details', () => {
  const ORDER_KINDS = ['order-confirmation', 'order-shipped', 'order-ready', 'order-cancelled'] as const;
  const CASES = [
    { locale: 'fr-fr', language: 'fr' as const },
    { locale: 'ja-jp', language: 'ja' as const },
  ];

  for (const { locale, language } of CASES) {
    const d = MAIL_COPY[language].details;
    const pair = (label: string, value: string) => d.pair.replace('{label}', label).replace('{value}', value);
    const money = (n: number) => formatPrice(n, 'EUR', locale);

    for (const template of ORDER_KINDS) {
      it(`${template} in ${locale}: a row per line item, the delivery, the payment and amounts, the links — in HTML and in plain text`, () => {
        const data = DATA[template];
        const order = data.order;
        const mail = renderMail(template, data as never, { locale, brandName: 'Saint Laurent' });
        const both = (part: string) => {
          expect(mail.html, part).toContain(escapeHtml(part));
          expect(mail.text, part).toContain(part);
        };

        // One row per line: its picture (absolute URL, size, alternative text), name, colour, size, quantity and price.
        expect(mail.html.match(/<img class="sf-picture" /g)).toHaveLength(order.lines.length);
        for (const line of order.lines) {
          expect(mail.html).toContain(
            `src="${line.imageUrl}" width="96" height="120" alt="${escapeHtml(line.imageAlt)}"`,
          );
          both(line.name);
          both(pair(d.color, line.color));
          both(line.size === 'TU' ? d.oneSize : pair(d.size, line.size));
          both(pair(d.quantity, String(line.quantity)));
          both(money(line.amount));
          expect(mail.html).toContain(`href="${line.url}"`);
          expect(mail.text).toContain(line.url!);
        }
        both(pair(d.orderNumber, data.reference));

        // The delivery: method, then the address lines or the boutique, and the estimated days in the long form.
        const delivery = order.delivery;
        if (delivery.method === 'ShipToAddress') {
          both(pair(d.method, d.kinds[delivery.kind!]));
          for (const line of delivery.address!) both(line);
          both(pair(d.estimateDelivery, formatShopDays('2026-12-02', '2026-12-03', locale)));
        } else {
          both(pair(d.method, d.methods.ShipToStore));
          both(delivery.store!);
          both(pair(d.estimateCollection, formatShopDays('2026-12-04', '2026-12-05', locale)));
        }
        if (template === 'order-shipped') {
          both(pair(d.carrier, 'DHL Express'));
          both(pair(d.trackingNumber, 'JD0010010042'));
          expect(mail.html).toContain(`<a href="https://tracking.example.com/DHL%20Express/JD0010010042"`);
          expect(mail.text).toContain(`${d.track}\nhttps://tracking.example.com/DHL%20Express/JD0010010042`);
        }

        // The payment summary: card, subtotal, delivery (complimentary when free), taxes, total.
        both(d.card.replace('{cardBrand}', 'Visa').replace('{last4}', '4242'));
        for (const [label, value] of [
          [d.subtotal, money(order.totals.subtotal)],
          [d.shipping, order.totals.shipping === 0 ? d.free : money(order.totals.shipping)],
          [d.taxIncluded, money(order.totals.tax)],
          [d.total, money(order.totals.total)],
        ] as const) {
          expect(mail.text).toContain(pair(label, value));
          expect(mail.html).toContain(`>${escapeHtml(label)}</td>`);
          expect(mail.html).toContain(`>${escapeHtml(value)}</td>`);
        }
        // The order page, first.
        expect(mail.links[0]).toBe(data.orderUrl);
      });
    }

    it(`return-request in ${locale}: the returned lines and the refund`, () => {
      const data = DATA['return-request'];
      const mail = renderMail('return-request', data, { locale, brandName: 'Saint Laurent' });
      for (const part of [
        pair(d.returnNumber, data.reference),
        pair(d.orderNumber, data.orderNumber),
        pair(d.size, '38'),
        pair(d.quantity, '1'),
        data.handover,
        data.outcome,
      ]) {
        expect(mail.html, part).toContain(escapeHtml(part));
        expect(mail.text, part).toContain(part);
      }
      expect(mail.html.match(/<img class="sf-picture" /g)).toHaveLength(1);
      expect(mail.text).toContain(pair(d.refundItems, money(990.25)));
      expect(mail.text).toContain(pair(d.taxIncluded, money(165.04)));
      expect(mail.text).toContain(pair(d.refundTotal, money(990.25)));
      expect(mail.links).toEqual([data.detailsUrl]);
    });
  }

  it('writes yen without decimals and an exchange with its new size and no refund block', () => {
    const mail = renderMail(
      'return-request',
      {
        ...DATA['return-request'],
        request: {
          ...RETURN,
          currency: 'JPY',
          flow: 'Exchange',
          lines: [{ ...RETURN.lines[0]!, newSize: '39', amount: 0 }],
          refund: { items: 0, tax: 0, shipping: 0, total: 0 },
        },
      },
      { locale: 'ja-jp', brandName: 'Saint Laurent' },
    );
    expect(mail.text).toContain('交換後のサイズ：39');
    expect(mail.text).not.toContain(MAIL_COPY.ja.details.refundTotal);
    const order = renderMail(
      'order-confirmation',
      {
        ...DATA['order-confirmation'],
        order: { ...ORDER, currency: 'JPY', totals: { ...ORDER.totals, total: 123456 } },
      },
      { locale: 'ja-jp', brandName: 'Saint Laurent' },
    );
    expect(order.text).toContain('合計：¥123,456');
  });

  it('escapes every interpolated value: names, colours, addresses, boutiques, alternative texts', () => {
    for (const template of [...ORDER_KINDS, 'return-request'] as const) {
      const mail = renderMail(template, DATA[template] as never, { locale: 'fr-fr', brandName: 'Saint Laurent' });
      expect(mail.html, template).not.toContain('<script>');
      expect(mail.html, template).not.toContain('<img src=x');
      expect(mail.html, template).not.toContain('<b>');
      expect(mail.html, template).not.toContain('"profond"');
      expect(mail.html, template).not.toContain('<Montaigne>');
      // Every tag of the e-mail is one the template writes.
      const tags = new Set([...mail.html.matchAll(/<\/?([a-zA-Z0-9!]+)/g)].map((m) => m[1]!.toLowerCase()));
      expect(
        [...tags].filter(
          (t) =>
            ![
              '!doctype',
              'html',
              'head',
              'meta',
              'title',
              'style',
              'body',
              'div',
              'table',
              'tr',
              'td',
              'h1',
              'h2',
              'a',
              'img',
              'br',
              'span',
            ].includes(t),
        ),
        template,
      ).toEqual([]);
    }
  });

  it('is built for mail clients: tables for layout, a dark palette, a hidden preheader, 600 px at most', () => {
    const mail = renderMail('order-confirmation', DATA['order-confirmation'], {
      locale: 'fr-fr',
      brandName: 'Saint Laurent',
    });
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toMatch(
      /@media \(prefers-color-scheme: dark\)\{[^}]*\.sf-bg\{background-color:#111111 !important;\}/,
    );
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).not.toMatch(/<table(?![^>]*role="presentation")/);
    expect(mail.html).toMatch(
      /<body[^>]*>\n<div style="display:none;[^"]*">Nous avons bien reçu votre commande YSL-FR-00010042/,
    );
    // Styles are inline: the <style> block holds only the dark palette and the narrow-screen rules.
    const style = /<style>([\s\S]*?)<\/style>/.exec(mail.html)![1]!;
    expect(
      style
        .replace(/@media[^{]+\{(?:[^{}]*\{[^}]*\})*[^}]*\}/g, '')
        .replace(/\[data-og\w+\][^{]+\{[^}]*\}/g, '')
        .replace(/:root\{[^}]*\}/, '')
        .trim(),
    ).toBe('');
  });

  it('refuses order data it cannot show: no lines, an amount that is not a number, a picture that is not http(s)', () => {
    const brandName = 'Saint Laurent';
    const row = (order: unknown) => ({
      template: 'order-confirmation',
      locale: 'fr-fr',
      data: { reference: 'YSL-FR-1', orderUrl: url('o'), order },
    });
    expect(() => renderStored(row(undefined), brandName)).toThrow(/order/);
    expect(() => renderStored(row({ ...ORDER, lines: [] }), brandName)).toThrow(/order\.lines/);
    expect(() => renderStored(row({ ...ORDER, totals: { ...ORDER.totals, total: '12' } }), brandName)).toThrow(
      /order\.totals\.total/,
    );
    expect(() =>
      renderStored(row({ ...ORDER, lines: [{ ...ORDER.lines[0], imageUrl: 'javascript:alert(1)' }] }), brandName),
    ).toThrow(MailRenderError);
    expect(() =>
      renderStored(row({ ...ORDER, delivery: { method: 'ShipToAddress', address: [] } }), brandName),
    ).toThrow(/address/);
  });
});
