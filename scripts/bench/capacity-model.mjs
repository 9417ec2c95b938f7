// The capacity model of `npm run bench:capacity` (scripts/bench-capacity.mjs): the launch peak of docs/capacity.md
// and the arithmetic from the measured cost of each kind to the cores and connections it needs.

// ---------------------------------------------------------------- the capacity model (arithmetic)
/**
 * The launch peak of docs/capacity.md: requests per second of each measured kind, from the stated mix. Arithmetic,
 * not a simulation: cores = Σ rate × CPU per request, at a target utilisation that leaves room for bursts.
 */
export const PEAK = {
  pageViewsPerSecond: 2000,
  ordersPerSecond: 100,
  /** Share of page views that load a whole page (HTML rendered on the server); the rest navigate in the app (page data). */
  fullLoads: 0.25,
  /** Of the navigations: listing pages; the rest product, home and content pages. */
  listingShare: 0.35,
  /** Cache hits: rendered pages and page data (a launch's few hot pages, 30 s per instance), listings with filters. */
  pageHitRate: 0.9,
  listingHitRate: 0.5,
  /** Autocomplete requests per page view (one page view in ten has a search of three keystrokes). */
  autocompletePerPageView: 0.3,
  /** Adds to basket besides those of the orders (three adds for each order placed). */
  addsPerOrder: 3,
  /** Busy share a part is sized for. */
  targetUtilisation: 0.6,
};

export function model(rows, peak = PEAK) {
  const pv = peak.pageViewsPerSecond;
  const nav = pv * (1 - peak.fullLoads);
  const rates = {
    'html-cached': pv * peak.fullLoads * peak.pageHitRate,
    'html-uncached': pv * peak.fullLoads * (1 - peak.pageHitRate),
    'page-data-cached': nav * (1 - peak.listingShare) * peak.pageHitRate,
    'page-data': nav * (1 - peak.listingShare) * (1 - peak.pageHitRate),
    'listing-cached': nav * peak.listingShare * peak.listingHitRate,
    listing: nav * peak.listingShare * (1 - peak.listingHitRate),
    autocomplete: pv * peak.autocompletePerPageView,
    'add-to-basket': peak.ordersPerSecond * peak.addsPerOrder,
    order: peak.ordersPerSecond,
  };
  const lines = Object.entries(rates).map(([id, rate]) => {
    const row = rows.find((r) => r.id === id);
    return {
      id,
      name: row.name,
      rate,
      nodeMsPerSecond: rate * row.nodeCpuMs,
      databaseMsPerSecond: rate * row.databaseCpuMs,
      redisPerSecond: rate * (row.redisCommands ?? 0),
    };
  });
  const sum = (k) => lines.reduce((a, l) => a + l[k], 0);
  const nodeCores = sum('nodeMsPerSecond') / 1000;
  const databaseCores = sum('databaseMsPerSecond') / 1000;
  return {
    peak,
    lines,
    nodeCores,
    databaseCores,
    redisPerSecond: sum('redisPerSecond'),
    nodeCoresAtTarget: Math.ceil(nodeCores / peak.targetUtilisation),
    databaseCoresAtTarget: Math.ceil(databaseCores / peak.targetUtilisation),
    databaseWriteShare:
      lines.filter((l) => l.id === 'add-to-basket' || l.id === 'order').reduce((a, l) => a + l.databaseMsPerSecond, 0) /
      sum('databaseMsPerSecond'),
  };
}
