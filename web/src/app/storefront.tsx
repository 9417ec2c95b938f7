import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ApiError, fetchPageData, type Schemas } from '../lib/api-client';
import { MarketProvider } from '../lib/market-context';
import { matchPage, pageDataUrl } from './page-routes';
import { SiteHeader } from '../features/navigation/components/site-header';
import { SiteFooter } from '../features/navigation/components/site-footer';
import { useBasket } from '../features/basket/api/basket-queries';
import { HomeRoute } from './routes/home-route';
import { CategoryRoute } from './routes/category-route';
import { ProductRoute } from './routes/product-route';
import { NotFoundRoute } from './routes/not-found-route';
import { DocumentHead } from './document-head';
import '../styles/global.css';
import './storefront.css';

// The bag drawer (and React Aria's overlay code) loads the first time the bag opens.
const Minicart = lazy(() => import('../features/basket/components/minicart').then((m) => ({ default: m.Minicart })));

export type PageData =
  | Schemas['HomePageData']
  | Schemas['CategoryPageData']
  | Schemas['ProductPageData']
  | Schemas['PageEnvelope'];

export const pageQueryKey = (url: string) => ['page', url] as const;

/**
 * The storefront shell: matches the URL, reads the page's data (inlined by the server on first load,
 * fetched from `/ssr/...` on client navigation), and renders the page inside the header and footer.
 */
export function Storefront({ brandName }: { brandName: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const match = matchPage(location.pathname);
  const url = pageDataUrl(match, location.search);
  const sameKind = (prev: unknown) => (prev as PageData | undefined)?.pageType === match.kind;
  const query = useQuery({
    queryKey: pageQueryKey(url),
    queryFn: () => fetchPageData<PageData>(url),
    // Keep the previous listing on screen while the next sort or page loads.
    placeholderData: (prev) => (sameKind(prev) ? prev : undefined),
  });
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const data = query.data;
  const market = data?.market ?? { locale: match.locale ?? 'en-us', language: 'en', country: 'US', currency: null, businessRegion: 'AMER' as const };
  const [bagOpen, setBagOpenState] = useState(false);
  const [bagLoaded, setBagLoaded] = useState(false);
  const setBagOpen = (open: boolean) => {
    if (open) setBagLoaded(true);
    setBagOpenState(open);
  };
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The basket is per session and never server-rendered: it loads once the page is interactive.
  const { data: basket } = useBasket(market.locale, hydrated);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  let page;
  if (notFound || data?.pageType === 'not-found') page = <NotFoundRoute />;
  else if (!data) page = <div className="page-loading" aria-busy="true" aria-label={t('loading')} />;
  else if (data.pageType === 'home') page = <HomeRoute data={data as Schemas['HomePageData']} />;
  else if (data.pageType === 'category') page = <CategoryRoute data={data as Schemas['CategoryPageData']} />;
  else if (data.pageType === 'product') page = <ProductRoute data={data as Schemas['ProductPageData']} onAdded={() => setBagOpen(true)} />;
  else page = <NotFoundRoute />;

  return (
    <MarketProvider value={market}>
      {data && <DocumentHead meta={data.meta} />}
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <SiteHeader brandName={brandName} navigation={data?.navigation ?? []} bagCount={basket?.itemCount ?? 0} onOpenBag={() => setBagOpen(true)} />
      <main id="main" className="container" tabIndex={-1}>
        {page}
      </main>
      <SiteFooter brandName={brandName} />
      {bagLoaded && (
        <Suspense fallback={null}>
          <Minicart isOpen={bagOpen} onOpenChange={setBagOpen} />
        </Suspense>
      )}
    </MarketProvider>
  );
}
