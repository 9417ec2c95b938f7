// Cookie consent (spec §5), stored OneTrust-style so a later OneTrust integration reads the same
// cookies:
//   OptanonConsent        = isGpcEnabled=0&datestamp=<ISO>&version=<v>&consentId=<uuid>&interactionCount=1
//                           &landingPath=NotLandingPage&groups=C0001:1,C0002:0,C0003:1,C0004:0
//   OptanonAlertBoxClosed = <ISO date> (the shopper has answered the banner)
// A group is accepted iff the consent string lists it as 1.
import { readCookie, useCookie, writeCookie } from '../../lib/cookies';

export const CONSENT_COOKIE = 'OptanonConsent';
export const ALERT_BOX_CLOSED_COOKIE = 'OptanonAlertBoxClosed';
/** Consent is kept for the longest cookie lifetime the site allows (spec §9: 90 days). */
export const CONSENT_MAX_AGE_DAYS = 90;
export const CONSENT_VERSION = '1.0.0';

export const CONSENT_GROUPS = ['C0001', 'C0002', 'C0003', 'C0004'] as const;
export type ConsentGroup = (typeof CONSENT_GROUPS)[number];
export const NECESSARY: ConsentGroup = 'C0001';
export const PERFORMANCE: ConsentGroup = 'C0002';

/** Group id → i18n key in the `consent` namespace. */
export const GROUP_KEYS: Record<ConsentGroup, 'necessary' | 'performance' | 'functional' | 'targeting'> = {
  C0001: 'necessary',
  C0002: 'performance',
  C0003: 'functional',
  C0004: 'targeting',
};

export type ConsentChoices = Record<ConsentGroup, boolean>;

export const ALL_ACCEPTED: ConsentChoices = { C0001: true, C0002: true, C0003: true, C0004: true };
export const ALL_REJECTED: ConsentChoices = { C0001: true, C0002: false, C0003: false, C0004: false };

/** `C0001:1,C0002:0,...`; C0001 (strictly necessary) is always 1. */
export function serializeGroups(choices: Partial<ConsentChoices>): string {
  return CONSENT_GROUPS.map((g) => `${g}:${g === NECESSARY || choices[g] ? 1 : 0}`).join(',');
}

/** The full OptanonConsent value (decoded form; the cookie writer percent-encodes what it must). */
export function buildConsentString(
  choices: Partial<ConsentChoices>,
  now: Date = new Date(),
  consentId = randomId(),
): string {
  return [
    'isGpcEnabled=0',
    `datestamp=${now.toISOString()}`,
    `version=${CONSENT_VERSION}`,
    `consentId=${consentId}`,
    'interactionCount=1',
    'landingPath=NotLandingPage',
    `groups=${serializeGroups(choices)}`,
  ].join('&');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Group → 0/1 as listed in a consent string; also reads OneTrust's encoded form (`C0001%3A1%2C…`). */
export function parseConsentGroups(consentString: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!consentString) return out;
  for (const pair of consentString.split('&')) {
    const i = pair.indexOf('=');
    if (i < 0 || safeDecode(pair.slice(0, i)) !== 'groups') continue;
    for (const entry of safeDecode(pair.slice(i + 1)).split(',')) {
      const [group, flag] = entry.split(':');
      if (group && flag !== undefined) out.set(group.trim(), flag.trim());
    }
  }
  return out;
}

/** Spec §5: a group is accepted iff the consent string lists it as 1. */
export function hasConsent(
  group: ConsentGroup,
  consentString: string | null | undefined = readCookie(CONSENT_COOKIE),
): boolean {
  return parseConsentGroups(consentString).get(group) === '1';
}

/** The stored choices (C0001 always on); undefined when the shopper has not answered yet. */
export function readConsentChoices(
  consentString: string | null | undefined = readCookie(CONSENT_COOKIE),
): ConsentChoices | undefined {
  const groups = parseConsentGroups(consentString);
  if (groups.size === 0) return undefined;
  return {
    C0001: true,
    C0002: groups.get('C0002') === '1',
    C0003: groups.get('C0003') === '1',
    C0004: groups.get('C0004') === '1',
  };
}

/** Writes the consent string and the alert-box-closed date. */
export function saveConsent(choices: Partial<ConsentChoices>, now: Date = new Date()): void {
  const previousId = /(?:^|&)consentId=([^&]*)/.exec(readCookie(CONSENT_COOKIE) ?? '')?.[1];
  const options = { maxAgeDays: CONSENT_MAX_AGE_DAYS, path: '/', sameSite: 'Lax' as const };
  writeCookie(CONSENT_COOKIE, buildConsentString(choices, now, previousId || randomId()), options);
  writeCookie(ALERT_BOX_CLOSED_COOKIE, now.toISOString(), options);
  if (typeof window !== 'undefined') window.dispatchEvent?.(new CustomEvent('sf:consent-changed', { detail: choices }));
}

export function isAlertBoxClosed(cookieString?: string): boolean {
  return Boolean(
    cookieString === undefined
      ? readCookie(ALERT_BOX_CLOSED_COOKIE)
      : readCookie(ALERT_BOX_CLOSED_COOKIE, cookieString),
  );
}

/** Re-renders when this tab writes consent; false on the server and during hydration. */
export function useAlertBoxClosed(): boolean {
  return Boolean(useCookie(ALERT_BOX_CLOSED_COOKIE));
}

/** The current consent string (undefined until answered, on the server and during hydration). */
export function useConsentString(): string | undefined {
  return useCookie(CONSENT_COOKIE);
}

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}
