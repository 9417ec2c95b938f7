import { useEffect } from 'react';
import type { Schemas } from '../lib/api-client';

function setMeta(selector: string, attribute: 'content' | 'href', value: string) {
  document.querySelector(selector)?.setAttribute(attribute, value);
}

/** Whether the first page's head has been reached (by the first run of the effect). */
let firstHeadSeen = false;

/**
 * Keeps the head in step on client navigation with what the server writes into the first HTML
 * (server/src/ssr/document.ts `headParts`): title, description, robots, canonical, Open Graph, hreflang
 * alternates and JSON-LD. Crawlers read the server's; this keeps shared links and assistive tech right.
 */
export function DocumentHead({ meta }: { meta: Schemas['PageMeta'] }) {
  useEffect(() => {
    // A server-rendered first page (its bootstrap data block is there) has the server's head, written from this
    // same meta: rewriting it while the page hydrates would only remove and add again its ~50 hreflang links, in
    // the task that makes the page interactive. A page rendered in the browser alone (the mock server) writes it.
    if (!firstHeadSeen) {
      firstHeadSeen = true;
      if (document.getElementById('sf-bootstrap')) return;
    }
    document.title = meta.title;
    setMeta('meta[name="description"]', 'content', meta.description);
    setMeta('meta[name="robots"]', 'content', meta.robots);
    setMeta('link[rel="canonical"]', 'href', meta.canonical);
    setMeta('meta[property="og:title"]', 'content', meta.title);
    setMeta('meta[property="og:description"]', 'content', meta.description);
    setMeta('meta[property="og:url"]', 'content', meta.canonical);
    // hreflang alternates: replace the previous page's.
    for (const el of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) el.remove();
    for (const a of meta.alternates) {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = a.hreflang;
      link.href = a.href;
      document.head.append(link);
    }
    for (const el of document.head.querySelectorAll('script[type="application/ld+json"]')) el.remove();
    if (meta.jsonLd) {
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      script.textContent = JSON.stringify(meta.jsonLd);
      document.head.append(script);
    }
  }, [meta]);
  return null;
}
