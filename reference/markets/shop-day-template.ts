// The one day format of a locale as a template (decision 0202), read from Intl: its pattern, and the weekday and
// month names as the pattern writes them. The server reads each locale's once, keeps it for its own days and
// puts it in the page (the bootstrap's `shopDays`): the browser writes days with it, without Intl (format.ts).
import { intlLocale, joinDateParts, keepShopDayTemplate, keptShopDayTemplate, type ShopDayTemplate } from './format.ts';
import { dayText, SHOP_DAY, SHOP_DAY_WITH_YEAR } from './shop-day.ts';

type Field = 'weekday' | 'day' | 'dd' | 'month' | 'year';
const FIELDS: readonly string[] = ['weekday', 'day', 'month', 'year'];

/** Locales whose days cannot be written by a template (they go through Intl every time). */
const without = new Set<string>();

/**
 * The parts of one day in `options`, as `joinDateParts` writes them (plain spaces), or null when a part is not
 * one a template holds (an era, a calendar's related year) or its day or year is not in plain digits. A day
 * written with two digits (`04`, English of Malta with the year) is the field `dd`.
 */
function partsOf(date: Date, locale: string, options: Intl.DateTimeFormatOptions, padded: boolean) {
  const parts = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' }).formatToParts(date);
  const written = parts.map((p) => ({ type: p.type as string, value: joinDateParts([p], locale) }));
  for (const p of written) {
    if (p.type === 'literal') {
      if (/[{}]/.test(p.value)) return null;
    } else if (!FIELDS.includes(p.type)) return null;
    else if (p.type === 'day') {
      if (p.value !== dayText(date.getUTCDate(), padded)) return null;
      if (padded) p.type = 'dd';
    } else if (p.type === 'year' && p.value !== String(date.getUTCFullYear())) return null;
  }
  return written;
}

/** The pattern of a day's parts: literals as they are, each field as its slot. */
const patternOf = (parts: { type: string; value: string }[]) =>
  parts.map((p) => (p.type === 'literal' ? p.value : `{${p.type}}`)).join('');

/** Reads a locale's template from Intl; null when its days cannot be written by one. */
function readTemplate(locale: string): ShopDayTemplate | null {
  try {
    const names = (options: Intl.DateTimeFormatOptions) => {
      // 2026-01-04 is a Sunday; the 15th of each month of 2026.
      const sample = [
        ...Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 0, 4 + i))),
        ...Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 15))),
      ];
      // A day below 10 tells whether the format writes the day with two digits.
      const padded = partsOf(sample[0]!, locale, options, true) !== null;
      const written = sample.map((date) => partsOf(date, locale, options, padded));
      if (written.some((p) => p === null)) return null;
      const all = written as { type: string; value: string }[][];
      const pattern = patternOf(all[0]!);
      // Every day of the sample is written with the same pattern, or the format is not one template.
      if (all.some((p) => patternOf(p) !== pattern)) return null;
      const part = (p: { type: string; value: string }[], type: Field) => p.find((x) => x.type === type)?.value;
      const weekdays = all.slice(0, 7).map((p) => part(p, 'weekday'));
      const months = all.slice(7).map((p) => part(p, 'month'));
      if ([...weekdays, ...months].some((n) => n === undefined)) return null;
      return { pattern, weekdays: weekdays as string[], months: months as string[] };
    };
    const short = names(SHOP_DAY);
    const long = names(SHOP_DAY_WITH_YEAR);
    if (!short || !long || short.weekdays.join() !== long.weekdays.join() || short.months.join() !== long.months.join())
      return null;
    return { day: short.pattern, withYear: long.pattern, weekdays: short.weekdays, months: short.months };
  } catch {
    return null;
  }
}

/**
 * The template of a locale's one day format: the one kept, else read from Intl and kept (`formatShopDay` then
 * writes the locale's days with it); undefined where the locale's days cannot be written by one.
 */
export function shopDayTemplate(locale: string): ShopDayTemplate | undefined {
  const kept = keptShopDayTemplate(locale);
  if (kept || without.has(intlLocale(locale))) return kept;
  const template = readTemplate(locale);
  if (template) keepShopDayTemplate(locale, template);
  else without.add(intlLocale(locale));
  return template ?? undefined;
}
