import { useEffect, useState } from 'react';
import { useRecentlyViewed } from './api/product-queries';
import { parseRecentlyViewed, pushRecentlyViewed, RECENTLY_VIEWED_KEY } from './product-rules';

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(RECENTLY_VIEWED_KEY);
  } catch {
    return null; // storage blocked: nothing remembered
  }
}
function write(pids: readonly string[]) {
  try {
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(pids));
  } catch {
    // storage full or blocked: the list is a convenience, never a failure
  }
}

/**
 * The products viewed before this one (local storage, most recent first, at most 12), priced for the
 * market by GET /api/data/recently-viewed; then this product joins the front of the list. Products the
 * API no longer finds are forgotten.
 */
export function useRecentlyViewedProducts(pid: string, locale: string, enabled = true) {
  const [before, setBefore] = useState<string[] | null>(null);
  useEffect(() => {
    const { pids, error } = parseRecentlyViewed(readRaw());
    // Spec §8 ERR_CLT_1013: garbage in storage is logged and replaced, never shown.
    if (error)
      console.warn(`${error}: the recently viewed products stored in the browser cannot be read; starting afresh.`);
    const others = pids.filter((p) => p !== pid.toUpperCase());
    setBefore(others);
    write(pushRecentlyViewed(pids, pid));
  }, [pid]);
  const query = useRecentlyViewed(before ?? [], locale, enabled && before !== null);
  const missing = query.data?.missingPids;
  useEffect(() => {
    if (!missing?.length) return;
    const gone = new Set(missing.map((p) => p.toUpperCase()));
    write(parseRecentlyViewed(readRaw()).pids.filter((p) => !gone.has(p)));
  }, [missing]);
  return query.data?.products ?? [];
}
