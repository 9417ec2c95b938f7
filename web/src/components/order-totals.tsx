import { useTranslation } from '../lib/i18n-react';
import type { Schemas } from '../lib/api-client';
import { formatPrice } from '../lib/format';
import { useMarket } from '../lib/market-context';
import './order-totals.css';

/**
 * Subtotal, delivery, taxes and total. Where prices include tax (EU, JP …) the tax is said inside the total;
 * where it is added (US, CA) it is a line of its own. `shippingKnown` false: the delivery is not chosen yet.
 */
export function Totals({
  totals,
  currency,
  taxIncluded,
  shippingKnown = true,
}: {
  totals: Schemas['OrderTotals'];
  currency: string;
  taxIncluded: boolean;
  shippingKnown?: boolean;
}) {
  const { t } = useTranslation('checkout');
  const { locale } = useMarket();
  const money = (v: number) => formatPrice(v, currency, locale);
  return (
    <dl className="summary-totals">
      <div className="summary-totals__row">
        <dt>{t('summary.subtotal')}</dt>
        <dd>{money(totals.subtotal)}</dd>
      </div>
      {totals.discount > 0 && (
        <div className="summary-totals__row">
          <dt>{t('summary.discount')}</dt>
          <dd>−{money(totals.discount)}</dd>
        </div>
      )}
      <div className="summary-totals__row">
        <dt>{t('summary.shipping')}</dt>
        <dd>
          {!shippingKnown ? (
            <span className="summary-totals__muted">{t('summary.shippingPending')}</span>
          ) : totals.shipping === 0 ? (
            t('delivery.free')
          ) : (
            money(totals.shipping)
          )}
        </dd>
      </div>
      {!taxIncluded && (
        <div className="summary-totals__row">
          <dt>{t('summary.taxAdded')}</dt>
          <dd>{money(totals.tax)}</dd>
        </div>
      )}
      <div className="summary-totals__row summary-totals__row--total">
        <dt>{t('summary.total')}</dt>
        <dd data-testid="order-total">{money(totals.total)}</dd>
      </div>
      {taxIncluded && totals.tax > 0 && (
        <div className="summary-totals__row summary-totals__row--note">
          <dt>{t('summary.taxIncluded')}</dt>
          <dd>{money(totals.tax)}</dd>
        </div>
      )}
    </dl>
  );
}
