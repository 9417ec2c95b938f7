// What the boutiques' entries share: the opening hours, the yearly exceptions by country, the services by kind
// of point of sale, and one helper per house that fills in what an entry leaves out (stores.ts lists the boutiques).
import type { Brand } from '../brands.ts';
import type {
  Period,
  RecurringSpecialHours,
  StoreFixture,
  StoreServiceCode,
  StoreType,
  WeeklyHours,
} from './store-types.ts';

// ---------------------------------------------------------------------------------------------
// Hours.

const p = (range: string): Period[] =>
  range === 'closed'
    ? []
    : range.split(',').map((r) => {
        const [opens, closes] = r.split('-') as [string, string];
        return { opens, closes };
      });

/** Monday…Saturday hours, then Sunday (`closed` for none); `fri`/`sat` override when given. */
export function week(
  monSat: string,
  sun: string,
  overrides: Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, string>> = {},
): WeeklyHours[] {
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    dayOfWeek: day,
    periods: p(overrides[day as 1] ?? (day === 7 ? sun : monSat)),
  }));
}

export const H = {
  paris: week('10:30-19:30', 'closed'),
  montaigne: week('10:30-19:30', '11:00-19:00'),
  cannes: week('10:00-13:00,14:00-19:00', 'closed'),
  london: week('10:00-19:00', '12:00-18:00'),
  italy: week('10:00-19:30', '11:00-19:00'),
  germany: week('10:00-19:00', 'closed'),
  spain: week('10:00-20:30', 'closed'),
  swiss: week('10:00-18:30', 'closed', { 4: '10:00-20:00', 6: '10:00-18:00' }),
  us: week('10:00-18:00', '12:00-17:00'),
  usMall: week('11:00-19:00', '12:00-18:00'),
  vegas: week('10:00-23:00', '10:00-23:00'),
  latam: week('11:00-20:00', '12:00-18:00'),
  australia: week('10:00-18:00', '11:00-17:00', { 4: '10:00-20:00' }),
  japan: week('11:00-20:00', '11:00-20:00'),
  korea: week('10:30-20:00', '10:30-20:00'),
  asiaMall: week('10:00-22:00', '10:00-22:00'),
  gulf: week('10:00-22:00', '10:00-22:00', { 4: '10:00-24:00', 5: '10:00-24:00' }),
  byAppointment: week('11:00-19:00', 'closed', { 1: 'closed' }),
};

// ---------------------------------------------------------------------------------------------
// Yearly exceptions by country.

const CLOSED: Period[] = [];
const XMAS = {
  monthDay: '12-25',
  label: { en: 'Christmas Day', fr: 'Noël', de: 'Weihnachten', it: 'Natale', es: 'Navidad', pt: 'Natal' },
  periods: CLOSED,
};
const NEW_YEAR = {
  monthDay: '01-01',
  label: {
    en: 'New Year’s Day',
    fr: 'Jour de l’An',
    de: 'Neujahr',
    it: 'Capodanno',
    es: 'Año Nuevo',
    pt: 'Ano-Novo',
    ja: '元日',
    ko: '신정',
    zh: '元旦',
  },
  periods: CLOSED,
};
const XMAS_EVE = {
  monthDay: '12-24',
  label: {
    en: 'Christmas Eve',
    fr: 'Veille de Noël',
    de: 'Heiligabend',
    it: 'Vigilia di Natale',
    es: 'Nochebuena',
    pt: 'Véspera de Natal',
  },
  periods: p('10:00-16:00'),
};
const NYE = {
  monthDay: '12-31',
  label: {
    en: 'New Year’s Eve',
    fr: 'Saint-Sylvestre',
    de: 'Silvester',
    it: 'San Silvestro',
    es: 'Nochevieja',
    pt: 'Véspera de Ano-Novo',
    ja: '大晦日',
  },
  periods: p('10:00-17:00'),
};
const BOXING = {
  monthDay: '12-26',
  label: { en: 'Boxing Day', de: 'Zweiter Weihnachtsfeiertag' },
  periods: p('11:00-18:00'),
};

const SPECIAL: Record<string, RecurringSpecialHours[]> = {
  europe: [XMAS_EVE, XMAS, NYE, NEW_YEAR],
  GB: [XMAS_EVE, XMAS, BOXING, NYE, NEW_YEAR],
  americas: [XMAS_EVE, XMAS, NEW_YEAR],
  australia: [XMAS, BOXING, NEW_YEAR],
  JP: [
    NYE,
    NEW_YEAR,
    { monthDay: '01-02', label: { en: 'New Year holidays', ja: '年始営業' }, periods: p('11:00-18:00') },
  ],
  KR: [NEW_YEAR],
  chinese: [XMAS, NEW_YEAR],
  asia: [NEW_YEAR],
  gulf: [],
};

// ---------------------------------------------------------------------------------------------
// Services by kind of point of sale.

export const S: Record<StoreType | 'flagshipFull', StoreServiceCode[]> = {
  flagshipFull: [
    'reserveInStore',
    'appointment',
    'clickAndCollect',
    'returnsInStore',
    'alterations',
    'personalShopping',
    'engraving',
    'leatherCare',
  ],
  flagship: [
    'reserveInStore',
    'appointment',
    'clickAndCollect',
    'returnsInStore',
    'alterations',
    'personalShopping',
    'engraving',
  ],
  boutique: ['reserveInStore', 'appointment', 'clickAndCollect', 'returnsInStore', 'alterations'],
  'department-store': ['reserveInStore', 'appointment'],
  outlet: ['returnsInStore'],
  'rive-droite': ['appointment', 'personalShopping'],
};

type Def = Omit<StoreFixture, 'brand' | 'services' | 'specialHours'> & {
  services?: StoreServiceCode[];
  special: string;
};

function def(brand: Brand, d: Def): StoreFixture {
  const { special, services, ...rest } = d;
  return { brand, ...rest, services: services ?? S[d.type], specialHours: SPECIAL[special] ?? [] };
}

export const ysl = (d: Def) => def('ysl', d);
export const bal = (d: Def) => def('bal', d);
export const bv = (d: Def) => def('bv', d);
export const amq = (d: Def) => def('amq', d);
