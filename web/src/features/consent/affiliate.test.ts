import { afterEach, describe, expect, it, vi } from 'vitest';
import { affiliateCookieValue, applyAffiliateCookie, londonStamp, readAffiliateParams } from './affiliate';

afterEach(() => vi.unstubAllGlobals());

describe('affiliate cookie (spec §7)', () => {
  it.each([
    ['2026-01-15T09:05:00Z', '20260115_0905'], // GMT
    ['2026-07-15T09:05:00Z', '20260715_1005'], // BST (+1)
    ['2026-03-29T00:59:00Z', '20260329_0059'], // last minute of GMT
    ['2026-03-29T01:00:00Z', '20260329_0200'], // clocks go forward
    ['2026-10-25T00:59:00Z', '20261025_0159'], // last minute of BST
    ['2026-10-25T01:00:00Z', '20261025_0100'], // clocks go back
    ['2026-12-31T23:30:00Z', '20261231_2330'],
    ['2026-06-30T23:30:00Z', '20260701_0030'], // BST crosses midnight and month
  ])('London stamp of %s is %s', (iso, stamp) => {
    expect(londonStamp(new Date(iso))).toBe(stamp);
  });

  it('joins merchant id, London stamp, unix seconds and site id with |', () => {
    const now = new Date('2026-07-15T09:05:42.900Z');
    expect(affiliateCookieValue({ merchantId: '43210', siteId: 'AbC-1.x' }, now)).toBe(
      `43210|20260715_1005|${Math.floor(now.getTime() / 1000)}|AbC-1.x`,
    );
    expect(Math.floor(now.getTime() / 1000)).toBe(1784106342);
  });

  it('needs all three params', () => {
    expect(readAffiliateParams('?ranMID=1&ranEAID=e&ranSiteID=s')).toEqual({
      merchantId: '1',
      eventId: 'e',
      siteId: 's',
    });
    expect(readAffiliateParams('?ranMID=1&ranSiteID=s')).toBeNull();
    expect(readAffiliateParams('?ranMID=1&ranEAID=&ranSiteID=s')).toBeNull();
  });

  it('writes the cookie only with performance consent: 30 days, Secure, SameSite=None', () => {
    const doc = { cookie: '' };
    vi.stubGlobal('document', doc);
    const now = new Date('2026-01-15T09:05:00Z');
    const q = '?ranMID=123&ranEAID=abc&ranSiteID=site';
    expect(applyAffiliateCookie(q, 'groups=C0001:1,C0002:0', now)).toBe(false);
    expect(doc.cookie).toBe('');
    expect(applyAffiliateCookie('?ranMID=123', 'groups=C0001:1,C0002:1', now)).toBe(false);
    expect(applyAffiliateCookie(q, 'groups=C0001:1,C0002:1', now)).toBe(true);
    expect(doc.cookie).toBe(
      'rmStoreGateway=123|20260115_0905|1768467900|site; Max-Age=2592000; Path=/; SameSite=None; Secure',
    );
  });
});
