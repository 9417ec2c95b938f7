// Market switching rules: the wrong-market decision (spec §4), locale URLs, localised names.
import { displayName } from '../../lib/display-names';
import { DEFAULT_LOCALE, localizePath } from '../../lib/paths';

/** Set to 'true' right before the wrong-market drawer opens; while set, it never opens again. */
export const WRONG_MARKET_COOKIE = 'wrongMarketDisplayed';
export const WRONG_MARKET_COOKIE_DAYS = 90;
/** localStorage key of the visitor's country as the session reported it. */
export const VISITOR_COUNTRY_KEY = 'sf.visitorCountry';
export const VISITOR_COUNTRY_DAYS = 1;
/** Spec §3: an unknown country falls back to US settings. */
export const FALLBACK_COUNTRY = 'US';

const LOCALE_SEGMENT = /^[a-z]{2}-[a-z]{2}$/;

/** The country part of a locale, upper-case (`fr-fr` → `FR`). */
export function localeCountry(locale: string): string {
  return (locale.split('-')[1] ?? '').toUpperCase();
}

export interface WrongMarketInput {
  /** The page's locale (`fr-fr`). */
  locale: string;
  /** The stored visitor country (`DE`, `unknown`), undefined when not known yet. */
  storedCountry: string | null | undefined;
  /** OptanonAlertBoxClosed cookie present. */
  alertBoxClosed: boolean;
  /** The 'always display' cookie (wrongMarketDisplayed) is set. */
  alreadyDisplayed: boolean;
}

/**
 * Spec §4, exactly: open when the locale's country differs (case-insensitive) from the stored
 * country, that country is not 'unknown', the consent alert box has been closed and the 'always
 * display' cookie is not set.
 */
export function shouldOpenWrongMarketDrawer({
  locale,
  storedCountry,
  alertBoxClosed,
  alreadyDisplayed,
}: WrongMarketInput): boolean {
  if (!storedCountry) return false;
  const stored = storedCountry.toLowerCase();
  if (stored === 'unknown') return false;
  if (localeCountry(locale).toLowerCase() === stored) return false;
  return alertBoxClosed && !alreadyDisplayed;
}

/** `/fr-fr/ca/women` → `/ca/women`; unprefixed paths are returned unchanged. */
export function stripLocalePrefix(pathname: string): string {
  const segments = pathname.split('/');
  if (segments[1] && LOCALE_SEGMENT.test(segments[1])) {
    const rest = `/${segments.slice(2).join('/')}`;
    return rest;
  }
  return pathname || '/';
}

/** The same page in another locale (`/fr-fr/ca/women?sort=newest` → `/de-de/ca/women?sort=newest`). */
export function switchLocaleUrl(locale: string, pathname: string, search = '', hash = ''): string {
  const target = localizePath(locale || DEFAULT_LOCALE, stripLocalePrefix(pathname));
  return `${target}${search}${hash}`;
}

export interface MarketTarget {
  /** Where to go: an absolute external URL (urlOverride) or a site path. */
  href: string;
  external: boolean;
}

/** Where choosing a country/locale leads: its urlOverride (China) or the same path in that locale. */
export function marketTarget(
  country: { urlOverride?: string | null },
  locale: string,
  location: { pathname: string; search?: string; hash?: string },
): MarketTarget {
  if (country.urlOverride) return { href: country.urlOverride, external: true };
  return {
    href: switchLocaleUrl(locale, location.pathname, location.search ?? '', location.hash ?? ''),
    external: false,
  };
}

/** Market codes that are not ISO 3166 regions. */
const REGION_ALIASES: Record<string, string> = { ZH: 'CN' };

/** A country name in the shopper's language (`DE` in `fr-FR` → `Allemagne`); `fallback` when Intl cannot name it. */
export function countryDisplayName(code: string, intlLocale: string, fallback: string): string {
  const region = REGION_ALIASES[code] ?? code;
  if (!/^[A-Z]{2}$/.test(region) || region === 'EN') return fallback;
  const name = displayName(intlLocale, region, 'region', '');
  return name && name !== region ? name : fallback;
}

/** A language's own name (`de` → `Deutsch`), capitalised; the code when Intl cannot name it. */
export function languageEndonym(language: string): string {
  const name = displayName(language, language, 'language');
  try {
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return name;
  }
}
