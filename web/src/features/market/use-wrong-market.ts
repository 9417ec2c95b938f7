import { useEffect } from 'react';
import type { Schemas } from '../../lib/api-client';
import { readCookie, writeCookie } from '../../lib/cookies';
import { getStored, setStored } from '../../lib/storage';
import { openModal } from '../../lib/ui-store';
import { countriesQuery } from './api/market-queries';
import { useQuery } from '@tanstack/react-query';
import {
  FALLBACK_COUNTRY,
  VISITOR_COUNTRY_DAYS,
  VISITOR_COUNTRY_KEY,
  WRONG_MARKET_COOKIE,
  WRONG_MARKET_COOKIE_DAYS,
  shouldOpenWrongMarketDrawer,
} from './market-rules';

export interface WrongMarketData {
  visitorCountry: string;
  /** The country entry offered (the visitor's, or the US fallback of spec §3). */
  target: Schemas['Country'];
}

/**
 * Runs the wrong-market rule after hydration: stores the session's visitor country, then opens
 * `useModal('wrong-market')` once the rule of spec §4 holds — including right after the shopper
 * closes the cookie banner (`alertBoxClosed` turns true). The cookie is written before opening.
 * Never offers the market the shopper is already on.
 */
export function useWrongMarketTrigger({
  locale,
  session,
  alertBoxClosed,
  hydrated,
}: {
  locale: string;
  session: Schemas['CustomerSession'] | undefined;
  alertBoxClosed: boolean;
  hydrated: boolean;
}) {
  const visitorCountry = session?.visitorCountry;
  useEffect(() => {
    if (hydrated && visitorCountry)
      setStored('local', VISITOR_COUNTRY_KEY, visitorCountry, { expiresInDays: VISITOR_COUNTRY_DAYS });
  }, [hydrated, visitorCountry]);

  const storedCountry = hydrated ? (visitorCountry ?? getStored<string>('local', VISITOR_COUNTRY_KEY)) : undefined;
  const decision =
    hydrated &&
    shouldOpenWrongMarketDrawer({
      locale,
      storedCountry,
      alertBoxClosed,
      alreadyDisplayed: readCookie(WRONG_MARKET_COOKIE) !== undefined,
    });
  const countries = useQuery(Object.assign(countriesQuery(), { enabled: decision }));

  useEffect(() => {
    if (!decision || !countries.data || !storedCountry) return;
    if (readCookie(WRONG_MARKET_COOKIE) !== undefined) return;
    const code = storedCountry.toUpperCase();
    const target =
      countries.data.countries.find((c) => c.country === code) ??
      countries.data.countries.find((c) => c.country === FALLBACK_COUNTRY);
    if (!target) return;
    const suggested = target.defaultLocale ?? target.locales[0];
    if (!target.urlOverride && suggested === locale) return;
    writeCookie(WRONG_MARKET_COOKIE, 'true', { maxAgeDays: WRONG_MARKET_COOKIE_DAYS, sameSite: 'Lax' });
    const data: WrongMarketData = { visitorCountry: code, target };
    openModal('wrong-market', { data });
  }, [decision, countries.data, storedCountry, locale]);
}
