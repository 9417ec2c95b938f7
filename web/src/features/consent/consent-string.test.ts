import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_ACCEPTED,
  ALL_REJECTED,
  buildConsentString,
  hasConsent,
  isAlertBoxClosed,
  parseConsentGroups,
  readConsentChoices,
  saveConsent,
  serializeGroups,
} from './consent-string';
import { readCookie } from '../../lib/cookies';

afterEach(() => vi.unstubAllGlobals());

describe('consent string (spec §5)', () => {
  it('lists every group, necessary always 1', () => {
    expect(serializeGroups(ALL_ACCEPTED)).toBe('C0001:1,C0002:1,C0003:1,C0004:1');
    expect(serializeGroups(ALL_REJECTED)).toBe('C0001:1,C0002:0,C0003:0,C0004:0');
    expect(serializeGroups({ C0001: false, C0003: true })).toBe('C0001:1,C0002:0,C0003:1,C0004:0');
  });

  it('builds a OneTrust-style value', () => {
    const s = buildConsentString({ C0002: true }, new Date('2026-03-01T10:00:00Z'), 'id-1');
    expect(s).toBe(
      'isGpcEnabled=0&datestamp=2026-03-01T10:00:00.000Z&version=1.0.0&consentId=id-1&interactionCount=1&landingPath=NotLandingPage&groups=C0001:1,C0002:1,C0003:0,C0004:0',
    );
    expect(hasConsent('C0002', s)).toBe(true);
    expect(hasConsent('C0004', s)).toBe(false);
  });

  it.each([
    ['groups=C0001:1,C0002:1', 'C0002', true],
    ['groups=C0001:1,C0002:0', 'C0002', false],
    ['groups=C0001%3A1%2CC0002%3A1%2CC0003%3A0', 'C0002', true],
    ['isGpcEnabled=0&groups=C0001%3A1%2CC0003%3A1', 'C0003', true],
    ['groups=C0001:1', 'C0002', false],
    ['groups=C0002:true', 'C0002', false],
    ['groupsX=C0002:1', 'C0002', false],
    ['', 'C0001', false],
  ] as const)('%s: %s accepted = %s', (s, group, accepted) => {
    expect(hasConsent(group, s)).toBe(accepted);
  });

  it('reads choices back; none before the shopper answered', () => {
    expect(readConsentChoices(undefined)).toBeUndefined();
    expect(readConsentChoices('groups=C0001:1,C0002:0,C0003:1,C0004:0')).toEqual({
      C0001: true,
      C0002: false,
      C0003: true,
      C0004: false,
    });
    expect([...parseConsentGroups('groups=C0001:1, C0004:1').keys()]).toEqual(['C0001', 'C0004']);
  });

  it('saves both cookies for 90 days', () => {
    const jar: string[] = [];
    const doc = {
      get cookie() {
        return jar.map((c) => c.split(';')[0]).join('; ');
      },
      set cookie(v: string) {
        jar.push(v);
      },
    };
    vi.stubGlobal('document', doc);
    saveConsent(ALL_REJECTED, new Date('2026-03-01T10:00:00Z'));
    expect(jar[0]).toMatch(
      /^OptanonConsent=isGpcEnabled=0&datestamp=2026-03-01T10:00:00.000Z&.*groups=C0001:1%2CC0002:0%2CC0003:0%2CC0004:0; Max-Age=7776000; Path=\/; SameSite=Lax$/,
    );
    expect(jar[1]).toBe('OptanonAlertBoxClosed=2026-03-01T10:00:00.000Z; Max-Age=7776000; Path=/; SameSite=Lax');
    expect(hasConsent('C0001', readCookie('OptanonConsent'))).toBe(true);
    expect(hasConsent('C0002')).toBe(false);
    expect(isAlertBoxClosed()).toBe(true);
    expect(isAlertBoxClosed('a=b')).toBe(false);
  });
});
