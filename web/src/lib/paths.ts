// URL → page, shared by the server (which page data to load) and the client (which page to show).
// Spec §2: `/{language}-{country}/...` prefixes; no prefix means en-us.

export const DEFAULT_LOCALE = 'en-us';
const LOCALE_SEGMENT = /^[a-z]{2}-[a-z]{2}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// Spec §5: a product URL is valid only with an alphanumeric id before `.html`.
const PRODUCT = /^(.+)-([A-Za-z0-9]{1,32})\.html$/;

export type PageMatch =
  | { kind: 'home'; locale: string | null }
  | { kind: 'category'; locale: string | null; slug: string }
  | { kind: 'product'; locale: string | null; pid: string; name: string }
  | { kind: 'not-found'; locale: string | null };

export function matchPage(pathname: string): PageMatch {
  const segments = pathname.split('/').filter(Boolean);
  let locale: string | null = null;
  if (segments[0] && LOCALE_SEGMENT.test(segments[0])) locale = segments.shift() ?? null;
  const [first, second, ...rest] = segments;
  if (!first) return { kind: 'home', locale };
  if (first === 'ca' && second && rest.length === 0 && SLUG.test(second)) return { kind: 'category', locale, slug: second };
  if (first === 'pr' && second && rest.length === 0) {
    const m = PRODUCT.exec(second);
    if (m?.[1] && m[2]) return { kind: 'product', locale, pid: m[2], name: m[1] };
  }
  return { kind: 'not-found', locale };
}

/** The `/ssr/...` URL holding a page's data; also its query key, on the server and the client. */
export function pageDataUrl(match: PageMatch, search: string): string {
  const locale = match.locale ?? DEFAULT_LOCALE;
  const q = new URLSearchParams({ locale });
  switch (match.kind) {
    case 'home':
      return `/ssr/home?${q}`;
    case 'category': {
      const params = new URLSearchParams(search);
      const sort = params.get('sort');
      const page = params.get('page');
      if (sort) q.set('sort', sort);
      if (page && /^[1-9]\d{0,3}$/.test(page)) q.set('page', page);
      return `/ssr/ca/${match.slug}?${q}`;
    }
    case 'product':
      return `/ssr/pr/${match.pid}?${q}`;
    default:
      return `/ssr/404?${q}`;
  }
}

/** A site path in a locale: en-us has no prefix. */
export function localizePath(locale: string, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}/` : `/${locale}${path}`;
}
