import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ApiError, fetchPageData, type Schemas } from '../lib/api-client';
import { MarketProvider } from '../lib/market-context';
import { htmlLang } from '../lib/html-lang';
import { setUiFlag } from '../lib/ui-store';
import { matchPage, pageDataUrl } from './page-routes';
import { SiteHeader, type RenderLink } from '../features/navigation/components/site-header';
import { SiteFooter } from '../features/navigation/components/site-footer';
import { useBasket } from '../features/basket/api/basket-queries';
import { ProductTile } from '../features/catalog/components/product-tile';
import { categoryPageRef } from '../features/catalog/components/category-listing';
import { applyNavigation, type PageRef } from '../features/catalog/navigation-context';
import { CmsLink, ContentSlotsProvider, InfoBanner, opensWithHero, type ContentSlots } from '../features/content';
import { HomeRoute } from './routes/home-route';
import { CategoryRoute } from './routes/category-route';
import { ProductRoute } from './routes/product-route';
import { NotFoundRoute } from './routes/not-found-route';
import { ContentPageRoute } from './routes/content-page-route';
import { LegalRoute } from './routes/legal-route';
import { FaqRoute } from './routes/faq-route';
import { ClientServiceRoute } from './routes/client-service-route';
import { ContactRoute } from './routes/contact-route';
import { MarketingRoute } from './routes/marketing-route';
import { RiveDroiteRoute } from './routes/rive-droite-route';
import { RiveDroiteCategoryRoute } from './routes/rive-droite-category-route';
import { RiveDroiteCalendarRoute } from './routes/rive-droite-calendar-route';
import { LookRoute } from './routes/look-route';
import { CollectionsRoute, CollectionRoute, CollectionItemsRoute, CollectionLooksRoute } from './routes/collection-routes';
import { SearchRoute } from './routes/search-route';
import { StoreDetailRoute, StoreListRoute } from './routes/store-routes';
import { SignInRoute } from './routes/sign-in-route';
import { BasketRoute } from './routes/basket-route';
import { CheckoutConfirmationRoute, CheckoutRoute } from './routes/checkout-routes';
import { AccountOrderRoute, AccountOrdersRoute, GuestOrderRoute, TrackOrderRoute } from './routes/order-routes';
import { AccountReturnRoute, GuestReturnRoute, ReturnOrderRoute, ReturnThankYouRoute } from './routes/return-routes';
import { CartReminder } from '../features/basket/components/cart-reminder';
import { SignUpRoute } from './routes/sign-up-route';
import { SignOutRoute } from './routes/sign-out-route';
import { NewsletterConfirmRoute } from './routes/newsletter-confirm-route';
import {
  AccountActivateRoute,
  AccountAddressBookRoute,
  AccountAddressFormRoute,
  AccountDashboardRoute,
  AccountEditPasswordRoute,
  AccountInformationRoute,
  AccountProfileRoute,
  AccountResetPasswordRoute,
  AccountSignInRequired,
} from './routes/account-routes';
import { DocumentHead } from './document-head';
import { SiteLayer } from './site-layer';
import '../styles/global.css';
import './storefront.css';

// The bag drawer (and React Aria's overlay code) loads the first time the bag opens.
const Minicart = lazy(() => import('../features/basket/components/minicart').then((m) => ({ default: m.Minicart })));
// The search drawer's code loads the first time the header's search opens.
const SearchOverlay = lazy(() => import('../features/search/components/search-overlay').then((m) => ({ default: m.SearchOverlay })));

export type PageData =
  | Schemas['HomePageData']
  | Schemas['CategoryPageData']
  | Schemas['ProductPageData']
  | Schemas['ContentPageData']
  | Schemas['FaqPageData']
  | Schemas['ClientServicePageData']
  | Schemas['ContactPageData']
  | Schemas['MarketingPageData']
  | Schemas['RiveDroitePageData']
  | Schemas['RiveDroiteCategoryPageData']
  | Schemas['RiveDroiteCalendarPageData']
  | Schemas['LookPageData']
  | Schemas['CollectionsPageData']
  | Schemas['CollectionPageData']
  | Schemas['CollectionItemsPageData']
  | Schemas['CollectionLooksPageData']
  | Schemas['SearchPageData']
  | Schemas['StoreListPageData']
  | Schemas['StoreDetailPageData']
  | Schemas['SignInPageData']
  | Schemas['SignUpPageData']
  | Schemas['LogoutPageData']
  | Schemas['NewsletterConfirmPageData']
  | Schemas['MyAccountPageData']
  | Schemas['AccountActivationPageData']
  | Schemas['AccountInformationPageData']
  | Schemas['ProfilePageData']
  | Schemas['AddressBookPageData']
  | Schemas['AddressFormPageData']
  | Schemas['PasswordPageData']
  | Schemas['OrderConfirmationPageData']
  | Schemas['TrackOrderPageData']
  | Schemas['OrderDetailPageData']
  | Schemas['OrderHistoryPageData']
  | Schemas['ReturnOrderPageData']
  | Schemas['ReturnExchangePageData']
  | Schemas['ReturnThankYouPageData']
  | Schemas['PageEnvelope'];

export const pageQueryKey = (url: string) => ['page', url] as const;

// The app composes features: the content feature renders product islands with the catalog's tile, and
// the navigation renders CMS links with the content feature's link, without features importing each other.
const contentSlots: ContentSlots = { renderProductTile: (product, index) => <ProductTile product={product} eager={index < 2} /> };
const renderLink: RenderLink = (link, { className, onNavigate }) => <CmsLink link={link} className={className} onNavigate={onNavigate} />;

/** The page's content components, for the pages that have a content page. */
function contentOf(data: PageData | undefined): Schemas['ContentPage'] | null {
  const content = (data as { content?: Schemas['ContentPage'] | null } | undefined)?.content;
  return content ?? null;
}

function Page({ data, onAdded }: { data: PageData; onAdded: () => void }) {
  switch (data.pageType) {
    case 'home':
      return <HomeRoute data={data as Schemas['HomePageData']} />;
    case 'category':
      return <CategoryRoute data={data as Schemas['CategoryPageData']} />;
    case 'product':
      return <ProductRoute data={data as Schemas['ProductPageData']} onAdded={onAdded} />;
    case 'content':
    case 'rive-droite-content':
      return <ContentPageRoute data={data as Schemas['ContentPageData']} />;
    case 'legal':
      return <LegalRoute data={data as Schemas['ContentPageData']} />;
    case 'faq':
      return <FaqRoute data={data as Schemas['FaqPageData']} />;
    case 'client-service':
      return <ClientServiceRoute data={data as Schemas['ClientServicePageData']} />;
    case 'contact':
      return <ContactRoute data={data as Schemas['ContactPageData']} />;
    case 'marketing':
      return <MarketingRoute data={data as Schemas['MarketingPageData']} />;
    case 'rive-droite':
      return <RiveDroiteRoute data={data as Schemas['RiveDroitePageData']} />;
    case 'rive-droite-category':
      return <RiveDroiteCategoryRoute data={data as Schemas['RiveDroiteCategoryPageData']} />;
    case 'rive-droite-calendar':
      return <RiveDroiteCalendarRoute data={data as Schemas['RiveDroiteCalendarPageData']} />;
    case 'look':
      return <LookRoute data={data as Schemas['LookPageData']} />;
    case 'collections':
      return <CollectionsRoute data={data as Schemas['CollectionsPageData']} />;
    case 'collection':
      return <CollectionRoute data={data as Schemas['CollectionPageData']} />;
    case 'collection-items':
      return <CollectionItemsRoute data={data as Schemas['CollectionItemsPageData']} />;
    case 'collection-looks':
      return <CollectionLooksRoute data={data as Schemas['CollectionLooksPageData']} />;
    case 'search':
      return <SearchRoute data={data as Schemas['SearchPageData']} />;
    case 'store-list':
      return <StoreListRoute data={data as Schemas['StoreListPageData']} />;
    case 'store-detail':
      return <StoreDetailRoute data={data as Schemas['StoreDetailPageData']} />;
    case 'basket':
      return <BasketRoute />;
    case 'checkout':
      return <CheckoutRoute />;
    case 'checkout-confirmation':
      return <CheckoutConfirmationRoute data={data as Schemas['OrderConfirmationPageData']} />;
    case 'track-order':
      return <TrackOrderRoute data={data as Schemas['TrackOrderPageData']} />;
    case 'guest-order-online':
      return <GuestOrderRoute data={data as Schemas['OrderDetailPageData']} />;
    case 'my-account-orders':
      return <AccountOrdersRoute data={data as Schemas['OrderHistoryPageData']} />;
    case 'my-account-order-online':
    case 'my-account-order-offline':
      return <AccountOrderRoute data={data as Schemas['OrderDetailPageData']} />;
    case 'return-order':
      return <ReturnOrderRoute data={data as Schemas['ReturnOrderPageData']} />;
    case 'guest-return-exchange':
      return <GuestReturnRoute data={data as Schemas['ReturnExchangePageData']} />;
    case 'my-account-return-exchange':
      return <AccountReturnRoute data={data as Schemas['ReturnExchangePageData']} />;
    case 'my-account-return-thank-you':
      return <ReturnThankYouRoute data={data as Schemas['ReturnThankYouPageData']} />;
    case 'sign-in':
      return <SignInRoute data={data as Schemas['SignInPageData']} />;
    case 'sign-up':
      return <SignUpRoute data={data as Schemas['SignUpPageData']} />;
    case 'logout':
      return <SignOutRoute data={data as Schemas['LogoutPageData']} />;
    case 'newsletter-confirm':
      return <NewsletterConfirmRoute data={data as Schemas['NewsletterConfirmPageData']} />;
    case 'my-account':
      return <AccountDashboardRoute data={data as Schemas['MyAccountPageData']} />;
    case 'my-account-activate':
      return <AccountActivateRoute data={data as Schemas['AccountActivationPageData']} />;
    case 'my-account-information':
      return <AccountInformationRoute data={data as Schemas['AccountInformationPageData']} />;
    case 'my-account-profile':
      return <AccountProfileRoute data={data as Schemas['ProfilePageData']} />;
    case 'my-account-address-book':
      return <AccountAddressBookRoute data={data as Schemas['AddressBookPageData']} />;
    case 'my-account-new-address-book':
    case 'my-account-edit-address-book':
      return <AccountAddressFormRoute data={data as Schemas['AddressFormPageData']} />;
    case 'my-account-edit-password':
      return <AccountEditPasswordRoute data={data as Schemas['PasswordPageData']} />;
    case 'my-account-reset-password':
      return <AccountResetPasswordRoute data={data as Schemas['PasswordPageData']} />;
    default:
      return <NotFoundRoute />;
  }
}

/** The page as the catalogue's navigation-context rules see it (spec §4). */
function pageRefOf(data: PageData, search: string): PageRef {
  if (data.pageType === 'category') return categoryPageRef((data as Schemas['CategoryPageData']).listing, search);
  if (data.pageType === 'product') return { kind: 'product', pid: (data as Schemas['ProductPageData']).product.id };
  return { kind: 'other' };
}

/**
 * The storefront shell: matches the URL, reads the page's data (inlined by the server on first load,
 * fetched from `/ssr/...` on client navigation), and renders the page inside the header and footer of the
 * market's layout — the default shell, or the "rive droite" one — in the page's colour theme.
 */
export function Storefront({ brandName }: { brandName: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const match = matchPage(location.pathname);
  const url = pageDataUrl(match, location.search);
  const sameKind = (prev: unknown) => {
    const type = (prev as PageData | undefined)?.pageType;
    return type === match.kind || (type === 'content' && match.kind === 'catch-all');
  };
  const query = useQuery({
    queryKey: pageQueryKey(url),
    queryFn: () => fetchPageData<PageData>(url),
    // Keep the previous listing (or calendar) on screen while the next sort, page or filter loads.
    placeholderData: (prev) => (sameKind(prev) ? prev : undefined),
  });
  // 404 (no such page) and 400 (a slug the API refuses, e.g. a malformed raw param) both mean "not here".
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  // 401: a guarded account page for a session that is not (or no longer) signed in goes to the sign-in page.
  const signInRequired = query.error instanceof ApiError && query.error.status === 401;
  const data = query.data;
  const market = data?.market ?? { locale: match.locale ?? 'en-us', language: 'en', country: 'US', currency: null, businessRegion: 'AMER' as const };
  const [bagOpen, setBagOpenState] = useState(false);
  const [bagLoaded, setBagLoaded] = useState(false);
  const setBagOpen = (open: boolean) => {
    if (open) setBagLoaded(true);
    setBagOpenState(open);
  };
  const [searchOpen, setSearchOpenState] = useState(false);
  const [searchLoaded, setSearchLoaded] = useState(false);
  const setSearchOpen = (open: boolean) => {
    if (open) setSearchLoaded(true);
    setSearchOpenState(open);
  };
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The basket is per session and never server-rendered: it loads once the page is interactive.
  const { data: basket } = useBasket(market.locale, hydrated);

  const layout = data?.layout;
  const variant = data?.layoutVariant === 'rive-droite' ? 'rive-droite' : 'default';
  const theme = data?.theme === 'dark' ? 'dark' : 'light';
  const pageComponents = contentOf(data)?.components;
  const overHero = !notFound && layout?.header.transparentOnTop === true && opensWithHero(pageComponents);
  // The floating header takes the hero's colours: light text over a dark photograph, dark over a light one.
  const heroTheme = overHero ? (pageComponents?.find((c) => c.type === 'hero' && c.parentId === null)?.theme ?? 'dark') : undefined;

  // The server writes <html lang> into the first HTML; without a server (npm run dev:mock) and across client
  // navigations to another market, the page's locale sets it.
  useEffect(() => {
    document.documentElement.lang = htmlLang(market.locale);
  }, [market.locale]);
  // The server sets these on the first HTML; client navigations keep them in step (spec §4).
  useEffect(() => {
    if (!data) return;
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.dataset.layout = variant;
  }, [data, theme, variant]);
  useEffect(() => setUiFlag('lightHeader', overHero), [overHero]);
  // Spec §4: the stored category path and product list follow the pages shown (not the placeholder kept while loading).
  useEffect(() => {
    if (data && !query.isPlaceholderData) applyNavigation(pageRefOf(data, location.search));
  }, [data, query.isPlaceholderData]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    // A new page starts at the top; a URL with a hash is scrolled to its element by the site layer
    // (spec §2: retried every 100 ms up to 100 times, then offset by the header and info banner).
    if (!location.hash) window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);

  let page;
  if (signInRequired) page = <AccountSignInRequired />;
  else if (notFound || data?.pageType === 'not-found') page = <NotFoundRoute />;
  else if (!data) page = <div className="page-loading" aria-busy="true" aria-label={t('loading')} />;
  else page = <Page data={data} onAdded={() => setBagOpen(true)} />;

  const banner = layout?.infoBanner ? <InfoBanner component={layout.infoBanner} /> : null;

  return (
    <MarketProvider value={market}>
      <ContentSlotsProvider value={contentSlots}>
        {data && <DocumentHead meta={data.meta} />}
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <div className={`shell shell--${variant}${overHero ? ' shell--over-hero' : ''}`}>
          <SiteHeader
            brandName={brandName}
            navigation={data?.navigation ?? []}
            header={layout?.header}
            banner={banner}
            renderLink={renderLink}
            bagCount={basket?.itemCount ?? 0}
            onOpenBag={() => setBagOpen(true)}
            onOpenSearch={() => setSearchOpen(true)}
            variant={variant}
            overHero={overHero}
            heroTheme={heroTheme}
          />
          <main id="main" className="container" tabIndex={-1}>
            {page}
          </main>
          <SiteFooter brandName={variant === 'rive-droite' ? `Rive Droite — ${brandName}` : brandName} footer={layout?.footer} renderLink={renderLink} />
        </div>
        <SiteLayer market={market} pageType={data?.pageType ?? ''} />
        <CartReminder pageType={data?.pageType ?? ''} onOpenBag={() => setBagOpen(true)} />
        {searchLoaded && (
          <Suspense fallback={null}>
            <SearchOverlay isOpen={searchOpen} onOpenChange={setSearchOpen} />
          </Suspense>
        )}
        {bagLoaded && (
          <Suspense fallback={null}>
            <Minicart isOpen={bagOpen} onOpenChange={setBagOpen} />
          </Suspense>
        )}
      </ContentSlotsProvider>
    </MarketProvider>
  );
}
