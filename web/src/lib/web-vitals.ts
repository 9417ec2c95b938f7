/**
 * Core Web Vitals of development builds (LCP, CLS, INP, FCP, TTFB), measured with the browser's own
 * PerformanceObserver (no library) and sent to the development server's `POST /internal/web-vitals`, which
 * logs them. Loaded only behind `import.meta.env.DEV`: production bundles hold none of this.
 */
export type VitalName = 'CLS' | 'FCP' | 'INP' | 'LCP' | 'TTFB';
export type Rating = 'good' | 'needs-improvement' | 'poor';

/** web.dev thresholds: good up to the first, poor beyond the second. */
const THRESHOLDS: Record<VitalName, [number, number]> = {
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  INP: [200, 500],
  LCP: [2500, 4000],
  TTFB: [800, 1800],
};

export function rate(name: VitalName, value: number): Rating {
  const [good, poor] = THRESHOLDS[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

export interface VitalContext {
  pageType: string;
  locale: string;
}

export interface VitalReport extends VitalContext {
  name: VitalName;
  value: number;
  rating: Rating;
  delta: number;
  id: string;
  navigationType: 'navigate' | 'reload' | 'back-forward' | 'back-forward-cache' | 'prerender' | 'restore';
  path: string;
}

/** Navigation timing with `activationStart` (prerendered pages; not in every DOM typing yet). */
type NavigationTiming = PerformanceNavigationTiming & { activationStart?: number };

function navigationType(): VitalReport['navigationType'] {
  const nav = performance.getEntriesByType('navigation')[0] as NavigationTiming | undefined;
  if ((document as Document & { prerendering?: boolean }).prerendering || (nav?.activationStart ?? 0) > 0)
    return 'prerender';
  switch (nav?.type) {
    case 'reload':
      return 'reload';
    case 'back_forward':
      return 'back-forward';
    default:
      return 'navigate';
  }
}

export function send(report: VitalReport): void {
  const body = JSON.stringify(report);
  const blob = new Blob([body], { type: 'application/json' });
  if (!navigator.sendBeacon?.('/internal/web-vitals', blob)) {
    void fetch('/internal/web-vitals', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  }
}

function observe(
  type: string,
  callback: (entries: PerformanceEntry[]) => void,
  options: PerformanceObserverInit = {},
): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return;
  new PerformanceObserver((list) => callback(list.getEntries())).observe({ type, buffered: true, ...options });
}

/**
 * Starts measuring the page view. Each metric is reported once it is final: FCP and TTFB at once, LCP, CLS
 * and INP when the page is hidden (the moment the `web-vitals` library reports them too).
 */
export function startWebVitals(context: () => VitalContext, report: (r: VitalReport) => void = send): void {
  if (typeof PerformanceObserver === 'undefined') return;
  const viewId = `v1-${Date.now()}-${Math.floor(Math.random() * 1e13)}`;
  const sent = new Map<VitalName, number>();
  const emit = (name: VitalName, value: number) => {
    const previous = sent.get(name);
    if (previous === value) return;
    sent.set(name, value);
    const rounded = name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value * 10) / 10;
    report({
      ...context(),
      name,
      value: Math.max(0, rounded),
      rating: rate(name, value),
      delta: Math.round((value - (previous ?? 0)) * 10_000) / 10_000,
      id: `${viewId}-${name}`,
      navigationType: navigationType(),
      path: location.pathname.slice(0, 500),
    });
  };

  const nav = performance.getEntriesByType('navigation')[0] as NavigationTiming | undefined;
  if (nav) emit('TTFB', Math.max(0, nav.responseStart - (nav.activationStart ?? 0)));
  observe('paint', (entries) => {
    const fcp = entries.find((e) => e.name === 'first-contentful-paint');
    if (fcp) emit('FCP', fcp.startTime);
  });

  let lcp: number | undefined;
  observe('largest-contentful-paint', (entries) => {
    const last = entries.at(-1);
    if (last) lcp = last.startTime;
  });

  // CLS: the largest session window of shifts (gaps under 1 s, windows under 5 s) without recent input.
  let cls = 0;
  let session = 0;
  let first = 0;
  let last = 0;
  observe('layout-shift', (entries) => {
    for (const e of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (e.hadRecentInput) continue;
      if (session && e.startTime - last < 1000 && e.startTime - first < 5000) session += e.value;
      else [session, first] = [e.value, e.startTime];
      last = e.startTime;
      cls = Math.max(cls, session);
    }
  });

  // INP: the longest interaction (the 98th percentile is the same for the few interactions of a page view).
  let inp: number | undefined;
  observe(
    'event',
    (entries) => {
      for (const e of entries as (PerformanceEntry & { interactionId?: number })[]) {
        if (e.interactionId) inp = Math.max(inp ?? 0, e.duration);
      }
    },
    { durationThreshold: 40 } as PerformanceObserverInit,
  );

  addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    if (lcp !== undefined) emit('LCP', lcp);
    emit('CLS', cls);
    if (inp !== undefined) emit('INP', inp);
  });
}
