import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { formatPrice } from '../../../lib/format';
import { useMarket } from '../../../lib/market-context';

export interface ReturnLineProps {
  image: { src: string; alt: string; width?: number; height?: number };
  name: string;
  color: string;
  size: string;
  quantity: number;
  unitPrice: number;
  currency: string;
  /** What the line becomes in the request (a new size, a reason), under its details. */
  children?: ReactNode;
  /** Right of the details: a price or an amount. */
  aside?: ReactNode;
}

/** One article of the order: picture, name, colour, size, quantity and price. */
export function ReturnLine({
  image,
  name,
  color,
  size,
  quantity,
  unitPrice,
  currency,
  children,
  aside,
}: ReturnLineProps) {
  const { t } = useTranslation('returns');
  const { locale } = useMarket();
  return (
    <div className="return-line">
      <img
        className="return-line__image"
        src={image.src}
        alt=""
        width={image.width ?? 600}
        height={image.height ?? 750}
        loading="lazy"
      />
      <div className="return-line__body">
        <p className="return-line__name">{name}</p>
        <p className="return-line__meta">
          {[
            color,
            size === 'TU' ? t('line.oneSize') : t('line.size', { size }),
            t('line.quantity', { count: quantity }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {children}
      </div>
      <div className="return-line__aside">{aside ?? formatPrice(unitPrice * quantity, currency, locale)}</div>
    </div>
  );
}
