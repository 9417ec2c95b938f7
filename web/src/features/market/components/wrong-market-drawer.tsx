import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { useLocation } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { Drawer } from '../../../components/ui/drawer';
import { trackMarketPopupView, trackPopinInteraction } from '../../../lib/analytics';
import { intlLocale } from '../../../lib/format';
import { useMarket } from '../../../lib/market-context';
import { useModal } from '../../../lib/ui-store';
import { countryDisplayName, marketTarget } from '../market-rules';
import type { WrongMarketData } from '../use-wrong-market';
import './wrong-market-drawer.css';

export interface WrongMarketDrawerProps {
  /** Leaves the page (full load); replaced in stories. */
  navigate?: (href: string) => void;
}

/**
 * Bottom drawer offering the visitor's own market ("Continue to Germany" / "Stay on France").
 * Opened by useWrongMarketTrigger through `useModal('wrong-market')`; closes on either choice,
 * the close button, Escape or a click outside; slides out over 350 ms (none with reduced motion).
 */
export function WrongMarketDrawer({ navigate = (href) => window.location.assign(href) }: WrongMarketDrawerProps) {
  const { t } = useTranslation('market');
  const market = useMarket();
  const location = useLocation();
  const modal = useModal<WrongMarketData>('wrong-market');
  const selector = useModal('country-selector');
  const data = modal.data;
  const display = intlLocale(market.locale);
  const tracked = useRef<unknown>(null);

  useEffect(() => {
    if (modal.isOpen && data && tracked.current !== data) {
      tracked.current = data;
      trackMarketPopupView({
        currentCountry: market.country,
        visitorCountry: data.visitorCountry,
        suggestedLocale: data.target.defaultLocale ?? data.target.locales[0] ?? '',
      });
    }
  }, [modal.isOpen, data, market.country]);

  if (!data) return null;
  const target = data.target;
  const targetName = countryDisplayName(target.country, display, target.name);
  const currentName = countryDisplayName(
    market.country,
    display,
    market.country === 'EN' ? t('international') : market.country,
  );
  const go = () => {
    trackPopinInteraction('wrong-market', 'continue');
    const { href } = marketTarget(target, target.defaultLocale ?? target.locales[0] ?? 'en-us', location);
    modal.close();
    navigate(href);
  };

  return (
    <Drawer
      isOpen={modal.isOpen}
      onOpenChange={(open) => {
        if (!open) {
          trackPopinInteraction('wrong-market', 'close');
          modal.close();
        }
      }}
      side="bottom"
      title={t('wrongMarket.title', { country: targetName })}
      closeLabel={t('close')}
      className="wrong-market"
    >
      <div className="wrong-market__body" data-testid="wrong-market">
        <p className="wrong-market__text">{t('wrongMarket.text', { country: targetName })}</p>
        <div className="wrong-market__actions">
          <Button onPress={go}>{t('wrongMarket.continue', { country: targetName })}</Button>
          <Button
            variant="secondary"
            onPress={() => {
              trackPopinInteraction('wrong-market', 'stay');
              modal.close();
            }}
          >
            {t('wrongMarket.stay', { country: currentName })}
          </Button>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onPress={() => {
            modal.close();
            selector.open();
          }}
        >
          {t('wrongMarket.other')}
        </Button>
      </div>
    </Drawer>
  );
}
