import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useAddToBasket } from '../api/basket-queries';
import './express-checkout-button.css';

interface Props {
  product: Pick<Schemas['Product'], 'id' | 'sizes' | 'availability' | 'price'>;
  /** The size chosen in the product page's selector (null: none yet). */
  size: string | null;
}

/**
 * "Express checkout" below "Add to bag", a secondary button (one primary action in the buy box, decision 0164): the piece goes into an empty bag as an express (wallet) purchase
 * (POST add-item with `applePay`), then the checkout opens with the wallet chosen. A bag that already holds
 * pieces refuses it (ERR_BSK_1008), said below the button.
 */
export function ExpressCheckoutButton({ product, size }: Props) {
  const { t } = useTranslation();
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const add = useAddToBasket(locale);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setError(undefined), [size]);
  const oneSize = product.sizes.length === 1 && product.sizes[0]?.id === 'TU';
  const chosen = size ?? (oneSize ? 'TU' : null);
  const soldOut = !product.availability.inStock || product.sizes.find((s) => s.id === chosen)?.inStock === false;
  if (product.price === null || !product.availability.inStock) return null;

  const press = () => {
    if (!chosen) return setError(t('product.sizeRequired'));
    setError(undefined);
    add.mutate(
      { pid: product.id, size: chosen, quantity: 1, applePay: true },
      {
        onSuccess: () => void navigate(`${localize('/checkout')}?express=1`),
        onError: (err) =>
          setError(
            t(`errors:${err instanceof ApiError ? err.code : 'API_UNKNOWN_ERROR'}`, {
              defaultValue: t('errors:API_UNKNOWN_ERROR'),
            }),
          ),
      },
    );
  };

  return (
    <div className="express-checkout">
      <Button
        className="express-checkout__button"
        variant="secondary"
        size="lg"
        isFullWidth
        isDisabled={soldOut}
        isPending={add.isPending}
        pendingLabel={t('basket.express.pending')}
        onPress={press}
        aria-describedby={error ? 'express-checkout-error' : undefined}
        icon={
          <svg viewBox="0 0 24 16" aria-hidden="true" focusable="false" width="22" height="15">
            <rect x="2.5" y="2.5" width="19" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
            <path d="M2.5 6h19" stroke="currentColor" strokeWidth="1.2" />
            <rect x="15" y="9" width="4" height="2" fill="currentColor" />
          </svg>
        }
      >
        {t('basket.express.button')}
      </Button>
      {error && (
        <p id="express-checkout-error" className="express-checkout__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
