import { describe, expect, it } from 'vitest';
import type { MailTemplates } from './outbox.ts';
import {
  BRAND_NAMES,
  MAIL_COPY,
  MAIL_LANGUAGES,
  MAIL_TEMPLATES,
  MailRenderError,
  escapeHtml,
  mailLanguageOf,
  renderMail,
  renderStored,
  type MailCopy,
} from './templates.ts';

// Values a shopper controls, full of characters HTML must not take as markup.
const NAME = `Zoé <b>"O'Brien"</b> & co`;
const SUBJECT = `<img src=x onerror=alert(1)> Order & "returns"`;
const url = (path: string) => `https://shop.example.org/fr-fr/${path}?token=abc123&lang=fr`;

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
  'store-reservation-ack': { reference: 'RES-20261121-8LM2VC', storeName: 'Saint Laurent <Montaigne>', productName: SUBJECT, size: 'taille 38', storeUrl: url('stores/montaigne-1042'), firstName: NAME },
  'store-appointment-ack': { reference: 'APT-20261121-5DV9NE', storeName: 'Saint Laurent <Montaigne>', when: 'samedi 28 novembre 2026 à 15:30', storeUrl: url('stores/montaigne-1042') },
  'order-confirmation': { reference: 'YSL-FR-00010042', items: `1 × ${SUBJECT}, taille 38 — 990,00 €`, total: '1 015,00 €', delivery: 'Livraison express, entre le 26 et le 27 novembre.', orderUrl: url('guest/order-online'), firstName: NAME },
  'order-cancelled': { reference: 'YSL-FR-00010042', total: '1 015,00 €', orderUrl: url('myaccount/order-online') },
  'return-request': { reference: 'RMA-00030001', orderNumber: 'YSL-FR-00010042', items: `${SUBJECT} (38 → 39) × 1`, handover: 'Déposez le colis dans un point relais avant le 5 décembre 2026.', outcome: 'Votre nouvelle taille vous est réservée.', detailsUrl: url('myaccount/return-thank-you'), firstName: NAME },
  'return-lapsed': { reference: 'RMA-00030001', orderNumber: 'YSL-FR-00010042', items: `${SUBJECT} (38 → 39) × 1`, outcome: 'La taille réservée pour vous a été libérée.', next: 'Ces articles peuvent encore être échangés jusqu’au 20 décembre 2026.', orderUrl: url('guest/order-online'), firstName: NAME },
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
  'order-confirmation': [url('guest/order-online')],
  'order-cancelled': [url('myaccount/order-online')],
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
    expect(BRAND_NAMES).toEqual({ ysl: 'Saint Laurent', amq: 'Alexander McQueen', bv: 'Bottega Veneta', bal: 'Balenciaga' });
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
        const allowed =
          path === 'greeting'
            ? ['firstName', 'brand']
            : path.startsWith('templates.contact-ack.')
              ? ['brand', 'reference', 'subject']
              : path.startsWith('templates.store-reservation-ack.')
                ? ['brand', 'reference', 'storeName', 'productName', 'size']
                : path.startsWith('templates.store-appointment-ack.')
                  ? ['brand', 'reference', 'storeName', 'when']
                  : path.startsWith('templates.return-request.')
                    ? ['brand', 'reference', 'orderNumber', 'items', 'handover', 'outcome']
                    : path.startsWith('templates.return-lapsed.')
                    ? ['brand', 'reference', 'orderNumber', 'items', 'outcome', 'next']
                    : path.startsWith('templates.order-confirmation.')
                      ? ['brand', 'reference', 'items', 'total', 'delivery']
                      : path.startsWith('templates.order-cancelled.')
                        ? ['brand', 'reference', 'total']
                        : ['brand'];
        for (const name of names) expect(allowed, `${language} ${path} uses {${name}}`).toContain(name);
        // What names a value in English names it in every language.
        const en = english.get(path) ?? '';
        for (const m of en.matchAll(/\{(reference|subject|firstName|storeName|productName|size|when)\}/g)) expect(value, `${language} ${path}`).toContain(m[0]);
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
        expect(mail.html, what).not.toContain('<img');
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
        const values: Record<string, string> = { brand: 'Saint Laurent', ...(DATA[template] as Record<string, string>) };
        for (const p of t.body) expect(mail.text, what).toContain(p.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m));
      }
    });
  }

  it('greets by first name, or formally when there is none', () => {
    const named = renderMail('welcome', { signInUrl: url('sign-in'), firstName: '  Claire ' }, { locale: 'fr-fr', brandName: 'Balenciaga' });
    expect(named.text).toContain('Bonjour Claire,');
    const unnamed = renderMail('welcome', { signInUrl: url('sign-in'), firstName: '  ' }, { locale: 'de-de', brandName: 'Balenciaga' });
    expect(unnamed.text).toContain('Sehr geehrte Kundin, sehr geehrter Kunde,');
    const ja = renderMail('welcome', { signInUrl: url('sign-in'), firstName: '花子' }, { locale: 'ja-jp', brandName: 'Balenciaga' });
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
    const withLink = renderMail('newsletter-welcome', { unsubscribeUrl: url('unsubscribe') }, { locale: 'it-it', brandName: 'Bottega Veneta' });
    expect(withLink.listUnsubscribe).toBe(url('unsubscribe'));
    const without = renderMail('newsletter-welcome', {}, { locale: 'it-it', brandName: 'Bottega Veneta' });
    expect(without.links).toEqual([]);
    expect(without.listUnsubscribe).toBeUndefined();
    expect(without.text).not.toContain(MAIL_COPY.it.templates['newsletter-welcome'].secondary.label);
    expect(without.html).not.toContain('<a ');
  });

  it('keeps a subject on one line whatever the reference holds', () => {
    const mail = renderMail('contact-ack', { reference: 'CS-1\r\nBcc: x@example.org', subject: 'Hello' }, { locale: 'en-us', brandName: 'Saint Laurent' });
    expect(mail.subject).toBe('Your message to Saint Laurent – reference CS-1 Bcc: x@example.org');
  });

  it('refuses what cannot be sent: unknown template, missing data, a link that is not http(s)', () => {
    const brandName = 'Saint Laurent';
    expect(() => renderStored({ template: 'order-shipped', locale: 'en-us', data: {} }, brandName)).toThrow(MailRenderError);
    expect(() => renderStored({ template: 'activation', locale: 'en-us', data: {} }, brandName)).toThrow(/activationUrl/);
    expect(() => renderStored({ template: 'activation', locale: 'en-us', data: null }, brandName)).toThrow(MailRenderError);
    expect(() => renderStored({ template: 'account-exists', locale: 'en-us', data: { signInUrl: url('a') } }, brandName)).toThrow(/resetUrl/);
    expect(() => renderStored({ template: 'contact-ack', locale: 'en-us', data: { reference: 'CS-1' } }, brandName)).toThrow(/subject/);
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', '/fr-fr/activate?token=1', 'not a url']) {
      expect(() => renderStored({ template: 'activation', locale: 'en-us', data: { activationUrl: bad } }, brandName), bad).toThrow(MailRenderError);
    }
    // A stored row renders as the typed call does.
    const stored = renderStored({ template: 'password-reset', locale: 'ko-kr', data: { resetUrl: url('reset') } }, brandName);
    expect(stored).toEqual(renderMail('password-reset', { resetUrl: url('reset') }, { locale: 'ko-kr', brandName }));
  });
});
