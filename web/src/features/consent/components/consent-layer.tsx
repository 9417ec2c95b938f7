import { lazy, Suspense } from 'react';
import { useModal } from '../../../lib/ui-store';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { CookieBanner } from './cookie-banner';

// The preferences dialog (React Aria's modal and switches) loads when the shopper first asks for it: most
// visitors answer the banner and never open it.
const CookiePreferences = lazy(() => import('./cookie-preferences').then((m) => ({ default: m.CookiePreferences })));

/** The banner and the preferences dialog, loaded lazily by the app after hydration. */
export function ConsentLayer() {
  const preferencesOpened = useOpenedOnce(useModal('cookie-preferences').isOpen);
  return (
    <>
      <CookieBanner />
      {preferencesOpened && (
        <Suspense fallback={null}>
          <CookiePreferences />
        </Suspense>
      )}
    </>
  );
}
