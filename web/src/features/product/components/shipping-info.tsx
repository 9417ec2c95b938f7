import { useTranslation } from '../../../lib/i18n-react';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { formatShopDays } from '../../../lib/shop-day';
import { useMarket } from '../../../lib/market-context';

/** Delivery kinds offered for the product (or the chosen size), with their cost and estimated delivery. */
export function ShippingInfo({
  info,
  error,
  isLoading,
}: {
  info: Schemas['ShippingInfo'] | undefined;
  error: unknown;
  isLoading: boolean;
}) {
  const { t } = useTranslation('product');
  const { locale } = useMarket();
  const options = info?.options.filter((o) => o.available) ?? [];
  return (
    <section
      className="product-view__section product-shipping"
      aria-labelledby="product-shipping-heading"
      aria-busy={isLoading || undefined}
    >
      <h2 id="product-shipping-heading" className="product-view__label">
        {t('shipping.title')}
      </h2>
      {error ? (
        <p className="product-shipping__error">
          {t(`errors:${error instanceof ApiError ? error.code : 'API_UNKNOWN_ERROR'}`)}
        </p>
      ) : isLoading ? (
        <p className="product-shipping__placeholder">{t('shipping.loading')}</p>
      ) : options.length === 0 ? (
        <p>{t('shipping.none')}</p>
      ) : (
        <ul className="product-shipping__list" data-testid="shipping-options">
          {options.map((o) => (
            <li key={o.kind} className="product-shipping__option">
              <span className="product-shipping__kind">{o.label}</span>
              <span className="product-shipping__cost">
                {o.cost === 0
                  ? t('shipping.free')
                  : o.cost !== null && info?.currencyCode
                    ? formatPrice(o.cost, info.currencyCode, locale)
                    : null}
              </span>
              {o.eta && (
                <span className="product-shipping__eta">
                  {t('shipping.eta', { window: formatShopDays(o.eta.from, o.eta.to, locale) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
