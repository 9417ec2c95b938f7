import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SizePicker } from '../../../components/ui/size-picker';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { useAddToBasket } from '../api/basket-queries';
import './add-to-basket-form.css';

interface Props {
  product: Pick<Schemas['Product'], 'id' | 'sizes' | 'availability' | 'price'>;
  onAdded?: (basket: Schemas['Basket']) => void;
}

/** Size choice and the add-to-bag action of a product page. One-size products skip the picker. */
export function AddToBasketForm({ product, onAdded }: Props) {
  const { t } = useTranslation();
  const { locale } = useMarket();
  const oneSize = product.sizes.length === 1 && product.sizes[0]?.id === 'TU';
  const [size, setSize] = useState<string | null>(oneSize ? 'TU' : null);
  const [error, setError] = useState<string | undefined>();
  const add = useAddToBasket(locale);
  const sellable = product.price !== null;
  const chosen = product.sizes.find((s) => s.id === size);
  // A sold-out size can be chosen (to see it is sold out), but not added.
  const soldOut = !product.availability.inStock || (chosen !== undefined && !chosen.inStock);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!size) return setError(t('product.sizeRequired'));
    setError(undefined);
    add.mutate(
      { pid: product.id, size, quantity: 1 },
      {
        onSuccess: (basket) => onAdded?.(basket),
        onError: (err) => setError(err instanceof ApiError ? t(`errors:${err.code}`) : t('errors:API_UNKNOWN_ERROR')),
      },
    );
  };

  if (!sellable) return <p className="add-to-basket__note">{t('product.notSoldHere')}</p>;

  return (
    <form className="add-to-basket" onSubmit={submit} noValidate>
      {!oneSize && (
        <SizePicker
          label={t('product.selectSize')}
          name="size"
          sizes={product.sizes.map((s) => ({
            id: s.id,
            label: s.displayValue,
            available: s.inStock,
            ...(s.lowStock ? { hint: t('product.lastOne') } : {}),
          }))}
          value={size}
          onChange={(id) => {
            setSize(id);
            setError(undefined);
          }}
          unavailableLabel={t('product.unavailable')}
          isRequired
        />
      )}
      {error && (
        <p className="add-to-basket__error" role="alert">
          {error}
        </p>
      )}
      <Button
        type="submit"
        variant="primary"
        size="lg"
        isFullWidth
        isDisabled={soldOut}
        isPending={add.isPending}
        pendingLabel={t('product.adding')}
      >
        {soldOut ? t('product.soldOut') : t('product.addToBag')}
      </Button>
    </form>
  );
}
