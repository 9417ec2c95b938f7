// Analytics data layer (spec §7): typed events pushed to `window.dataLayer` for the tag manager.
// No network call here: the tag manager, when present and consented, reads the array.
import { getStored, setStored } from './storage';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export type YesNo = 'yes' | 'no';

export interface PageViewEvent {
  event: 'page_view';
  pageType: string;
  pagePath: string;
  locale: string;
  country: string;
  language: string;
  currency: string | null;
  previousPage: string | null;
  firstPage: string;
  loginStatus: 'logged' | 'not-logged';
  isEmployeeTraffic: YesNo;
  productCategories?: string[];
}
export interface PageLoadEvent {
  event: 'page_load';
  pageType: string;
  pagePath: string;
  locale: string;
}
export interface MarketPopupViewEvent {
  event: 'market_popup_view';
  currentCountry: string;
  visitorCountry: string;
  suggestedLocale: string;
}
export interface NewsletterSubscriptionEvent {
  event: 'newsletter_subscription';
  /** e.g. 'newsletter', 'account-creation'. */
  subscriptionType: string;
  /** Where the form sits: 'footer', 'popin', 'account'… */
  location: string;
}
export interface VideoPlayEvent {
  event: 'video_play';
  videoId: string;
  videoTitle?: string;
}
export interface PopinInteractionEvent {
  event: 'popin_interaction';
  popinName: string;
  action: string;
}
export interface ContactRequestEvent {
  event: 'contact_request';
  /** Contact channel or form type: 'email', 'phoneCall', 'chat', 'whatsapp', 'form'… */
  contactType: string;
  location: string;
}

/** A page of search results was shown: the search index it came from (spec §7 name) and what it found. */
export interface SearchResultsEvent {
  event: 'search_results';
  searchTerm: string;
  /** `products_` + country + index region (+ sort replica), as the server answered it. */
  indexName: string;
  resultsCount: number;
  page: number;
}

export type AnalyticsEvent =
  | SearchResultsEvent
  | PageViewEvent
  | PageLoadEvent
  | MarketPopupViewEvent
  | NewsletterSubscriptionEvent
  | VideoPlayEvent
  | PopinInteractionEvent
  | ContactRequestEvent;

/** The data layer; created on first use in the browser, undefined on the server. */
export function dataLayer(): unknown[] | undefined {
  if (typeof window === 'undefined') return undefined;
  window.dataLayer ??= [];
  return window.dataLayer;
}

/** Pushes one event (a copy). Returns false when there is no window (server). */
export function pushEvent(event: AnalyticsEvent): boolean {
  const layer = dataLayer();
  if (!layer) return false;
  layer.push({ ...event });
  return true;
}

export const yesNo = (value: boolean | null | undefined): YesNo => (value ? 'yes' : 'no');

// ---- convenience pushers -----------------------------------------------------------------------

export const trackMarketPopupView = (p: Omit<MarketPopupViewEvent, 'event'>) =>
  pushEvent({ event: 'market_popup_view', ...p });
export const trackNewsletterSubscription = (subscriptionType: string, location: string) =>
  pushEvent({ event: 'newsletter_subscription', subscriptionType, location });
export const trackVideoPlay = (videoId: string, videoTitle?: string) =>
  pushEvent(videoTitle === undefined ? { event: 'video_play', videoId } : { event: 'video_play', videoId, videoTitle });
export const trackPopinInteraction = (popinName: string, action: string) =>
  pushEvent({ event: 'popin_interaction', popinName, action });
export const trackContactRequest = (contactType: string, location: string) =>
  pushEvent({ event: 'contact_request', contactType, location });
export const trackSearchResults = (p: Omit<SearchResultsEvent, 'event'>) =>
  pushEvent({ event: 'search_results', ...p });

// ---- page view: previous and first page kept in sessionStorage ----------------------------------

export const PREVIOUS_PAGE_KEY = 'sf.analytics.previousPage';
export const FIRST_PAGE_KEY = 'sf.analytics.firstPage';
/** The page last tracked; becomes `previousPage` of the next page view. */
export const CURRENT_PAGE_KEY = 'sf.analytics.currentPage';

export interface PageViewInput {
  pageType: string;
  pagePath: string;
  market: { locale: string; country: string; language: string; currency: string | null };
  session: { customerAuthenticated: boolean; isEmployeeTraffic: boolean } | null;
  productCategories?: string[];
}

/** Builds (and records in sessionStorage) the page view of `pagePath`. */
export function buildPageView(input: PageViewInput): PageViewEvent {
  const firstPage = getStored<string>('session', FIRST_PAGE_KEY) ?? input.pagePath;
  const last = getStored<string>('session', CURRENT_PAGE_KEY);
  const previousPage =
    last !== undefined && last !== input.pagePath ? last : (getStored<string>('session', PREVIOUS_PAGE_KEY) ?? null);
  setStored('session', FIRST_PAGE_KEY, firstPage);
  setStored('session', PREVIOUS_PAGE_KEY, previousPage);
  setStored('session', CURRENT_PAGE_KEY, input.pagePath);
  const event: PageViewEvent = {
    event: 'page_view',
    pageType: input.pageType,
    pagePath: input.pagePath,
    locale: input.market.locale,
    country: input.market.country,
    language: input.market.language,
    currency: input.market.currency,
    previousPage,
    firstPage,
    loginStatus: input.session?.customerAuthenticated ? 'logged' : 'not-logged',
    isEmployeeTraffic: yesNo(input.session?.isEmployeeTraffic),
  };
  if (input.productCategories) event.productCategories = input.productCategories;
  return event;
}

/**
 * Page-view tracking (spec §4): fires once per page (path + locale) as soon as the session and the
 * product categories are loaded; `update` may be called on every render.
 */
export function createPageViewTracker(push: (e: AnalyticsEvent) => unknown = pushEvent) {
  let lastKey: string | null = null;
  return {
    update(input: PageViewInput & { sessionLoaded: boolean; categoriesLoaded: boolean }): boolean {
      const key = `${input.market.locale}|${input.pagePath}`;
      if (key === lastKey || !input.sessionLoaded || !input.categoriesLoaded) return false;
      lastKey = key;
      push(buildPageView(input));
      return true;
    },
  };
}

/**
 * Page-load event (spec §4): armed for each (path, locale); fires at most once until the path or
 * the locale changes, which re-arms it.
 */
export function createPageLoadTracker(push: (e: AnalyticsEvent) => unknown = pushEvent) {
  let armedFor: string | null = null;
  let fired = false;
  return {
    /** Call with the current path and locale; re-arms on change. */
    arm(pagePath: string, locale: string): void {
      const key = `${locale}|${pagePath}`;
      if (key !== armedFor) {
        armedFor = key;
        fired = false;
      }
    },
    /** Fires when armed for this path/locale and not yet fired. */
    fire(e: Omit<PageLoadEvent, 'event'>): boolean {
      this.arm(e.pagePath, e.locale);
      if (fired) return false;
      fired = true;
      push({ event: 'page_load', ...e });
      return true;
    },
  };
}

// ---- search index name (spec §7) ----------------------------------------------------------------

export interface SearchIndexInput {
  country: string;
  /** The country's `algoliaIndexRegion` (eu, us, asia…). */
  indexRegion: string;
  /** Optional suffix, e.g. 'rd' for the secondary section or 'employee'. */
  suffix?: string | null;
  /** Sort replica: price_asc, price_desc, newest; default/recommended sorts have no replica. */
  sort?: string | null;
}

/** `products_` + country + index region [+ suffix] [+ sort], joined with `_`, lowercased. */
export function searchIndexName({ country, indexRegion, suffix, sort }: SearchIndexInput): string {
  const parts = ['products', country, indexRegion];
  if (suffix) parts.push(suffix);
  if (sort && sort !== 'recommended' && sort !== 'default') parts.push(sort);
  return parts.join('_').toLowerCase();
}
