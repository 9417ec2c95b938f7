import { CookieBanner } from './cookie-banner';
import { CookiePreferences } from './cookie-preferences';

/** The banner and the preferences dialog, loaded lazily by the app after hydration. */
export function ConsentLayer() {
  return (
    <>
      <CookieBanner />
      <CookiePreferences />
    </>
  );
}
