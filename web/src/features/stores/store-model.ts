// The boutique pages' rules, without React: hours as the boutique keeps them (its local time, special hours
// first), the times an appointment can be booked (the server's own rule, reference/stores/hours.ts), how hours
// and dates are written in the shopper's language, and the checks of the in-store forms.
import {
  addDays,
  appointmentSlots,
  isoDayOfWeek,
  localNow,
  openState,
  periodsOn,
  toMinutes,
  type HoursPeriod,
} from '../../../../reference/stores/hours';
import { ApiError, type Schemas } from '../../lib/api-client';
import { checkEmail, checkName, REQUIRED } from '../../lib/forms/validation';
import { E164_PATTERN, tidyPhone } from '../../../../reference/rules/phone';
import { intlLocale, joinDateParts } from '../../lib/format';

export type Store = Schemas['Store'];
export type StoreService = Schemas['StoreService'];
export type AppointmentReason = Schemas['AppointmentReason'];
export type Civility = Schemas['Civility'];
export type StockStatus = Schemas['StoreStockStatus'];

/** The order services are listed in: what a client books first, then the care services. */
export const SERVICE_ORDER: readonly StoreService[] = [
  'appointment',
  'personalShopping',
  'reserveInStore',
  'clickAndCollect',
  'returnsInStore',
  'alterations',
  'engraving',
  'leatherCare',
];

export const CIVILITIES: readonly Civility[] = ['MRS', 'MS', 'MR', 'MX'];
export const MESSAGE_MAX_LENGTH = 500;
/** The booking calendar covers the days whose special hours the boutique has published (60, contract). */
export const BOOKING_DAYS = 60;

export function sortServices(services: readonly StoreService[]): StoreService[] {
  return SERVICE_ORDER.filter((s) => services.includes(s));
}

/** The boutiques by city, in the order given (the API sorts by city, then name). */
export function groupByCity(stores: readonly Store[]): { city: string; stores: Store[] }[] {
  const groups: { city: string; stores: Store[] }[] = [];
  for (const s of stores) {
    const last = groups.at(-1);
    if (last && last.city === s.address.city) last.stores.push(s);
    else groups.push({ city: s.address.city, stores: [s] });
  }
  return groups;
}

/** `19:30` in the shopper's language (`7:30 PM` in the United States, `오후 7:30` in Korea); `24:00` is midnight. */
export function formatTime(time: string, locale: string): string {
  const minutes = toMinutes(time) % (24 * 60);
  const tag = intlLocale(locale);
  // A 24-hour clock writes two-digit hours (09:30, 00:00); a 12-hour clock does not (9:30 AM).
  const twelve = new Intl.DateTimeFormat(tag, { hour: 'numeric' }).resolvedOptions().hour12 === true;
  const parts = new Intl.DateTimeFormat(tag, {
    hour: twelve ? 'numeric' : '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).formatToParts(Date.UTC(2024, 0, 1, Math.floor(minutes / 60), minutes % 60));
  // The same words on the server and in the browser (lib/format: Korean `AM` in Node 20, `오전` in Chromium).
  return joinDateParts(parts, locale);
}

/** `10:00 – 13:00, 14:00 – 19:00`; empty for a closed day. */
export function formatPeriods(periods: readonly HoursPeriod[], locale: string): string {
  return periods.map((p) => `${formatTime(p.opens, locale)}\u2009–\u2009${formatTime(p.closes, locale)}`).join(', ');
}

/** A calendar date (`YYYY-MM-DD`) written in the shopper's language, never shifted by time zones. */
export function formatCalendarDate(
  date: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' },
): string {
  return joinDateParts(
    new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' }).formatToParts(
      new Date(`${date}T12:00:00Z`),
    ),
    locale,
  );
}

/** The name of an ISO day of the week (1 Monday … 7 Sunday). */
export function weekdayName(dayOfWeek: number, locale: string, style: 'long' | 'short' = 'long'): string {
  // 2024-01-01 was a Monday.
  return formatCalendarDate(addDays('2024-01-01', dayOfWeek - 1), locale, { weekday: style });
}

/** The boutique's week, Monday first, with today marked (when known: after hydration). */
export function weekRows(store: Pick<Store, 'openingHours'>, today: string | null) {
  const todayDay = today ? isoDayOfWeek(today) : null;
  return [...store.openingHours]
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek)
    .map((d) => ({ dayOfWeek: d.dayOfWeek, periods: d.periods, isToday: d.dayOfWeek === todayDay }));
}

export type TodayState =
  | { kind: 'open'; closes: string; periods: readonly HoursPeriod[]; special: string | null }
  | {
      kind: 'closed';
      opens: { date: string; time: string } | null;
      today: string;
      periods: readonly HoursPeriod[];
      special: string | null;
    };

/** Where the boutique stands now, in its own time zone: open until…, or closed and opening when. */
export function todayState(
  store: Pick<Store, 'openingHours' | 'specialHours' | 'timeZone'>,
  now: Date,
): TodayState & { date: string } {
  const { date } = localNow(store.timeZone, now);
  const { periods, special } = periodsOn(store, date);
  const label = special ? (special.label ?? '') : null;
  const state = openState(store, store.timeZone, now);
  if (state.open) return { kind: 'open', closes: state.closes, periods, special: label, date };
  return { kind: 'closed', opens: state.opens, today: date, periods, special: label, date };
}

/** Each day from the boutique's today for `days` days, with the start times that can be booked now. */
export function bookingDays(
  store: Pick<Store, 'openingHours' | 'specialHours' | 'timeZone'>,
  now: Date,
  days = BOOKING_DAYS,
): { date: string; slots: string[] }[] {
  const today = localNow(store.timeZone, now).date;
  return Array.from({ length: days + 1 }, (_, i) => {
    const date = addDays(today, i);
    return { date, slots: appointmentSlots(store, store.timeZone, date, now) };
  });
}

/** Weeks (Monday to Sunday) covering the booking days, for the date picker's pages. */
export function bookingWeeks(
  days: readonly { date: string; slots: string[] }[],
): { date: string; slots: string[] | null }[][] {
  if (days.length === 0) return [];
  const byDate = new Map(days.map((d) => [d.date, d.slots]));
  const first = days[0]!.date;
  const monday = addDays(first, 1 - isoDayOfWeek(first));
  const last = days.at(-1)!.date;
  const weeks: { date: string; slots: string[] | null }[][] = [];
  for (let start = monday; start <= last; start = addDays(start, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const date = addDays(start, i);
        return { date, slots: byDate.get(date) ?? null };
      }),
    );
  }
  // Leading weeks without any bookable day are dropped (the first 24 hours never are).
  while (weeks.length > 1 && weeks[0]!.every((d) => !d.slots?.length)) weeks.shift();
  return weeks;
}

/** The reasons of an appointment a boutique takes (the server's rule: some need their service). */
export function reasonsOf(services: readonly StoreService[]): AppointmentReason[] {
  if (!services.includes('appointment')) return [];
  const needs: Partial<Record<AppointmentReason, StoreService>> = {
    personalShopping: 'personalShopping',
    alterations: 'alterations',
    leatherCare: 'leatherCare',
  };
  const all: AppointmentReason[] = [
    'discovery',
    'personalShopping',
    'productTryOn',
    'alterations',
    'afterSales',
    'leatherCare',
  ];
  return all.filter((r) => !needs[r] || services.includes(needs[r]!));
}

/** Directions to the boutique in the shopper's map application. */
export function directionsUrl(store: Pick<Store, 'coordinates'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${store.coordinates.latitude},${store.coordinates.longitude}`;
}

export { displayPhone } from './phone-display';

// ---------------------------------------------------------------------------------------------
// The in-store forms' contact details

export type DetailField = 'civility' | 'firstName' | 'lastName' | 'email' | 'phone' | 'message' | 'consent';

export interface DetailValues {
  civility: Civility | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  consent: boolean;
}

export const initialDetails = (): DetailValues => ({
  civility: null,
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  message: '',
  consent: false,
});

// The e-mail and name rules are the server's (reference/rules); the server also checks the numbering plans.

/** Country calling codes of the markets, to read a number typed in the national form. */
const CALLING_CODE: Record<string, string> = {
  AT: '43',
  BE: '32',
  BG: '359',
  CH: '41',
  CY: '357',
  CZ: '420',
  DE: '49',
  DK: '45',
  EE: '372',
  ES: '34',
  FI: '358',
  FR: '33',
  GB: '44',
  GR: '30',
  HR: '385',
  HU: '36',
  IE: '353',
  IT: '39',
  LT: '370',
  LU: '352',
  LV: '371',
  MC: '377',
  MT: '356',
  NL: '31',
  NO: '47',
  PL: '48',
  PT: '351',
  RO: '40',
  SE: '46',
  SK: '421',
  US: '1',
  CA: '1',
  BR: '55',
  MX: '52',
  AU: '61',
  NZ: '64',
  HK: '852',
  JP: '81',
  KR: '82',
  MO: '853',
  MY: '60',
  SG: '65',
  TH: '66',
  TW: '886',
  AE: '971',
  QA: '974',
  SA: '966',
  CN: '86',
};

/**
 * A typed phone number as E.164, or null: spaces, dots, dashes and parentheses dropped, `00` read as `+`, and a
 * national number (`06 12 34 56 78` in France) read in the market's country (its trunk `0` dropped, except in
 * Italy). The server checks the numbering plan.
 */
export function toE164(raw: string, country?: string): string | null {
  let n = tidyPhone(raw);
  const cc = country ? CALLING_CODE[country.toUpperCase()] : undefined;
  if (!n.startsWith('+') && cc && /^\d{6,14}$/.test(n)) {
    if (cc === '39') n = `+39${n}`;
    else n = `+${cc}${n.startsWith('0') ? n.slice(1) : n}`;
  }
  return E164_PATTERN.test(n) ? n : null;
}

/** i18n keys (with namespace) of the messages to show, per field, and for the whole form. */
export interface FormErrors<F extends string = string> {
  fields: Partial<Record<F, string>>;
  form?: string;
}

export function validateDetails(values: DetailValues, country?: string): FormErrors<DetailField> {
  const fields: FormErrors<DetailField>['fields'] = {};
  const required = 'errors:ERR_FORM_1000';
  if (!values.civility) fields.civility = required;
  for (const name of ['firstName', 'lastName'] as const) {
    const problem = checkName(values[name]);
    if (problem) fields[name] = problem === REQUIRED ? required : 'stores:form.nameInvalid';
  }
  const emailProblem = checkEmail(values.email);
  if (emailProblem) fields.email = emailProblem;
  if (values.phone.trim() === '') fields.phone = required;
  else if (!toE164(values.phone, country)) fields.phone = 'stores:form.phoneInvalid';
  if (values.message.length > MESSAGE_MAX_LENGTH) fields.message = 'errors:ERR_FORM_1004';
  if (!values.consent) fields.consent = 'stores:form.consentRequired';
  return { fields };
}

export const hasErrors = (e: FormErrors) => Boolean(e.form) || Object.values(e.fields).some(Boolean);

/** The contact part of a request: trimmed, the address in lower case, the phone in E.164. */
export function detailsOf(values: DetailValues, country?: string) {
  const message = values.message.trim();
  return {
    civility: values.civility ?? 'MX',
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim().toLowerCase(),
    phone: toE164(values.phone, country) ?? values.phone.trim(),
    ...(message ? { message } : {}),
    consent: true as const,
  };
}

/** The server's answer as messages: beside each field its issues name (`body/phone`), or under the form. */
export function errorsOfProblem<F extends string>(err: unknown, fields: readonly F[]): FormErrors<F> {
  const code = err instanceof ApiError ? err.code : 'API_UNKNOWN_ERROR';
  const message = `errors:${code}`;
  const out: FormErrors<F>['fields'] = {};
  for (const issue of err instanceof ApiError ? (err.problem?.errors ?? []) : []) {
    const name = /^body\/([A-Za-z]+)/.exec(issue.path)?.[1];
    const field = fields.find((f) => f === name);
    if (field) out[field] ??= message;
  }
  return Object.values(out).some(Boolean) ? { fields: out } : { fields: out, form: message };
}
