import { randomInt } from 'node:crypto';
import { APPOINTMENT_RULES, type SlotRefusal } from '../../../../reference/stores/hours.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Limit } from '../../shared/rate-limit.ts';

// The rules of in-store services: rate limits, how long a reservation is held, stock statuses, the
// appointment reasons a boutique offers, references, and why a slot is refused.

export type StockStatus = Schemas['StoreStockStatus'];
export type Reason = Schemas['AppointmentReason'];

const HOUR = 3600;
/** The contract's rate limits (429 ERR_API_1028). */
export const STORE_LIMITS = {
  reservationPerEmail: { bucket: 'store-reservation-email', max: 5, windowSeconds: 24 * HOUR },
  reservationPerIp: { bucket: 'store-reservation-ip', max: 10, windowSeconds: HOUR },
  appointmentPerEmail: { bucket: 'store-appointment-email', max: 3, windowSeconds: 24 * HOUR },
  appointmentPerIp: { bucket: 'store-appointment-ip', max: 10, windowSeconds: HOUR },
} satisfies Record<string, Limit>;

/** A reservation is held until closing time on the third day after the request (contract: "up to 3 days"). */
export const HOLD_DAYS = 3;
/** Units from which a size is shown as simply "available" (1 or 2: "limited", contract StoreStockStatus). */
export const LIMITED_BELOW = 3;

/** Reasons a boutique must offer the matching service for; the others every boutique taking appointments offers. */
const REASON_SERVICE: Partial<Record<Reason, Schemas['StoreService']>> = {
  personalShopping: 'personalShopping',
  alterations: 'alterations',
  leatherCare: 'leatherCare',
};
/** Boutiques answer by e-mail, telephone or WhatsApp; the live chat is client service's. */
export const BOUTIQUE_CHANNELS = new Set<Schemas['ContactChannel']>(['email', 'phoneCall', 'whatsapp']);

export function stockStatus(units: number): StockStatus {
  if (units <= 0) return 'unavailable';
  return units < LIMITED_BELOW ? 'limited' : 'available';
}

export const RANK: Record<StockStatus, number> = { unavailable: 0, limited: 1, available: 2 };

/** The reasons of an appointment a boutique takes (none when it takes no appointments). */
export function appointmentReasons(services: readonly string[]): Reason[] {
  if (!services.includes('appointment')) return [];
  const all: Reason[] = ['discovery', 'personalShopping', 'productTryOn', 'alterations', 'afterSales', 'leatherCare'];
  return all.filter((r) => {
    const needed = REASON_SERVICE[r];
    return !needed || services.includes(needed);
  });
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** `RES-20261121-8LM2VC` / `APT-…`: the prefix, the day (UTC) and 6 letters and digits. */
export function newStoreReference(prefix: 'RES' | 'APT', now: number): string {
  const day = new Date(now).toISOString().slice(0, 10).replaceAll('-', '');
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${day}-${suffix}`;
}

/** Who asks: the client's address (rate limits, reCAPTCHA) and the signed-in customer, if any. */
export interface StoreCaller {
  ip: string;
  customerId?: string | undefined;
}

export const REFUSAL_MESSAGES: Record<SlotRefusal, { path: string; message: string }> = {
  invalid: { path: 'body/date', message: 'is not a calendar date' },
  closed: { path: 'body/date', message: 'the boutique is closed on that day' },
  'outside-hours': {
    path: 'body/time',
    message: 'the one-hour appointment must fit within the opening hours of that day',
  },
  'too-soon': { path: 'body/time', message: `must be at least ${APPOINTMENT_RULES.minLeadMinutes / 60} hours ahead` },
  'too-far': { path: 'body/date', message: `must be at most ${APPOINTMENT_RULES.maxDaysAhead} days ahead` },
};
