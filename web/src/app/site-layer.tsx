// Site-wide behaviour mounted once inside the providers (storefront.tsx):
//   - cookie banner + preferences (spec §5) and the affiliate cookie (spec §7);
//   - wrong-market drawer (spec §4) and the country/language selector (`useModal('country-selector')`);
//   - the newsletter and contact-form modals (`useModal('newsletter')`, `useModal('contact-form')`);
//   - anchor scrolling on load (spec §2), page-loader auto-off (store), scroll lock, info-banner offset;
//   - page-view and page-load analytics (spec §4, §7).
// The dialogs are lazy chunks loaded after hydration, only when first needed.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n-react';
import { useLocation } from '../lib/router';
import { Spinner } from '../components/ui/spinner';
import type { Schemas } from '../lib/api-client';
import { createPageLoadTracker, createPageViewTracker } from '../lib/analytics';
import { scrollToHash } from '../lib/anchor-scroll';
import { headerHeightFor } from '../lib/layout';
import { MarketProvider } from '../lib/market-context';
import { getUiFlag, openModal, useModal, useUiFlag, useUiSelector } from '../lib/ui-store';
import { applyAffiliateCookie } from '../features/consent/affiliate';
import { isAlertBoxClosed, useAlertBoxClosed, useConsentString } from '../features/consent/consent-string';
import { useCustomerSession } from '../features/market/api/market-queries';
import { useWrongMarketTrigger } from '../features/market/use-wrong-market';

const ConsentLayer = lazy(() =>
  import('../features/consent/components/consent-layer').then((m) => ({ default: m.ConsentLayer })),
);
const MarketLayer = lazy(() =>
  import('../features/market/components/market-layer').then((m) => ({ default: m.MarketLayer })),
);
const NewsletterDialog = lazy(() =>
  import('../features/newsletter/components/newsletter-dialog').then((m) => ({ default: m.NewsletterDialog })),
);
const ContactDialog = lazy(() =>
  import('../features/contact/components/contact-dialog').then((m) => ({ default: m.ContactDialog })),
);

export interface SiteLayerProps {
  market: Schemas['Market'];
  pageType: string;
  /** False while the page's own data (e.g. product categories) is loading; page view waits for it. */
  isPageReady?: boolean;
  /** Product categories of a product page, sent with the page view. */
  productCategories?: string[];
}

/** Stays true once `value` has been true (a lazy layer stays mounted to play its exit animation). */
function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}

export function SiteLayer({ market, pageType, isPageReady = true, productCategories }: SiteLayerProps) {
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Session (visitor country, analytics flags) once interactive.
  const session = useCustomerSession(market.locale, hydrated);
  const alertBoxClosed = useAlertBoxClosed();
  const consentString = useConsentString();

  // Cookie banner until the shopper answers.
  useEffect(() => {
    if (hydrated && !isAlertBoxClosed()) openModal('cookie-banner');
  }, [hydrated]);

  // Affiliate cookie whenever the URL or the consent changes.
  useEffect(() => {
    if (hydrated) applyAffiliateCookie(location.search);
  }, [hydrated, location.search, consentString]);

  useWrongMarketTrigger({ locale: market.locale, session: session.data, alertBoxClosed, hydrated });

  // Anchor scrolling on load / hash change.
  useEffect(() => {
    if (!hydrated || !location.hash) return;
    const layout = document.documentElement.dataset.layout === 'rive-droite' ? 'secondary' : 'main';
    return scrollToHash(location.hash, {
      getElementById: (id) => document.getElementById(id),
      scrollTo: (o) => window.scrollTo(o),
      scrollY: () => window.scrollY,
      headerHeight: () => (getUiFlag('headerVisible') ? headerHeightFor(window.innerWidth, layout) : 0),
      infoBannerHeight: () => getUiFlag('infoBannerHeight'),
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (h) => window.clearTimeout(h as number),
    });
  }, [hydrated, location.pathname, location.hash]);

  // Scroll lock and info-banner offset mirrored onto the document.
  const locked = useUiSelector((s) => s.flags.scrollLockElements.length > 0);
  const [infoBannerHeight] = useUiFlag('infoBannerHeight');
  useEffect(() => {
    if (!hydrated) return;
    document.documentElement.style.overflow = locked ? 'hidden' : '';
  }, [hydrated, locked]);
  // A height set in the store wins; otherwise the stylesheet's own (32 px while a banner is in the header, else 0).
  useEffect(() => {
    if (!hydrated) return;
    if (infoBannerHeight > 0)
      document.documentElement.style.setProperty('--info-banner-height', `${infoBannerHeight}px`);
    else document.documentElement.style.removeProperty('--info-banner-height');
  }, [hydrated, infoBannerHeight]);

  // Analytics: page load re-armed per path/locale; page view once session and categories are loaded.
  const pageLoad = useRef(createPageLoadTracker());
  const pageView = useRef(createPageViewTracker());
  const sessionSettled = !session.isPending || session.fetchStatus === 'idle';
  useEffect(() => {
    if (!hydrated) return;
    pageLoad.current.arm(location.pathname, market.locale);
    if (isPageReady) pageLoad.current.fire({ pageType, pagePath: location.pathname, locale: market.locale });
  }, [hydrated, location.pathname, market.locale, pageType, isPageReady]);
  useEffect(() => {
    if (!hydrated) return;
    pageView.current.update({
      pageType,
      pagePath: location.pathname,
      market,
      session: session.data ?? null,
      sessionLoaded: sessionSettled && !session.isFetching,
      categoriesLoaded: isPageReady,
      ...(productCategories ? { productCategories } : {}),
    });
  }, [
    hydrated,
    location.pathname,
    market,
    pageType,
    session.data,
    sessionSettled,
    session.isFetching,
    isPageReady,
    productCategories,
  ]);

  const bannerOpen = useModal('cookie-banner').isOpen;
  const preferencesOpen = useModal('cookie-preferences').isOpen;
  const wrongMarketOpen = useModal('wrong-market').isOpen;
  const selectorOpen = useModal('country-selector').isOpen;
  const consentNeeded = useLatch(bannerOpen || preferencesOpen);
  const marketNeeded = useLatch(wrongMarketOpen || selectorOpen);
  const newsletterNeeded = useLatch(useModal('newsletter').isOpen);
  const contactNeeded = useLatch(useModal('contact-form').isOpen);

  return (
    <MarketProvider value={market}>
      <PageLoader />
      {hydrated && consentNeeded && (
        <Suspense fallback={null}>
          <ConsentLayer />
        </Suspense>
      )}
      {hydrated && marketNeeded && (
        <Suspense fallback={null}>
          <MarketLayer />
        </Suspense>
      )}
      {hydrated && newsletterNeeded && (
        <Suspense fallback={null}>
          <NewsletterDialog />
        </Suspense>
      )}
      {hydrated && contactNeeded && (
        <Suspense fallback={null}>
          <ContactDialog />
        </Suspense>
      )}
    </MarketProvider>
  );
}

/** Full-page loader while the `pageLoader` flag is on (the store switches it off after 5 s). */
function PageLoader() {
  const { t } = useTranslation();
  const [on] = useUiFlag('pageLoader');
  if (!on) return null;
  return (
    <div
      className="site-page-loader"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 'var(--z-loader)' as unknown as number,
        display: 'grid',
        placeItems: 'center',
        background: 'var(--color-overlay)',
      }}
    >
      <Spinner size="lg" label={t('loading')} />
    </div>
  );
}
