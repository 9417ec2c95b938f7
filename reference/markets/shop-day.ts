// The house's one way of writing a day, apart from `format.ts` so the pages that write no day (home, listings)
// do not load it.
import { formatDay, intlLocale, keptShopDayTemplate } from './format.ts';

// The house's one way of writing a day (decision 0165): weekday, day and month, short — `mer. 2 déc.`,
// `Wed, Dec 2`, `12月2日(水)`. Every delivery estimate, collection date, return deadline and appointment the
// shopper reads (product page, bag, checkout, confirmation, order pages, returns, boutiques, e-mails) is written
// by `formatShopDay` or `formatShopDays`; the server's e-mails call the same functions.

/** The options of the one day format. */
export const SHOP_DAY: Readonly<Intl.DateTimeFormatOptions> = { weekday: 'short', day: 'numeric', month: 'short' };

/** The options of the one day format with the year, for days of another year than the estimate's (an order placed). */
export const SHOP_DAY_WITH_YEAR: Readonly<Intl.DateTimeFormatOptions> = { ...SHOP_DAY, year: 'numeric' };

/** How two days make a range in each language (`–` with spaces unless the language writes its own). */
const RANGE_SEPARATORS: Record<string, string> = { ja: '～', zh: '至', ko: ' ~ ' };

const SLOT = /\{(weekday|day|dd|month|year)\}/g;
/** The day of the month as a template writes it: `4`, or `04` where the locale writes two digits. */
export const dayText = (day: number, padded: boolean) => String(day).padStart(padded ? 2 : 1, '0');

/**
 * A calendar day (`YYYY-MM-DD`, or an ISO instant whose calendar day is taken as written) in the one day format
 * of the locale's language; `withYear` adds the year. Never shifted by time zones.
 */
export function formatShopDay(day: string, locale: string, withYear = false): string {
  const calendar = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  // Without Intl where the locale's template is at hand (shop-day-template.ts); Intl otherwise: the same text.
  const template = calendar ? keptShopDayTemplate(locale) : undefined;
  if (!calendar || !template) return formatDay(day.slice(0, 10), locale, withYear ? SHOP_DAY_WITH_YEAR : SHOP_DAY);
  const date = new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])));
  return (withYear ? template.withYear : template.day).replace(SLOT, (_, field: string) =>
    field === 'weekday'
      ? template.weekdays[date.getUTCDay()]!
      : field === 'month'
        ? template.months[date.getUTCMonth()]!
        : field === 'year'
          ? String(date.getUTCFullYear())
          : dayText(date.getUTCDate(), field === 'dd'),
  );
}

/**
 * Two calendar days as a range in the one day format (`mer. 2 déc. – ven. 4 déc.`, `12月2日(水)～12月4日(金)`),
 * or one day when they are the same. Each end is written whole, as a single day is: `Intl.DateTimeFormat`'s
 * `formatRange` shortens the shared part differently in each language and ICU version (Japanese `12/02(水)～12/04(金)`
 * beside a single `12月2日(水)`, Italian `02` beside `2`), so the same day would read two ways on one page.
 */
export function formatShopDays(from: string, to: string, locale: string): string {
  const start = formatShopDay(from, locale);
  if (from.slice(0, 10) === to.slice(0, 10)) return start;
  const language = intlLocale(locale).split('-')[0] ?? 'en';
  return `${start}${RANGE_SEPARATORS[language] ?? ' – '}${formatShopDay(to, locale)}`;
}
