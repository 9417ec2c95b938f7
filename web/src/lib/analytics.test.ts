import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildPageView,
  createPageLoadTracker,
  createPageViewTracker,
  pushEvent,
  searchIndexName,
  trackContactRequest,
  trackMarketPopupView,
  trackNewsletterSubscription,
  trackPopinInteraction,
  trackSearchResults,
  trackVideoPlay,
  yesNo,
  type AnalyticsEvent,
} from './analytics';
import { MemoryStorage } from './testing/memory-storage';

const market = { locale: 'fr-fr', country: 'FR', language: 'fr', currency: 'EUR' };

beforeEach(() => {
  vi.stubGlobal('window', {});
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

describe('data layer', () => {
  it('pushes typed events onto window.dataLayer', () => {
    trackMarketPopupView({ currentCountry: 'FR', visitorCountry: 'DE', suggestedLocale: 'de-de' });
    trackNewsletterSubscription('newsletter', 'footer');
    trackVideoPlay('vid-1');
    trackPopinInteraction('wrong-market', 'close');
    trackContactRequest('email', 'contact-page');
    trackSearchResults({ searchTerm: 'sac', indexName: 'products_fr_eu', resultsCount: 613, page: 1 });
    expect(window.dataLayer).toEqual([
      { event: 'market_popup_view', currentCountry: 'FR', visitorCountry: 'DE', suggestedLocale: 'de-de' },
      { event: 'newsletter_subscription', subscriptionType: 'newsletter', location: 'footer' },
      { event: 'video_play', videoId: 'vid-1' },
      { event: 'popin_interaction', popinName: 'wrong-market', action: 'close' },
      { event: 'contact_request', contactType: 'email', location: 'contact-page' },
      { event: 'search_results', searchTerm: 'sac', indexName: 'products_fr_eu', resultsCount: 613, page: 1 },
    ]);
  });

  it('is a no-op on the server', () => {
    vi.stubGlobal('window', undefined);
    expect(pushEvent({ event: 'video_play', videoId: 'x' })).toBe(false);
  });

  it('sends isEmployeeTraffic as yes/no', () => {
    expect([yesNo(true), yesNo(false), yesNo(undefined)]).toEqual(['yes', 'no', 'no']);
    const e = buildPageView({
      pageType: 'home',
      pagePath: '/fr-fr/',
      market,
      session: { customerAuthenticated: true, isEmployeeTraffic: true },
    });
    expect(e).toMatchObject({ isEmployeeTraffic: 'yes', loginStatus: 'logged' });
  });
});

describe('page view (spec §4)', () => {
  it('keeps the first and previous page in sessionStorage', () => {
    const session = { customerAuthenticated: false, isEmployeeTraffic: false };
    const a = buildPageView({ pageType: 'home', pagePath: '/fr-fr/', market, session });
    expect(a).toMatchObject({
      firstPage: '/fr-fr/',
      previousPage: null,
      isEmployeeTraffic: 'no',
      loginStatus: 'not-logged',
    });
    const b = buildPageView({ pageType: 'category', pagePath: '/fr-fr/ca/women', market, session });
    expect(b).toMatchObject({ firstPage: '/fr-fr/', previousPage: '/fr-fr/' });
    const c = buildPageView({
      pageType: 'product',
      pagePath: '/fr-fr/pr/x-1.html',
      market,
      session,
      productCategories: ['bags'],
    });
    expect(c).toMatchObject({ firstPage: '/fr-fr/', previousPage: '/fr-fr/ca/women', productCategories: ['bags'] });
  });

  it('fires once per page, only after session and categories are loaded', () => {
    const events: AnalyticsEvent[] = [];
    const tracker = createPageViewTracker((e) => events.push(e));
    const base = { pageType: 'home', pagePath: '/fr-fr/', market, session: null };
    expect(tracker.update({ ...base, sessionLoaded: false, categoriesLoaded: true })).toBe(false);
    expect(tracker.update({ ...base, sessionLoaded: true, categoriesLoaded: false })).toBe(false);
    expect(tracker.update({ ...base, sessionLoaded: true, categoriesLoaded: true })).toBe(true);
    expect(tracker.update({ ...base, sessionLoaded: true, categoriesLoaded: true })).toBe(false);
    expect(tracker.update({ ...base, pagePath: '/fr-fr/ca/women', sessionLoaded: true, categoriesLoaded: true })).toBe(
      true,
    );
    expect(events.map((e) => e.event)).toEqual(['page_view', 'page_view']);
  });
});

describe('page-load event (spec §4)', () => {
  it('is re-armed whenever the path or the locale changes', () => {
    const events: AnalyticsEvent[] = [];
    const t = createPageLoadTracker((e) => events.push(e));
    expect(t.fire({ pageType: 'home', pagePath: '/', locale: 'en-us' })).toBe(true);
    expect(t.fire({ pageType: 'home', pagePath: '/', locale: 'en-us' })).toBe(false);
    t.arm('/', 'en-us');
    expect(t.fire({ pageType: 'home', pagePath: '/', locale: 'en-us' })).toBe(false);
    expect(t.fire({ pageType: 'category', pagePath: '/ca/women', locale: 'en-us' })).toBe(true);
    expect(t.fire({ pageType: 'category', pagePath: '/ca/women', locale: 'fr-fr' })).toBe(true);
    t.arm('/', 'en-us');
    t.arm('/ca/women', 'fr-fr');
    expect(t.fire({ pageType: 'category', pagePath: '/ca/women', locale: 'fr-fr' })).toBe(true);
    expect(events).toHaveLength(4);
  });
});

describe('search index name (spec §7)', () => {
  it.each([
    [{ country: 'FR', indexRegion: 'eu' }, 'products_fr_eu'],
    [{ country: 'US', indexRegion: 'US', sort: 'price_asc' }, 'products_us_us_price_asc'],
    [{ country: 'JP', indexRegion: 'asia', suffix: 'RD', sort: 'newest' }, 'products_jp_asia_rd_newest'],
    [{ country: 'GB', indexRegion: 'eu', sort: 'recommended' }, 'products_gb_eu'],
    [{ country: 'DE', indexRegion: 'eu', suffix: null, sort: null }, 'products_de_eu'],
  ])('%j → %s', (input, name) => {
    expect(searchIndexName(input)).toBe(name);
  });
});
