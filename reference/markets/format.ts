// Money and dates as the market shows them, from the market data (reference/markets), for the web and the
// server (prices and dates in e-mails and product data): the currency
// table of spec §9 (symbol, grouping separator, decimal mark, pattern; JPY and SAR drop the decimals of
// whole amounts) and the country date formats (US MM/dd/yyyy; JP, KR, CA yyyy/MM/dd; others dd/MM/yyyy).
import currencyTable from './currencies.json' with { type: 'json' };
import type { CurrencyFormat } from './index.ts';
import { dateFormatOf } from './rules.ts';

const CURRENCIES = currencyTable as Record<string, CurrencyFormat>;
/** Spaces of the table are written non-breaking, so that a price never wraps. */
const NBSP = '\u00a0';

export function intlLocale(locale: string): string {
  const [lang, country] = locale.split('-');
  if (country === 'en' || country === 'xx' || country === 'zh') return lang ?? 'en';
  return `${lang}-${(country ?? '').toUpperCase()}`;
}

function group(integer: string, separator: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * A price in `currency` as the currency table writes it, whatever the language (`1 234,50 €`,
 * `$1,234.50`, `¥1,234`, `SAR 1,234`). A currency missing from the table falls back to Intl for
 * `locale`. Amounts are rounded to the currency's minor units.
 */
export function formatPrice(value: number, currency: string, locale: string): string {
  const fmt = CURRENCIES[currency];
  if (!fmt)
    return noBreakSpaces(new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(value));
  const decimals = fmt.pattern.includes('.') ? (fmt.pattern.split('.')[1] ?? '').replace(/[^0#]/g, '').length : 0;
  const digits = Math.min(decimals, fmt.minorUnits);
  const fixed = Math.abs(value).toFixed(digits);
  const [integer = '0', fraction = ''] = fixed.split('.');
  const whole = /^0*$/.test(fraction);
  let number = group(integer, fmt.separator);
  if (digits > 0 && !(whole && fmt.noZeroDecimals)) number += fmt.decimal + fraction;
  const sign = value < 0 && !/^[0.]*$/.test(fixed) ? '-' : '';
  const body = fmt.pattern.replace(/[#,0.]+/, number).replace('¤', fmt.symbol);
  return (sign + body).replace(/ /g, NBSP);
}

/** The currency table entry of a currency (undefined for one the table does not know). */
export function currencyFormatOf(currency: string): CurrencyFormat | undefined {
  return CURRENCIES[currency];
}

/**
 * A calendar date in the country's format (spec §9). A `YYYY-MM-DD` string is a calendar date and is
 * never shifted by time zones; a Date or an ISO instant is shown in `timeZone` (the browser's by default).
 */
export function formatDate(value: Date | string, country: string, timeZone?: string): string {
  let y: string, m: string, d: string;
  const calendar = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (calendar) {
    [, y, m, d] = calendar as unknown as [string, string, string, string];
  } else {
    const date = typeof value === 'string' ? new Date(value) : value;
    if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(date);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    [y, m, d] = [part('year').padStart(4, '0'), part('month'), part('day')];
  }
  const pattern = dateFormatOf(country);
  return pattern.replace('yyyy', y).replace('MM', m).replace('dd', d);
}

// ---------------------------------------------------------------------------------------------
// Intl text rendered on both sides. The server (Node's ICU) and each browser (its own ICU and CLDR) do not
// write the same spaces: Node puts thin spaces (U+2009) around the dash of a date range where Chromium puts
// plain ones, and engines differ on U+202F / U+00A0 / U+0020 in times and numbers. A server-rendered text
// that the browser writes differently makes React discard the server HTML (hydration error #418). So every
// Intl text that a page renders goes through one of the helpers below, which write the spaces one way.

/** Any Unicode space (U+0020, U+00A0, U+2009, U+202F…). */
const INTL_SPACE = /\p{Zs}/gu;

/** Intl date text with its spaces written as plain spaces (a long date may wrap, as text does). */
export function plainSpaces(text: string): string {
  return text.replace(INTL_SPACE, ' ');
}

/** Intl number text with its spaces written non-breaking (U+00A0): a number never wraps, like a price. */
export function noBreakSpaces(text: string): string {
  return text.replace(INTL_SPACE, NBSP);
}

/**
 * Words that ICU versions write differently for the same language, by language and Intl part: Node 20's ICU
 * writes `AM` / `PM` in Korean where Chromium writes `오전` / `오후`.
 */
const PART_WORDS: Record<string, Partial<Record<Intl.DateTimeFormatPartTypes, Record<string, string>>>> = {
  ko: { dayPeriod: { AM: '오전', PM: '오후' } },
};

/** Date parts joined into text the same way on every engine: plain spaces, one word for each half of the day. */
export function joinDateParts(parts: readonly Intl.DateTimeFormatPart[], locale: string): string {
  const words = PART_WORDS[intlLocale(locale).split('-')[0]!];
  return plainSpaces(parts.map((p) => words?.[p.type]?.[p.value] ?? p.value).join(''));
}

/** A number in the locale's language (`1 234,5`), with non-breaking spaces whatever the engine. */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return noBreakSpaces(new Intl.NumberFormat(intlLocale(locale), options).format(value));
}

/**
 * A calendar day (`YYYY-MM-DD`) or an instant in words of the locale's language: `jeu. 27 nov.`, `Thu, Nov 27`,
 * `11月27日(木)`. A calendar day is never shifted by time zones; an instant is shown in `timeZone`.
 */
export function formatDay(
  value: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' },
  timeZone?: string,
): string {
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = calendar
    ? new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])))
    : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return joinDateParts(
    new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: calendar ? 'UTC' : timeZone }).formatToParts(
      date,
    ),
    locale,
  );
}

/** An instant in words of the locale's language, in `timeZone` (`mardi 10 novembre 2026 à 11:00`). */
export function formatDateTime(
  value: Date | string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return joinDateParts(
    new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone }).formatToParts(date),
    locale,
  );
}

/**
 * Two instants as one range in words of the locale's language, in `timeZone`: `10 novembre – 20 décembre 2026`,
 * `10 – 12 November 2026` (what they share written once). The dash has plain spaces on the server and in
 * every browser, and the Korean tilde one on each side (`10일 ~ 12일`: Node 20 writes it without).
 */
export function formatDateRange(
  start: Date | string,
  end: Date | string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
): string {
  const fmt = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone });
  const from = typeof start === 'string' ? new Date(start) : start;
  const to = typeof end === 'string' ? new Date(end) : end;
  let text: string;
  try {
    text = joinDateParts(fmt.formatRangeToParts(from, to), locale);
  } catch {
    text = `${joinDateParts(fmt.formatToParts(from), locale)} – ${joinDateParts(fmt.formatToParts(to), locale)}`;
  }
  return text.replace(/ *~ */g, ' ~ ');
}

// ---------------------------------------------------------------------------------------------
// The one day format of a locale as a template (decision 0202): where each part of a day goes and the names it
// writes, read once from Intl by the server (shop-day-template.ts). A phone's first Intl formatter of any kind
// loads the ICU data: 170–220 ms of one task at a 4× slowed CPU, the largest task of a product page or a checkout
// while they hydrate. The page carries its locale's template (the bootstrap's `shopDays`), and `formatShopDay`
// writes days with it, without Intl, in the same text as the server's HTML. Kept here, in the module every page
// loads, so that the pages that write no day do not load the day's module to keep it.

/** A locale's one day format without Intl. */
export interface ShopDayTemplate {
  /** The text of a day, with `{weekday}`, `{day}` (or `{dd}`, two digits) and `{month}` where its parts go. */
  day: string;
  /** The same with the year: `{year}` where it goes. */
  withYear: string;
  /** The short weekday names as the pattern writes them, Sunday first (`Date#getUTCDay`). */
  weekdays: string[];
  /** The short month names as the pattern writes them, January first. */
  months: string[];
}

/** Templates by Intl locale. */
const shopDayTemplates = new Map<string, ShopDayTemplate>();

/** The template kept for a locale, if any. */
export function keptShopDayTemplate(locale: string): ShopDayTemplate | undefined {
  return shopDayTemplates.get(intlLocale(locale));
}

/** Keeps a locale's template: the server's reading (shop-day-template.ts), or the browser's copy of it from the page. */
export function keepShopDayTemplate(locale: string, template: ShopDayTemplate): void {
  if (shopDayTemplates.size >= 500) shopDayTemplates.clear();
  shopDayTemplates.set(intlLocale(locale), template);
}
