// Spec §2: on load with a URL hash, scroll to the element with that id, retrying every 100 ms up
// to 100 times (content may still be rendering), then adjust for the header and info banner.

export const ANCHOR_RETRY_INTERVAL_MS = 100;
export const ANCHOR_MAX_RETRIES = 100;

export interface AnchorScrollEnv {
  getElementById(id: string): { getBoundingClientRect(): { top: number } } | null;
  scrollTo(options: { top: number; behavior?: ScrollBehavior }): void;
  /** Current vertical scroll offset (window.scrollY). */
  scrollY(): number;
  /** Header height in px now (depends on breakpoint and layout). */
  headerHeight(): number;
  /** Info banner height in px now. */
  infoBannerHeight(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  behavior?: ScrollBehavior;
}

/** The id a hash points to (`#size-guide` → `size-guide`), or null for an empty hash. */
export function hashTarget(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Scrolls to the hash target; tries now, then every 100 ms, at most 100 retries.
 * Resolves true when it scrolled. Returns a cancel function (e.g. on unmount or navigation).
 */
export function scrollToHash(hash: string, env: AnchorScrollEnv, onDone?: (found: boolean) => void): () => void {
  const id = hashTarget(hash);
  let handle: unknown;
  let cancelled = false;
  let retries = 0;
  const attempt = () => {
    if (cancelled) return;
    const el = id ? env.getElementById(id) : null;
    if (el) {
      const top = el.getBoundingClientRect().top + env.scrollY() - env.headerHeight() - env.infoBannerHeight();
      env.scrollTo({ top: Math.max(0, top), behavior: env.behavior ?? 'auto' });
      onDone?.(true);
      return;
    }
    if (!id || retries >= ANCHOR_MAX_RETRIES) {
      onDone?.(false);
      return;
    }
    retries++;
    handle = env.setTimeout(attempt, ANCHOR_RETRY_INTERVAL_MS);
  };
  attempt();
  return () => {
    cancelled = true;
    if (handle !== undefined) env.clearTimeout(handle);
  };
}
