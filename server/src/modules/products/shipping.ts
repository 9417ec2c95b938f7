// Delivery options and their estimated dates (the available-to-promise answer) per market, computed
// from a clock: the market's time zone, a 14:00 local dispatch cut-off and business days (Monday to
// Friday). Demo carrier data until the commerce system's shipping methods are connected.
import type { Schemas } from '../../shared/http.ts';

type Kind = Schemas['DeliveryKind'];

/** Time zone of each market (the capital's), for the cut-off and the calendar dates. */
const TIME_ZONES: Record<string, string> = {
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  BG: 'Europe/Sofia',
  CH: 'Europe/Zurich',
  CY: 'Asia/Nicosia',
  CZ: 'Europe/Prague',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  EE: 'Europe/Tallinn',
  ES: 'Europe/Madrid',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  GR: 'Europe/Athens',
  HR: 'Europe/Zagreb',
  HU: 'Europe/Budapest',
  IE: 'Europe/Dublin',
  IT: 'Europe/Rome',
  LT: 'Europe/Vilnius',
  LU: 'Europe/Luxembourg',
  LV: 'Europe/Riga',
  MC: 'Europe/Monaco',
  MT: 'Europe/Malta',
  NL: 'Europe/Amsterdam',
  NO: 'Europe/Oslo',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SE: 'Europe/Stockholm',
  SK: 'Europe/Bratislava',
  US: 'America/New_York',
  CA: 'America/Toronto',
  BR: 'America/Sao_Paulo',
  MX: 'America/Mexico_City',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  HK: 'Asia/Hong_Kong',
  JP: 'Asia/Tokyo',
  KR: 'Asia/Seoul',
  MO: 'Asia/Macau',
  MY: 'Asia/Kuala_Lumpur',
  SG: 'Asia/Singapore',
  TH: 'Asia/Bangkok',
  TW: 'Asia/Taipei',
  AE: 'Asia/Dubai',
  QA: 'Asia/Qatar',
  SA: 'Asia/Riyadh',
};

/** Markets with a next-day service from a local warehouse. */
const NEXT_DAY = new Set(['FR', 'DE', 'IT', 'ES', 'NL', 'BE', 'GB', 'US', 'JP', 'KR', 'HK']);
const EU_WAREHOUSE = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SK',
]);

/** Business days from dispatch, [earliest, latest]. */
function windows(country: string, region: string): Record<Exclude<Kind, 'next day'>, [number, number]> {
  if (EU_WAREHOUSE.has(country))
    return { 'standard delivery': [2, 4], 'express delivery': [1, 2], 'pickup in store': [2, 4] };
  if (region === 'EMEA') return { 'standard delivery': [3, 6], 'express delivery': [2, 3], 'pickup in store': [3, 5] };
  if (region === 'AMER') return { 'standard delivery': [3, 5], 'express delivery': [1, 2], 'pickup in store': [2, 4] };
  return { 'standard delivery': [4, 7], 'express delivery': [2, 3], 'pickup in store': [3, 6] };
}

/** Cost of express and next-day delivery in each market currency (standard and pickup are free). */
const COSTS: Record<string, [express: number, nextDay: number]> = {
  EUR: [25, 40],
  GBP: [20, 35],
  CHF: [25, 40],
  USD: [30, 50],
  CAD: [40, 65],
  BRL: [150, 250],
  MXN: [550, 900],
  AUD: [45, 70],
  NZD: [50, 80],
  HKD: [250, 400],
  JPY: [3000, 5000],
  KRW: [30000, 50000],
  MOP: [250, 400],
  MYR: [120, 200],
  SGD: [40, 65],
  THB: [1000, 1600],
  TWD: [900, 1500],
  AED: [100, 160],
  QAR: [100, 160],
  SAR: [100, 160],
  CNY: [200, 320],
};

export const CUT_OFF_HOUR = 14;

export interface Method {
  id: string;
  kind: Kind;
  deliveryMethod: 'ShipToAddress' | 'PickUpAtStore';
  cost: number;
  /** Calendar dates (`YYYY-MM-DD`) in the market's time zone. */
  from: string;
  to: string;
}

/** The local calendar date and hour of an instant in a time zone. */
function localNow(now: Date, timeZone: string): { date: Date; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  // A UTC midnight standing for the local calendar day: day arithmetic without time-zone shifts.
  return { date: new Date(Date.UTC(part('year'), part('month') - 1, part('day'))), hour: part('hour') };
}

const isBusinessDay = (d: Date) => d.getUTCDay() !== 0 && d.getUTCDay() !== 6;
function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(from);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isBusinessDay(d)) left--;
  }
  return d;
}
const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The shipping methods of a market at `now`, or undefined when no estimate can be computed (a market
 * without a delivery calendar or a currency: the international site).
 */
export function shippingMethods(
  now: Date,
  market: { country: string; businessRegion: string; currency: string | null },
  hasBoutique: boolean,
): Method[] | undefined {
  const timeZone = TIME_ZONES[market.country];
  const costs = market.currency ? COSTS[market.currency] : undefined;
  if (!timeZone || !costs) return undefined;
  const local = localNow(now, timeZone);
  // Orders after the cut-off, or on a weekend, leave the warehouse on the next business day.
  const dispatch = isBusinessDay(local.date) && local.hour < CUT_OFF_HOUR ? local.date : addBusinessDays(local.date, 1);
  const w = windows(market.country, market.businessRegion);
  const span = (range: [number, number]) => ({
    from: iso(addBusinessDays(dispatch, range[0])),
    to: iso(addBusinessDays(dispatch, range[1])),
  });
  const c = market.country;
  const methods: Method[] = [
    {
      id: `${c}-STD`,
      kind: 'standard delivery',
      deliveryMethod: 'ShipToAddress',
      cost: 0,
      ...span(w['standard delivery']),
    },
    {
      id: `${c}-EXP`,
      kind: 'express delivery',
      deliveryMethod: 'ShipToAddress',
      cost: costs[0],
      ...span(w['express delivery']),
    },
  ];
  if (NEXT_DAY.has(c))
    methods.push({ id: `${c}-ND`, kind: 'next day', deliveryMethod: 'ShipToAddress', cost: costs[1], ...span([1, 1]) });
  if (hasBoutique)
    methods.push({
      id: `${c}-CC`,
      kind: 'pickup in store',
      deliveryMethod: 'PickUpAtStore',
      cost: 0,
      ...span(w['pickup in store']),
    });
  return methods;
}

export const KIND_LABELS: Record<Kind, Record<string, string>> = {
  'standard delivery': {
    en: 'Standard delivery',
    fr: 'Livraison standard',
    it: 'Consegna standard',
    es: 'Envío estándar',
    de: 'Standardversand',
    pt: 'Entrega padrão',
    ja: '通常配送',
    ko: '일반 배송',
    zh: '标准配送',
  },
  'express delivery': {
    en: 'Express delivery',
    fr: 'Livraison express',
    it: 'Consegna express',
    es: 'Envío exprés',
    de: 'Expressversand',
    pt: 'Entrega expressa',
    ja: 'お急ぎ便',
    ko: '특급 배송',
    zh: '快递配送',
  },
  'next day': {
    en: 'Next day delivery',
    fr: 'Livraison le lendemain',
    it: 'Consegna il giorno successivo',
    es: 'Entrega al día siguiente',
    de: 'Lieferung am nächsten Tag',
    pt: 'Entrega no dia seguinte',
    ja: '翌日配送',
    ko: '익일 배송',
    zh: '次日达',
  },
  'pickup in store': {
    en: 'Collect in store',
    fr: 'Retrait en boutique',
    it: 'Ritiro in boutique',
    es: 'Recogida en boutique',
    de: 'Abholung in der Boutique',
    pt: 'Retirada na boutique',
    ja: 'ブティックで受け取り',
    ko: '부티크 픽업',
    zh: '精品店自取',
  },
};

/** Collection the same day from a boutique's own stock (PickUpAtStore). */
const SAME_DAY_LABELS: Record<string, string> = {
  en: 'Collect in store today',
  fr: 'Retrait en boutique aujourd’hui',
  it: 'Ritiro in boutique oggi',
  es: 'Recogida en boutique hoy',
  de: 'Heute in der Boutique abholen',
  pt: 'Retirada na boutique hoje',
  ja: '本日ブティックで受け取り',
  ko: '오늘 부티크 픽업',
  zh: '今日精品店自取',
};

/**
 * The market's shipping methods with their names in the market's language and the market's local date
 * today (same-day collection from a boutique's stock), for the checkout.
 */
export function deliveryMethodsOf(
  now: Date,
  market: { country: string; businessRegion: string; currency: string | null; language: string },
  hasBoutique: boolean,
): (Method & { label: string; sameDayLabel: string; today: string })[] | undefined {
  const methods = shippingMethods(now, market, hasBoutique);
  const timeZone = TIME_ZONES[market.country];
  if (!methods || !timeZone) return undefined;
  const today = iso(localNow(now, timeZone).date);
  const language = market.language.startsWith('zh') ? 'zh' : market.language;
  return methods.map((m) => ({
    ...m,
    label: KIND_LABELS[m.kind][language] ?? KIND_LABELS[m.kind].en!,
    sameDayLabel: SAME_DAY_LABELS[language] ?? SAME_DAY_LABELS.en!,
    today,
  }));
}
