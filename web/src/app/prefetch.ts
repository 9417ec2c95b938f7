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
  if (url.origin !== window.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/docs')) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url;
}

/**
 * Prefetch on intent: a link the shopper points at, focuses or touches loads its page's code and (for a public
 * page) its data, so that the click shows the page at once; a link that scrolls into view loads its page's code
 * only, when the browser is idle. A personal page's data (account, bag, checkout) is never fetched ahead: it is
 * the visitor's, and some of those reads act (signing out).
 */
export function startPrefetchOnIntent(queryClient: QueryClient, queryKeyOf: (url: string) => readonly unknown[]): () => void {
  const fetched = new Set<string>();
  const intent = (event: Event) => {
    const url = pageLinkOf(event.target);
    if (!url) return;
    const match = matchPage(url.pathname);
    const pageType = pageTypeOfKind(match.kind);
    void loadPage(pageType).catch(() => undefined);
    if (pageRouteOf(pageType).personal || match.kind === 'not-found') return;
    const request = pageDataRequest(match, url.search);
    const dataUrl = pageDataUrlOf(request);
    if (fetched.has(dataUrl)) return;
    fetched.add(dataUrl);
    setTimeout(() => fetched.delete(dataUrl), PREFETCH_FRESH_MS);
    void queryClient.prefetchQuery({ queryKey: queryKeyOf(dataUrl), queryFn: () => fetchPageData(request), staleTime: PREFETCH_FRESH_MS });
  };
  const options = { passive: true, capture: true } as const;
  document.addEventListener('pointerover', intent, options);
  document.addEventListener('focusin', intent, options);
  document.addEventListener('touchstart', intent, options);

  // Links in view: their pages' code, once per page module, when the browser has time.
  const idle = (fn: () => void) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn, { timeout: 2_000 });
    else globalThis.setTimeout(fn, 200);
  };
  const seen = new WeakSet<Element>();
  const inView =
    'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            inView?.unobserve(entry.target);
            const url = pageLinkOf(entry.target);
            if (url) idle(() => void loadPage(pageTypeOfKind(matchPage(url.pathname).kind)).catch(() => undefined));
          }
        })
      : null;
  const observeLinks = () => {
    if (!inView) return;
    for (const link of document.querySelectorAll('main a[href], header a[href]')) {
      if (seen.has(link)) continue;
      seen.add(link);
      inView.observe(link);
    }
  };
  observeLinks();
  // New links (a client navigation, a listing's next page): looked for once per idle moment, not per change.
  let pending = false;
  const mutations = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    idle(() => {
      pending = false;
      observeLinks();
    });
  });
  mutations.observe(document.body, { childList: true, subtree: true });

  return () => {
    document.removeEventListener('pointerover', intent, options);
    document.removeEventListener('focusin', intent, options);
    document.removeEventListener('touchstart', intent, options);
    inView?.disconnect();
    mutations.disconnect();
  };
}
