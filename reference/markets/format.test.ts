import { describe, expect, it } from 'vitest';
import { activeLocales, countries, currencies } from './index.ts';
import {
  currencyFormatOf,
  formatDate,
  formatDateRange,
  formatDay,
  formatDateTime,
  formatNumber,
  formatPrice,
  intlLocale,
  joinDateParts,
  keepShopDayTemplate,
  keptShopDayTemplate,
  noBreakSpaces,
  plainSpaces,
} from './format.ts';
import { formatShopDay, formatShopDays, SHOP_DAY, SHOP_DAY_WITH_YEAR } from './shop-day.ts';
import { shopDayTemplate } from './shop-day-template.ts';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

// Spec §9: every formatted currency, 1234.5 and 1234 as the currency table writes them.
const EXPECTED: Record<string, [string, string]> = {
  EUR: ['1 234,50 €', '1 234,00 €'],
  GBP: ['£1,234.50', '£1,234.00'],
  CHF: ["CHF 1'234.50", "CHF 1'234.00"],
  USD: ['$1,234.50', '$1,234.00'],
  CAD: ['CA$1,234.50', 'CA$1,234.00'],
  BRL: ['R$ 1.234,50', 'R$ 1.234,00'],
  MXN: ['MX$1,234.50', 'MX$1,234.00'],
  AUD: ['A$1,234.50', 'A$1,234.00'],
  NZD: ['NZ$1,234.50', 'NZ$1,234.00'],
  HKD: ['HK$1,234.50', 'HK$1,234.00'],
  // No minor unit: rounded to whole yen / won.
  JPY: ['¥1,235', '¥1,234'],
  KRW: ['₩1,235', '₩1,234'],
  MOP: ['MOP$1,234.50', 'MOP$1,234.00'],
  MYR: ['RM1,234.50', 'RM1,234.00'],
  SGD: ['S$1,234.50', 'S$1,234.00'],
  THB: ['฿1,234.50', '฿1,234.00'],
  TWD: ['NT$1,234.50', 'NT$1,234.00'],
  AED: ['AED 1,234.50', 'AED 1,234.00'],
  QAR: ['QAR 1,234.50', 'QAR 1,234.00'],
  // Spec §9: SAR drops the decimals of whole amounts only.
  SAR: ['SAR 1,234.50', 'SAR 1,234'],
  CNY: ['CN¥1,234.50', 'CN¥1,234.00'],
};

describe('formatPrice', () => {
  it('has an expectation for every currency of the table', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(currencies).sort());
  });

  it.each(Object.entries(EXPECTED))('%s: 1234.5 and 1234', (code, [half, whole]) => {
    expect(nbsp(formatPrice(1234.5, code, 'en-us'))).toBe(half);
    expect(nbsp(formatPrice(1234, code, 'en-us'))).toBe(whole);
    // The table decides, not the language of the page.
    expect(formatPrice(1234.5, code, 'ja-jp')).toBe(formatPrice(1234.5, code, 'fr-fr'));
    // Never wraps: spaces are non-breaking.
    expect(formatPrice(1234.5, code, 'en-us')).not.toContain(' ');
  });

  it.each(countries.filter((c) => c.currency !== null).map((c) => [c.country, c] as const))(
    '%s: its currency is in the table and every locale formats it',
    (_code, c) => {
      expect(currencyFormatOf(c.currency as string)).toBeDefined();
      for (const locale of c.locales) {
        const text = formatPrice(1234.5, c.currency as string, locale);
        expect(text).toContain(c.currencySymbol as string);
        expect(nbsp(text)).toMatch(/1[ ,.']23[45]/);
      }
    },
  );

  it('formats large, small, zero and negative amounts', () => {
    expect(nbsp(formatPrice(1234567.891, 'EUR', 'fr-fr'))).toBe('1 234 567,89 €');
    expect(formatPrice(0.5, 'USD', 'en-us')).toBe('$0.50');
    expect(formatPrice(0, 'USD', 'en-us')).toBe('$0.00');
    expect(formatPrice(-12.5, 'GBP', 'en-gb')).toBe('-£12.50');
    expect(formatPrice(-0.001, 'USD', 'en-us')).toBe('$0.00');
    expect(formatPrice(190000, 'JPY', 'ja-jp')).toBe('¥190,000');
    expect(formatPrice(4500, 'SAR', 'en-sa')).not.toMatch(/\.00/);
    expect(formatPrice(4500.5, 'SAR', 'en-sa')).toMatch(/4,500\.50/);
  });

  it('falls back to Intl for a currency the table does not know', () => {
    expect(formatPrice(10, 'SEK', 'en-us')).toMatch(/10\.00/);
  });

  it('maps placeholder locales to a language-only Intl locale', () => {
    expect(intlLocale('en-en')).toBe('en');
    expect(intlLocale('zh-zh')).toBe('zh');
    expect(intlLocale('fr-ch')).toBe('fr-CH');
  });
});

describe('formatDate (spec §9)', () => {
  const byFormat = { 'MM/dd/yyyy': '03/04/2026', 'yyyy/MM/dd': '2026/03/04', 'dd/MM/yyyy': '04/03/2026' };
  const YEAR_FIRST = ['JP', 'KR', 'CA'];

  it.each(countries.map((c) => [c.country] as const))('%s', (country) => {
    const expected =
      country === 'US'
        ? byFormat['MM/dd/yyyy']
        : YEAR_FIRST.includes(country)
          ? byFormat['yyyy/MM/dd']
          : byFormat['dd/MM/yyyy'];
    expect(formatDate('2026-03-04', country)).toBe(expected);
    expect(formatDate(new Date(Date.UTC(2026, 2, 4, 12)), country, 'UTC')).toBe(expected);
  });

  it('shows an instant in the given time zone, and a calendar date unshifted', () => {
    const instant = '2026-03-04T23:30:00Z';
    expect(formatDate(instant, 'FR', 'Europe/Paris')).toBe('05/03/2026');
    expect(formatDate(instant, 'US', 'America/New_York')).toBe('03/04/2026');
    expect(formatDate('2026-12-31', 'JP')).toBe('2026/12/31');
    expect(() => formatDate('not a date', 'FR')).toThrow(RangeError);
  });
});

// Intl text rendered by the server and again by the browser must be the same string on both sides, or React
// discards the server HTML (hydration error #418): Node writes thin spaces (U+2009) around a range's dash where
// Chromium writes plain ones, and engines differ on U+202F / U+00A0 in times and numbers.
describe('Intl text rendered on both sides', () => {
  const exotic = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/;

  it('writes every space of a date plain and every space of a number non-breaking', () => {
    expect(plainSpaces('10 novembre\u2009–\u200920 décembre\u00a02026\u202f')).toBe('10 novembre – 20 décembre 2026 ');
    expect(noBreakSpaces('1\u202f234,5 km')).toBe('1\u00a0234,5\u00a0km');
  });

  it('formats an event range with plain spaces around the dash, in every language', () => {
    const start = '2026-11-10T10:00:00Z';
    expect(
      formatDateRange(
        start,
        '2026-12-20T10:00:00Z',
        'fr-fr',
        { day: 'numeric', month: 'long', year: 'numeric' },
        'Europe/Paris',
      ),
    ).toBe('10 novembre – 20 décembre 2026');
    expect(
      formatDateRange(
        start,
        '2026-11-12T18:00:00Z',
        'en-gb',
        { day: 'numeric', month: 'long', year: 'numeric' },
        'Europe/Paris',
      ),
    ).toBe('10 – 12 November 2026');
    expect(
      formatDateRange(
        start,
        '2026-11-12T18:00:00Z',
        'ko-kr',
        { day: 'numeric', month: 'long', year: 'numeric' },
        'Europe/Paris',
      ),
    ).toBe('2026년 11월 10일 ~ 12일');
    expect(formatDateTime(start, 'ko-kr', { hour: 'numeric', minute: '2-digit' }, 'Europe/Paris')).toBe('오전 11:00');
    expect(
      formatDateRange(start, '2026-11-10T13:00:00Z', 'ko-kr', { hour: 'numeric', minute: '2-digit' }, 'Europe/Paris'),
    ).toMatch(/^오전 11:00 ~ 오후 2:00$/);
    for (const locale of ['fr-fr', 'en-us', 'de-de', 'it-it', 'es-es', 'pt-br', 'ja-jp', 'ko-kr', 'zh-cn', 'zh-tw']) {
      expect(
        formatDateRange(
          start,
          '2026-12-20T10:00:00Z',
          locale,
          { day: 'numeric', month: 'long', year: 'numeric' },
          'Europe/Paris',
        ),
      ).not.toMatch(exotic);
      expect(formatDay('2026-11-10', locale, { weekday: 'long', day: 'numeric', month: 'long' })).not.toMatch(exotic);
      expect(formatDateTime(start, locale, { dateStyle: 'full', timeStyle: 'short' }, 'Europe/Paris')).not.toMatch(
        exotic,
      );
    }
  });

  it('formats numbers with non-breaking spaces only', () => {
    expect(formatNumber(1234.5, 'fr-fr', { maximumFractionDigits: 1 })).toBe('1\u00a0234,5');
    expect(formatNumber(12.25, 'en-us', { maximumFractionDigits: 1 })).toBe('12.3');
    expect(formatPrice(1234.5, 'XAF', 'fr-fr')).not.toMatch(/[ \u202f]/);
  });
});

describe('the one day format (formatShopDay, formatShopDays)', () => {
  it('writes a day as weekday, day and month, short, in the language of the locale', () => {
    expect(formatShopDay('2026-12-02', 'fr-fr')).toBe('mer. 2 déc.');
    expect(formatShopDay('2026-12-02', 'en-us')).toBe('Wed, Dec 2');
    expect(formatShopDay('2026-12-02', 'ja-jp')).toBe('12月2日(水)');
    // An instant's calendar day is the one written, never shifted by the time zone.
    expect(formatShopDay('2026-12-02T23:30:00Z', 'fr-fr')).toBe('mer. 2 déc.');
    expect(formatShopDay('2026-12-02', 'fr-fr', true)).toBe('mer. 2 déc. 2026');
  });

  it('writes a range as its two days each written whole, with the language’s separator', () => {
    expect(formatShopDays('2026-12-02', '2026-12-04', 'fr-fr')).toBe('mer. 2 déc. – ven. 4 déc.');
    expect(formatShopDays('2026-12-02', '2026-12-04', 'en-gb')).toBe('Wed 2 Dec – Fri 4 Dec');
    expect(formatShopDays('2026-12-02', '2026-12-04', 'ja-jp')).toBe('12月2日(水)～12月4日(金)');
    expect(formatShopDays('2026-12-02', '2026-12-04', 'ko-kr')).toBe('12월 2일 (수) ~ 12월 4일 (금)');
    expect(formatShopDays('2026-12-02', '2026-12-04', 'zh-cn')).toBe('12月2日周三至12月4日周五');
    expect(formatShopDays('2026-12-02', '2026-12-02', 'fr-fr')).toBe('mer. 2 déc.');
  });

  it('writes each end of a range exactly as the single day, in every language of the site', () => {
    for (const locale of ['en-us', 'fr-fr', 'de-de', 'es-es', 'it-it', 'pt-br', 'ja-jp', 'ko-kr', 'zh-cn', 'zh-tw']) {
      const range = formatShopDays('2026-12-30', '2027-01-04', locale);
      expect(range.startsWith(formatShopDay('2026-12-30', locale)), `${locale}: ${range}`).toBe(true);
      expect(range.endsWith(formatShopDay('2027-01-04', locale)), `${locale}: ${range}`).toBe(true);
      // Plain spaces only: the server and the browser write the same text (no hydration error).
      expect(range).not.toMatch(/[\u00a0\u2009\u202f]/);
    }
  });
});

describe('the one day format without Intl (shopDayTemplate)', () => {
  const viaIntl = (day: string, locale: string, withYear: boolean) =>
    formatDay(day, locale, withYear ? SHOP_DAY_WITH_YEAR : SHOP_DAY);

  it('writes every day of two years exactly as Intl does, in every locale of the site', () => {
    const locales = [...activeLocales(), 'en-xx'];
    let checked = 0;
    for (const locale of locales) {
      expect(shopDayTemplate(locale), locale).toBeDefined();
      for (const withYear of [false, true]) {
        // What formatDay writes, with one formatter for the locale (a new one per day would take seconds).
        const intl = new Intl.DateTimeFormat(intlLocale(locale), {
          ...(withYear ? SHOP_DAY_WITH_YEAR : SHOP_DAY),
          timeZone: 'UTC',
        });
        for (let t = Date.UTC(2027, 11, 31); t >= Date.UTC(2026, 0, 1); t -= 86_400_000) {
          const day = new Date(t).toISOString().slice(0, 10);
          const written = formatShopDay(day, locale, withYear);
          const expected = joinDateParts(intl.formatToParts(new Date(t)), locale);
          if (written !== expected) expect(written, `${locale} ${day}${withYear ? ' with year' : ''}`).toBe(expected);
          checked++;
        }
      }
      expect(formatShopDay('2026-12-02', locale)).toBe(viaIntl('2026-12-02', locale, false));
    }
    expect(checked).toBe(locales.length * 730 * 2);
    // A leap day, and a year of another length.
    expect(formatShopDay('2028-02-29', 'fr-fr', true)).toBe(viaIntl('2028-02-29', 'fr-fr', true));
    expect(formatShopDay('0999-03-01', 'ja-jp', true)).toBe(viaIntl('0999-03-01', 'ja-jp', true));
  });

  it('writes with Intl until a template is kept, then with the template as it is', () => {
    expect(keptShopDayTemplate('pt-pt')).toBeUndefined();
    expect(formatShopDay('2026-12-02', 'pt-pt')).toBe(viaIntl('2026-12-02', 'pt-pt', false));
    const template = shopDayTemplate('de-de')!;
    expect(template.weekdays).toHaveLength(7);
    expect(template.months).toHaveLength(12);
    // es-us is not a locale of the site: its template is the one kept, not Intl's.
    const seeded = { ...template, day: '{day}|{month}|{weekday}' };
    keepShopDayTemplate('es-us', seeded);
    expect(formatShopDay('2026-12-02', 'es-us')).toBe('2|Dez.|Mi.');
  });

  it('falls back to Intl for what is not a calendar day', () => {
    expect(formatShopDay('not a day', 'fr-fr')).toBe('not a day');
  });
});
