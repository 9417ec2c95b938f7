// Where to go after signing in (`returnUrl`), and the way to the sign-in page from a guarded page.
// Only site-relative paths are followed, never another origin (no open redirect): the server refuses an
// absolute `returnUrl` in /ssr/signin, and the storefront checks again before navigating.
import { localizePath } from '../../lib/paths';

export const DEFAULT_RETURN_URL = '/myaccount';
const MAX_LENGTH = 500;
const LOCALE_PREFIX = /^\/[a-z]{2}-[a-z]{2}(?=\/|$|\?|#)/;
/** Pages that would send the shopper straight back to signing in (or out). */
const NOT_AFTER_SIGN_IN = new Set(['/signin', '/signup', '/logout']);

/**
 * The site-relative path (without locale prefix) of a `returnUrl`, or `fallback` when it is missing or could
 * lead elsewhere: anything but a single leading `/` (`//host`, `/\host`, `https:`…), a backslash or a control
 * character anywhere, more than 500 characters, or a sign-in, sign-up or sign-out page.
 */
export function safeReturnUrl(raw: string | null | undefined, fallback: string = DEFAULT_RETURN_URL): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what makes a return URL unsafe
  if (/[\\\u0000-\u001f\u007f\s]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, 'https://storefront.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'https://storefront.invalid') return fallback;
  const path = url.pathname.replace(LOCALE_PREFIX, '') || '/';
  if (NOT_AFTER_SIGN_IN.has(path.replace(/\/+$/, '') || '/')) return fallback;
  return `${path}${url.search}${url.hash}`;
}

/** The URL to go to after signing in, in the page's locale. */
export function returnUrlIn(locale: string, raw: string | null | undefined): string {
  return localizePath(locale, safeReturnUrl(raw));
}

/** The sign-in page that comes back to `pathname` + `search` (a page address with or without its locale prefix). */
export function signInUrlFor(locale: string, pathname: string, search = ''): string {
  const returnUrl = safeReturnUrl(`${pathname}${search}`);
  return `${localizePath(locale, '/signin')}?${new URLSearchParams({ returnUrl })}`;
}

/**
 * A site path of the page data in the page's locale: the API gives most without locale prefix (`/signup`),
 * some with it (`/fr-fr/legal/privacy-policy`); an absolute or protocol-relative URL is left as it is.
 */
export function sitePathIn(locale: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  return LOCALE_PREFIX.test(path) ? path : localizePath(locale, path);
}
