import { useTranslation } from '../../../lib/i18n-react';
import type { Schemas } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { useMarket } from '../../../lib/market-context';

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
  basket.items.map((i) => ({
    key: i.itemId,
    name: i.name,
    color: i.color,
    size: i.size,
    sizeLabel: i.sizeLabel,
    quantity: i.quantity,
    lineTotal: i.lineTotal,
    image: i.image,
    available: i.available,
  }));

export const orderLines = (order: Schemas['Order']): SummaryLine[] =>
  order.items.map((i) => ({
    key: i.itemId,
    name: i.name,
    color: i.color,
    size: i.size,
    quantity: i.quantity,
    lineTotal: i.lineTotal,
    image: i.image,
  }));

/** The lines of an order or a bag: picture, name, colour, size, quantity and price. */
export function SummaryLines({
  lines,
  currency,
  compact = false,
}: {
  lines: SummaryLine[];
  currency: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('checkout');
  const { locale } = useMarket();
  return (
    <ul className={`summary-lines${compact ? ' summary-lines--compact' : ''}`} role="list">
      {lines.map((line) => (
        <li key={line.key} className="summary-line" data-testid="summary-line">
          <img
            className="summary-line__image"
            src={line.image.src}
            alt=""
            width={compact ? 64 : 88}
            height={compact ? 80 : 110}
            loading="lazy"
          />
          <div className="summary-line__info">
            <span className="summary-line__name">{line.name}</span>
            <span className="summary-line__meta">{line.color}</span>
            <span className="summary-line__meta">
              {t('summary.size', { size: line.size === 'TU' ? t('summary.oneSize') : (line.sizeLabel ?? line.size) })}
            </span>
            <span className="summary-line__meta">{t('summary.quantity', { count: line.quantity })}</span>
            {line.available === false && <span className="summary-line__warning">{t('summary.unavailable')}</span>}
          </div>
          <span className="summary-line__price">
            {line.lineTotal === null ? '' : formatPrice(line.lineTotal, currency, locale)}
          </span>
        </li>
      ))}
    </ul>
  );
}
