import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { getStored, setStored } from '../../../lib/storage';
import { useCurrentModal, useUiFlag } from '../../../lib/ui-store';
import { useBasket } from '../api/basket-queries';
import './cart-reminder.css';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';

/** Set once the reminder was decided for this browsing session (tab): it shows at most once. */
const CHECKED_KEY = 'cart-reminder-checked';
/** Pages that show the bag already. */
const QUIET_PAGES = new Set(['basket', 'checkout', 'checkout-confirmation']);

/** Whether a session's first look at the bag should remind the shopper of it (spec §4 "cart reminder banner"). */
export function shouldRemind(itemCount: number, pageType: string, alreadyChecked: boolean): boolean {
  return !alreadyChecked && itemCount > 0 && !QUIET_PAGES.has(pageType);
}

/**
 * The cart reminder (spec §4 UI flag `cartReminderBanner`): a shopper who comes back with pieces in the bag
 * (the bag outlives the browsing session) sees a discreet note at the bottom of the page, once per session,
 * until it is closed or the bag is opened. Never over a dialog (cookie banner, drawers).
 */
export function CartReminder({ pageType, onOpenBag }: { pageType: string; onOpenBag?: () => void }) {
  const { t } = useTranslation();
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { data: basket } = useBasket(locale, hydrated);
  const [visible, setVisible] = useUiFlag('cartReminderBanner');
  const modal = useCurrentModal();

  // Decided once, from the bag as the session finds it (an item added later is not a reason to remind).
  useEffect(() => {
    if (!basket || pageType === '') return;
    const checked = getStored<boolean>('session', CHECKED_KEY) === true;
    if (!checked) setStored('session', CHECKED_KEY, true);
    if (shouldRemind(basket.itemCount, pageType, checked)) setVisible(true);
  }, [basket, pageType, setVisible]);
  useEffect(() => {
    if (QUIET_PAGES.has(pageType)) setVisible(false);
  }, [pageType, setVisible]);

  if (!visible || !basket || basket.itemCount === 0 || modal) return null;
  return (
    <aside className="cart-reminder" aria-label={t('basket.reminder.label')} data-testid="cart-reminder">
      <p className="cart-reminder__text">{t('basket.reminder.text', { count: basket.itemCount })}</p>
      <div className="cart-reminder__actions">
        {onOpenBag ? (
          <Button
            variant="tertiary"
            size="sm"
            className="cart-reminder__action"
            onPress={() => {
              setVisible(false);
              onOpenBag();
            }}
          >
            {t('basket.viewBag')}
          </Button>
        ) : (
          <LinkButton
            variant="tertiary"
            size="sm"
            className="cart-reminder__action"
            href={localize('/basket')}
            onPress={() => setVisible(false)}
          >
            {t('basket.viewBag')}
          </LinkButton>
        )}
        <button
          type="button"
          className="cart-reminder__close"
          aria-label={t('basket.reminder.dismiss')}
          onClick={() => setVisible(false)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="16" height="16">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.25" fill="none" />
          </svg>
        </button>
      </div>
    </aside>
  );
}
