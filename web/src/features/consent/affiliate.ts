// Affiliate cookie (spec §7), Rakuten Advertising's parameter names:
//   ranMID    merchant id
//   ranEAID   event / ad id (encrypted affiliate id) — required to be present, not stored
//   ranSiteID site id
// When all three are in the URL and performance consent (C0002) exists, write
//   rmStoreGateway = <ranMID>|<yyyyMMdd_HHMM, Europe/London time>|<unix seconds>|<ranSiteID>
// The joiner is a pipe `|` (legal in a cookie value, never part of the ids Rakuten sends);
// 30 days, Secure, SameSite=None, path '/'.
import { writeCookie, type CookieOptions } from '../../lib/cookies';
import { PERFORMANCE, hasConsent } from './consent-string';

export const AFFILIATE_COOKIE = 'rmStoreGateway';
export const AFFILIATE_PARAMS = { merchantId: 'ranMID', eventId: 'ranEAID', siteId: 'ranSiteID' } as const;
export const AFFILIATE_JOINER = '|';
export const AFFILIATE_COOKIE_OPTIONS: CookieOptions = { maxAgeDays: 30, secure: true, sameSite: 'None', path: '/' };

export interface AffiliateParams {
  merchantId: string;
  eventId: string;
  siteId: string;
}

/** The three affiliate params, or null unless all are present and non-empty. */
export function readAffiliateParams(search: string | URLSearchParams): AffiliateParams | null {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const merchantId = q.get(AFFILIATE_PARAMS.merchantId)?.trim();
  const eventId = q.get(AFFILIATE_PARAMS.eventId)?.trim();
  const siteId = q.get(AFFILIATE_PARAMS.siteId)?.trim();
  if (!merchantId || !eventId || !siteId) return null;
  return { merchantId, eventId, siteId };
}

/**
 * Made on first use, not when the module loads: a browser's first `Intl.DateTimeFormat` with a time zone loads the
 * zone data, about 25 ms of a phone's main thread (100 ms at Lighthouse's 4× slowdown) while the app starts, for a
 * stamp only an affiliate visit needs.
 */
let londonFormat: Intl.DateTimeFormat | undefined;

/** `yyyyMMdd_HHMM` in London time (GMT in winter, BST in summer). */
export function londonStamp(date: Date): string {
  londonFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(londonFormat.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}${p.month}${p.day}_${p.hour}${p.minute}`;
}

export function affiliateCookieValue(params: Pick<AffiliateParams, 'merchantId' | 'siteId'>, now: Date): string {
  return [params.merchantId, londonStamp(now), String(Math.floor(now.getTime() / 1000)), params.siteId].join(
    AFFILIATE_JOINER,
  );
}

/** Writes the affiliate cookie when the URL carries the params and performance consent exists. */
export function applyAffiliateCookie(search: string, consentString?: string, now: Date = new Date()): boolean {
  const params = readAffiliateParams(search);
  if (!params) return false;
  if (!(consentString === undefined ? hasConsent(PERFORMANCE) : hasConsent(PERFORMANCE, consentString))) return false;
  writeCookie(AFFILIATE_COOKIE, affiliateCookieValue(params, now), AFFILIATE_COOKIE_OPTIONS);
  return true;
}
