import type { QueryClient } from '@tanstack/react-query';
import { fetchPageData } from '../lib/api-client';
import { matchPage, pageDataRequest, pageDataUrlOf } from '../lib/paths';
import { pageRouteOf, pageTypeOfKind } from '../lib/route-table';
import { loadPage } from './page-modules';

/** How long prefetched page data counts as fresh: a shopper who hovered a link and clicks it within this sees it at once. */
const PREFETCH_FRESH_MS = 30_000;

/** The same-site page a link leads to, or null (another site, a download, a new tab, a hash on this page). */
function pageLinkOf(target: EventTarget | null): URL | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/docs'))
    return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url;
}

/**
 * Prefetch on intent: a link the shopper points at, focuses or touches loads its page's code and (for a public
 * page) its data, so that the click shows the page at once (a phone's touch comes about 100 ms before its click).
 * Links merely in view load nothing: loading a module runs it, and on a phone that work would compete with the
 * page the shopper is reading. A personal page's data (account, bag, checkout) is never fetched ahead: it is
 * the visitor's, and some of those reads act (signing out).
 */
export function startPrefetchOnIntent(
  queryClient: QueryClient,
  queryKeyOf: (url: string) => readonly unknown[],
): () => void {
  const intent = (event: Event) => {
    const url = pageLinkOf(event.target);
    if (!url) return;
    const match = matchPage(url.pathname);
    const pageType = pageTypeOfKind(match.kind);
    void loadPage(pageType).catch(() => undefined);
    if (pageRouteOf(pageType).personal || match.kind === 'not-found') return;
    const request = pageDataRequest(match, url.search);
    // TanStack Query fetches it once: a request in flight is joined, an answer younger than staleTime kept.
    void queryClient.prefetchQuery({
      queryKey: queryKeyOf(pageDataUrlOf(request)),
      queryFn: () => fetchPageData(request),
      staleTime: PREFETCH_FRESH_MS,
    });
  };
  const options = { passive: true, capture: true } as const;
  document.addEventListener('pointerover', intent, options);
  document.addEventListener('focusin', intent, options);
  document.addEventListener('touchstart', intent, options);

  return () => {
    document.removeEventListener('pointerover', intent, options);
    document.removeEventListener('focusin', intent, options);
    document.removeEventListener('touchstart', intent, options);
  };
}
