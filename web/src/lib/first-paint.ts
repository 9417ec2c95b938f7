/**
 * The first screen is the server's HTML and stylesheet: nothing of it needs a script. So the app's code is
 * fetched once the page is painted, and the stylesheet, the fonts and the lead picture have a phone's slow
 * network to themselves until then (docs/web-performance.md#the-code-after-the-first-paint).
 *
 * This file is the whole of what a page runs before its first paint: it imports nothing.
 */

/** How long the app waits for the first paint's report before it starts anyway (a browser that never sends one). */
export const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Resolves once the page's first paint is on screen — the browser's own `first-contentful-paint` entry, then a
 * task — or at once in a hidden tab, which never paints. A frame and a task were not enough: the frame's
 * callbacks run before the paint, whose pixels reach the screen tens of milliseconds later, and the app's
 * 90 KB fetched in that gap shared the slow network with the first screen (docs/web-performance.md#the-app-after-the-paint-is-on-screen).
 * Where the browser reports no paints, a frame then a task; and never later than `FIRST_PAINT_WAIT_MS`.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => setTimeout(resolve, 0);
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
      done();
      return;
    }
    if (typeof PerformanceObserver !== 'function' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(done);
      return;
    }
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      observer.disconnect();
      clearTimeout(timer);
      done();
    };
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntries().some((e) => e.name === 'first-contentful-paint')) settle();
    });
    const timer = setTimeout(settle, FIRST_PAINT_WAIT_MS);
    // `buffered`: the paint may have been reported before this script ran (a cached page).
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** How many module preloads are added in one task (each costs the main thread a little: see below). */
export const PRELOADS_PER_TASK = 4;

/**
 * Fetches the modules the server named for this page (the app's shell and the page's own chunk, with what they
 * import: `<script type="application/json" id="sf-modules">`, server/src/ssr/preload.ts) all at once, so that
 * loading the app is one round trip rather than one per level of imports.
 *
 * Adding a `<link rel="modulepreload">` starts its fetch there and then: on a slow phone the thirty-odd links of a
 * page took 15–95 ms of one task (measured at a 4× slower CPU), long enough to count as blocking. So the first
 * few (the list starts with the largest: the framework, the app) are added at once and the rest a few per task.
 * Resolves with the files once all are added.
 */
export async function preloadPageModules(doc: Document = document): Promise<string[]> {
  const text = doc.getElementById('sf-modules')?.textContent;
  const files = text ? (JSON.parse(text) as unknown) : [];
  if (!Array.isArray(files)) return [];
  const hrefs = files.filter((f): f is string => typeof f === 'string' && f.startsWith('/assets/'));
  for (let i = 0; i < hrefs.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    for (const href of hrefs.slice(i, i + PRELOADS_PER_TASK)) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      doc.head.append(link);
    }
  }
  return hrefs;
}
