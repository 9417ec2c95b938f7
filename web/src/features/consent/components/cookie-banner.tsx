import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { useModal } from '../../../lib/ui-store';
import { ALL_ACCEPTED, ALL_REJECTED, saveConsent } from '../consent-string';
import './cookie-banner.css';

/**
 * The cookie banner (spec §5): a non-modal bottom sheet, on native elements. It is a labelled, non-modal dialog
 * (`role="dialog"`, `aria-modal="false"`) that does not trap focus nor hide the page (the shopper may keep
 * browsing, and read the legal pages it links to); it takes focus when it appears so keyboard and
 * screen-reader users meet it first. Every first visit shows it, so it carries no widget library: React Aria's
 * dialog cost a first visit ~30 KB of script (docs/web-performance.md). Shown while `useModal('cookie-banner')`
 * is open.
 */
export function CookieBanner() {
  const { t } = useTranslation('consent');
  const banner = useModal('cookie-banner');
  const preferences = useModal('cookie-preferences');
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!banner.isOpen) return;
    // Focus without scrolling the page: the sheet is fixed to the bottom of the viewport. In the next frame, not in
    // this effect: a first visit opens the banner as the page hydrates, and focusing lays the page out at once
    // (33 ms of a phone's hydration task at 4× slowdown, docs/web-performance.md); the frame lays it out anyway.
    const frame = requestAnimationFrame(() => dialog.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [banner.isOpen]);
  if (!banner.isOpen) return null;
  const decide = (choices: typeof ALL_ACCEPTED) => {
    saveConsent(choices);
    banner.close();
  };
  return (
    <div className="cookie-banner" data-testid="cookie-banner">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="false"
        aria-labelledby="cookie-banner-title"
        aria-describedby="cookie-banner-text"
        tabIndex={-1}
        className="cookie-banner__dialog container"
      >
        <div className="cookie-banner__text">
          <h2 id="cookie-banner-title" className="cookie-banner__title">
            {t('banner.title')}
          </h2>
          <p id="cookie-banner-text">{t('banner.text')}</p>
        </div>
        <div className="cookie-banner__actions">
          <Button
            variant="ghost"
            size="sm"
            onPress={() => {
              banner.close();
              preferences.open();
            }}
          >
            {t('banner.preferences')}
          </Button>
          <Button variant="secondary" size="sm" onPress={() => decide(ALL_REJECTED)}>
            {t('banner.rejectAll')}
          </Button>
          <Button size="sm" onPress={() => decide(ALL_ACCEPTED)}>
            {t('banner.acceptAll')}
          </Button>
        </div>
      </div>
    </div>
  );
}
