import { useTranslation } from '../lib/i18n-react';
import { Price } from './ui/price';
import { formatPrice } from '../lib/format';
import { useMarket } from '../lib/market-context';
import type { Schemas } from '../lib/api-client';

/** A product price in the market's currency, with the struck list price when on sale. */
export function PriceTag({ price, size = 'md' }: { price: Schemas['Price'] | null; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const { locale } = useMarket();
  if (!price) return null;
  const current = price.salePriceValue ?? price.listPriceValue;
  const onSale = price.salePriceValue !== null && price.salePriceValue < price.listPriceValue;
  return (
    <Price
      size={size}
      formatted={formatPrice(current, price.currencyCode, locale)}
      {...(onSale
        ? {
            original: formatPrice(price.listPriceValue, price.currencyCode, locale),
            currentLabel: t('product.salePrice'),
            originalLabel: t('product.originalPrice'),
          }
        : {})}
    />
  );
}
