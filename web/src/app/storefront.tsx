import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n-react';
import { useLocation } from '../lib/router';
import { ApiError, fetchPageData, type Schemas } from '../lib/api-client';
import { MarketProvider } from '../lib/market-context';
import { htmlLang } from '../lib/html-lang';
import { setUiFlag } from '../lib/ui-store';
import { matchPage } from './page-routes';
import { pageDataRequest, pageDataUrlOf, type PageDataResponse } from '../lib/paths';
import { SiteHeader, type RenderLink } from '../features/navigation/components/site-header';
import { SiteFooter } from '../features/navigation/components/site-footer';
import { useBasket } from '../features/basket/api/basket-queries';
import { ProductTile } from '../features/catalog/components/product-tile';
import { applyNavigation, categoryPageRef, type PageRef } from '../features/catalog/navigation-context';
import { CmsLink, ContentSlotsProvider, InfoBanner, opensWithHero, type ContentSlots } from '../features/content';
import { CartReminder } from '../features/basket/components/cart-reminder';
import { loadPage, Page } from './page-modules';
import { startPrefetchOnIntent } from './prefetch';
import { pageTypeOfKind } from '../lib/route-table';
import { DocumentHead } from './document-head';
import { SiteLayer } from './site-layer';
import '../styles/global.css';
import './storefront.css';

// The bag drawer (and React Aria's overlay code) loads the first time the bag opens.
const Minicart = lazy(() => import('../features/basket/components/minicart').then((m) => ({ default: m.Minicart })));
// The search drawer's code loads the first time the header's search opens.
const SearchOverlay = lazy(() =>
  import('../features/search/components/search-overlay').then((m) => ({ default: m.SearchOverlay })),
);
// A guarded page for a visitor whose session has ended on a client navigation (the server redirects instead).
const SignInRequired = lazy(() =>
  import('../features/account/components/sign-in-required').then((m) => ({ default: m.SignInRequired })),
);

/** The data of any page: what the contract's page-data operations answer (discriminated by `pageType`). */
export type PageData = PageDataResponse;

export const pageQueryKey = (url: string) => ['page', url] as const;

// The app composes features: the content feature renders product islands with the catalog's tile, and
// the navigation renders CMS links with the content feature's link, without features importing each other.
const contentSlots: ContentSlots = {
  renderProductTile: (product, index, firstScreen) => (
    <ProductTile product={product} eager={firstScreen && index < 2} />
  ),
};
const renderLink: RenderLink = (link, { className, onNavigate }) => (
  <CmsLink link={link} className={className} onNavigate={onNavigate} />
);

/** The page's content components, for the pages that have a content page. */
function contentOf(data: PageData | undefined): Schemas['ContentPage'] | null {
  const content = (data as { content?: Schemas['ContentPage'] | null } | undefined)?.content;
  return content ?? null;
}

/** The page as the catalogue's navigation-context rules see it (spec §4). */
function pageRefOf(data: PageData, search: string): PageRef {
  if (data.pageType === 'category') return categoryPageRef(data.listing, search);
  if (data.pageType === 'product') return { kind: 'product', pid: data.product.id };
  return { kind: 'other' };
}

/**
 * The storefront shell: matches the URL, reads the page's data (inlined by the server on first load,
 * fetched from `/ssr/...` on client navigation), and renders the page inside the header and footer of the
 * market's layout — the default shell, or the "rive droite" one — in the page's colour theme.
 */
/**
 * The site header with the bag's count. The basket is per session and never server-rendered: it loads once the
 * page is interactive, and its arrival re-renders the header alone (a query's answer re-renders its readers
 * synchronously: read by the whole storefront, it re-rendered the whole page).
 */
function HeaderWithBag({
  locale,
  ...header
}: Omit<ComponentProps<typeof SiteHeader>, 'bagCount'> & { locale: string }) {
  const [live, setLive] = useState(false);
  useEffect(() => startTransition(() => setLive(true)), []);
  const { data: basket } = useBasket(locale, live);
  // Not `{...header} bagCount={…}`: a spread followed by a named prop is slow on the server (docs/architecture.md#server-side-rendering).
  const props = Object.assign({}, header, { bagCount: basket?.itemCount ?? 0 });
  return <SiteHeader {...props} />;
}

/**
 * A mark for tools, tests and the typed-text keeper (`lib/typed-before-hydration.ts`): the page is interactive,
 * its handlers attached. Inside the page's Suspense boundary, which hydrates after the shell, so that it is set
 * once the page itself, not only the header and footer, is live.
 */
function LiveMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export function Storefront({ brandName, house }: { brandName: string; house?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const match = matchPage(location.pathname);
  const request = pageDataRequest(match, location.search);
  const url = pageDataUrlOf(request);
  const sameKind = (prev: unknown) => {
    const type = (prev as PageData | undefined)?.pageType;
    return type === match.kind || (type === 'content' && match.kind === 'catch-all');
  };
  const query = useQuery({
    queryKey: pageQueryKey(url),
    queryFn: () => fetchPageData(request),
    // Keep the previous listing (or calendar) on screen while the next sort, page or filter loads.
    placeholderData: (prev) => (sameKind(prev) ? prev : undefined),
  });
  // 404 (no such page) and 400 (a slug the API refuses, e.g. a malformed raw param) both mean "not here".
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  // 401: a guarded account page for a session that is not (or no longer) signed in goes to the sign-in page.
  const signInRequired = query.error instanceof ApiError && query.error.status === 401;
  const data = query.data;
  const market = data?.market ?? {
    locale: match.locale ?? 'en-us',
    language: 'en',
    country: 'US',
    currency: null,
    businessRegion: 'AMER' as const,
  };
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
  const queryClient = useQueryClient();
  useEffect(() => startPrefetchOnIntent(queryClient, pageQueryKey), [queryClient]);

  const layout = data?.layout;
  const variant = data?.layoutVariant === 'rive-droite' ? 'rive-droite' : 'default';
  const theme = data?.theme === 'dark' ? 'dark' : 'light';
  const pageComponents = contentOf(data)?.components;
  const overHero = !notFound && layout?.header.transparentOnTop === true && opensWithHero(pageComponents);
  // The floating header takes the hero's colours: light text over a dark photograph, dark over a light one.
  const heroTheme = overHero
    ? (pageComponents?.find((c) => c.type === 'hero' && c.parentId === null)?.theme ?? 'dark')
    : undefined;

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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the navigation context follows the page shown, once per page: not every change of the location's search string
  }, [data, query.isPlaceholderData]);

  // The next page's code loads alongside its data, from the moment its URL is known.
  // (Effects run in the browser only, after hydration: the first page's code is at hand already.)
  useEffect(() => {
    void loadPage(pageTypeOfKind(match.kind)).catch(() => undefined);
  }, [match.kind]);

  // The page the browser loaded keeps the scroll the shopper made before it was live (and the browser's own
  // restoration on a reload or a return): only a page reached in the app starts at the top.
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    const first = shownPath.current === null;
    shownPath.current = location.pathname;
    // A new page starts at the top; a URL with a hash is scrolled to its element by the site layer
    // (spec §2: retried every 100 ms up to 100 times, then offset by the header and info banner).
    if (!first && !location.hash) window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);

  let page;
  const loadingPage = <div className="page-loading" aria-busy="true" aria-label={t('loading')} />;
  if (signInRequired) page = <SignInRequired />;
  // The not-found page is a route of the table like any other (its code loads when a page needs it).
  else if (notFound || data?.pageType === 'not-found')
    page = <Page pageType="not-found" data={{ navigation: data?.navigation ?? [] }} onAdded={() => setBagOpen(true)} />;
  else if (!data) page = loadingPage;
  else page = <Page pageType={data.pageType} data={data} onAdded={() => setBagOpen(true)} />;

  const banner = layout?.infoBanner ? <InfoBanner component={layout.infoBanner} dismissible /> : null;

  return (
    <MarketProvider value={market}>
      <ContentSlotsProvider value={contentSlots}>
        {data && <DocumentHead meta={data.meta} />}
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <div className={`shell shell--${variant}${overHero ? ' shell--over-hero' : ''}`}>
          <HeaderWithBag
            locale={market.locale}
            brandName={brandName}
            house={house}
            navigation={data?.navigation ?? []}
            header={layout?.header}
            banner={banner}
            renderLink={renderLink}
            onOpenBag={() => setBagOpen(true)}
            onOpenSearch={() => setSearchOpen(true)}
            variant={variant}
            overHero={overHero}
            heroTheme={heroTheme}
          />
          <main id="main" className="container" tabIndex={-1}>
            {/* A page's code loads with its data on a client navigation (never on the first page: it is preloaded). */}
            <Suspense fallback={loadingPage}>
              {page}
              <LiveMark />
            </Suspense>
          </main>
          <SiteFooter
            brandName={variant === 'rive-droite' ? `Rive Droite — ${brandName}` : brandName}
            footer={layout?.footer}
            renderLink={renderLink}
          />
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
