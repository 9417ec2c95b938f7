import { useTranslation } from '../../../lib/i18n-react';
import { Dialog, Heading } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { useModal } from '../../../lib/ui-store';
import { ALL_ACCEPTED, ALL_REJECTED, saveConsent } from '../consent-string';
import './cookie-banner.css';

/**
 * The cookie banner (spec §5): a non-modal bottom sheet. It is a labelled React Aria dialog that
 * does not trap focus nor hide the page (the shopper may keep browsing, and read the legal pages
 * it links to); it takes focus when it appears so keyboard and screen-reader users meet it first.
 * Shown while `useModal('cookie-banner')` is open.
 */
export function CookieBanner() {
  const { t } = useTranslation('consent');
  const banner = useModal('cookie-banner');
  const preferences = useModal('cookie-preferences');
  if (!banner.isOpen) return null;
  const decide = (choices: typeof ALL_ACCEPTED) => {
    saveConsent(choices);
    banner.close();
  };
  return (
    <div className="cookie-banner" data-testid="cookie-banner">
      <Dialog className="cookie-banner__dialog container" aria-describedby="cookie-banner-text">
        <div className="cookie-banner__text">
          <Heading slot="title" className="cookie-banner__title">
            {t('banner.title')}
          </Heading>
          <p id="cookie-banner-text">{t('banner.text')}</p>
        </div>
        <div className="cookie-banner__actions">
          <Button variant="ghost" size="sm" onPress={() => { banner.close(); preferences.open(); }}>
            {t('banner.preferences')}
          </Button>
          <Button variant="secondary" size="sm" onPress={() => decide(ALL_REJECTED)}>
            {t('banner.rejectAll')}
          </Button>
          <Button size="sm" onPress={() => decide(ALL_ACCEPTED)}>
            {t('banner.acceptAll')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
