/**
 * The first screen is the server's HTML and stylesheet: nothing of it needs a script. So the app's code is
 * fetched once the page is painted, and the stylesheet, the fonts and the lead picture have a phone's slow
 * network to themselves until then (docs/web-performance.md#the-code-after-the-first-paint).
 *
 * This file is the whole of what a page runs before its first paint: it imports nothing.
 */

/** Resolves after the page's first paint (a frame, then a task), or at once in a hidden tab, which never paints. */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * Fetches the modules the server named for this page (the app's shell and the page's own chunk, with what they
 * import: `<script type="application/json" id="sf-modules">`, server/src/ssr/preload.ts) all at once, so that
 * loading the app is one round trip rather than one per level of imports.
 */
export function preloadPageModules(doc: Document = document): string[] {
  const text = doc.getElementById('sf-modules')?.textContent;
  const files = text ? (JSON.parse(text) as unknown) : [];
  if (!Array.isArray(files)) return [];
  const hrefs = files.filter((f): f is string => typeof f === 'string' && f.startsWith('/assets/'));
  for (const href of hrefs) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
  return hrefs;
}
