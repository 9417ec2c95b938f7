import { useTranslation } from '../../../lib/i18n-react';
import type { Schemas } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { useMarket } from '../../../lib/market-context';
import './order-summary.css';

export interface SummaryLine {
  key: string;
  name: string;
  color: string;
  size: string;
  sizeLabel?: string;
  quantity: number;
  lineTotal: number | null;
  image: Schemas['Image'];
  available?: boolean;
}

export const basketLines = (basket: Schemas['Basket']): SummaryLine[] =>
  basket.items.map((i) => ({ key: i.itemId, name: i.name, color: i.color, size: i.size, sizeLabel: i.sizeLabel, quantity: i.quantity, lineTotal: i.lineTotal, image: i.image, available: i.available }));

export const orderLines = (order: Schemas['Order']): SummaryLine[] =>
  order.items.map((i) => ({ key: i.itemId, name: i.name, color: i.color, size: i.size, quantity: i.quantity, lineTotal: i.lineTotal, image: i.image }));

/** The lines of an order or a bag: picture, name, colour, size, quantity and price. */
export function SummaryLines({ lines, currency, compact = false }: { lines: SummaryLine[]; currency: string; compact?: boolean }) {
  const { t } = useTranslation('checkout');
  const { locale } = useMarket();
  return (
    <ul className={`summary-lines${compact ? ' summary-lines--compact' : ''}`} role="list">
      {lines.map((line) => (
        <li key={line.key} className="summary-line" data-testid="summary-line">
          <img className="summary-line__image" src={line.image.src} alt="" width={compact ? 64 : 88} height={compact ? 80 : 110} loading="lazy" />
          <div className="summary-line__info">
            <span className="summary-line__name">{line.name}</span>
            <span className="summary-line__meta">{line.color}</span>
            <span className="summary-line__meta">{t('summary.size', { size: line.size === 'TU' ? t('summary.oneSize') : (line.sizeLabel ?? line.size) })}</span>
            <span className="summary-line__meta">{t('summary.quantity', { count: line.quantity })}</span>
            {line.available === false && <span className="summary-line__warning">{t('summary.unavailable')}</span>}
          </div>
          <span className="summary-line__price">{line.lineTotal === null ? '' : formatPrice(line.lineTotal, currency, locale)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Subtotal, delivery, taxes and total. Where prices include tax (EU, JP …) the tax is said inside the total;
 * where it is added (US, CA) it is a line of its own. `shippingKnown` false: the delivery is not chosen yet.
 */
export function Totals({ totals, currency, taxIncluded, shippingKnown = true }: { totals: Schemas['OrderTotals']; currency: string; taxIncluded: boolean; shippingKnown?: boolean }) {
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
        <dd>{!shippingKnown ? <span className="summary-totals__muted">{t('summary.shippingPending')}</span> : totals.shipping === 0 ? t('delivery.free') : money(totals.shipping)}</dd>
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
