import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { SizePicker } from '../../../components/ui/size-picker';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { useAddToBasket } from '../api/basket-queries';
import './add-to-basket-form.css';

interface Props {
  product: Pick<Schemas['Product'], 'id' | 'sizes' | 'availability' | 'price'>;
  onAdded?: (basket: Schemas['Basket']) => void;
  /**
   * The size chosen outside the form (the product page's own size selector, which shows each size's
   * availability): when given, even as null, the form shows no picker of its own.
   */
  size?: string | null;
  /** The button's label when the page offers something else than adding, e.g. "Pre-order". */
  submitLabel?: string;
}

/** Size choice and the add-to-bag action of a product page. One-size products skip the picker. */
export function AddToBasketForm({ product, onAdded, size: chosenOutside, submitLabel }: Props) {
  const { t } = useTranslation();
  const { locale } = useMarket();
  const oneSize = product.sizes.length === 1 && product.sizes[0]?.id === 'TU';
  const [ownSize, setSize] = useState<string | null>(oneSize ? 'TU' : null);
  const controlled = chosenOutside !== undefined;
  const size = controlled ? (chosenOutside ?? (oneSize ? 'TU' : null)) : ownSize;
  const [error, setError] = useState<string | undefined>();
  const add = useAddToBasket(locale);
  // A size chosen outside answers the "select a size" message.
  useEffect(() => setError(undefined), [chosenOutside]);
  const sellable = product.price !== null;
  const chosen = product.sizes.find((s) => s.id === size);
  // A sold-out size can be chosen (to see it is sold out), but not added.
  const soldOut = !product.availability.inStock || (chosen !== undefined && !chosen.inStock);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!size) return setError(t('product.sizeRequired'));
    setError(undefined);
    add.mutate(
      { pid: product.id, size, quantity: 1, applePay: false },
      {
        onSuccess: (basket) => onAdded?.(basket),
        onError: (err) => setError(err instanceof ApiError ? t(`errors:${err.code}`) : t('errors:API_UNKNOWN_ERROR')),
      },
    );
  };

  if (!sellable) return <p className="add-to-basket__note">{t('product.notSoldHere')}</p>;

  return (
    <form className="add-to-basket" onSubmit={submit} noValidate>
      {!oneSize && !controlled && (
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
        {soldOut ? t('product.soldOut') : (submitLabel ?? t('product.addToBag'))}
      </Button>
    </form>
  );
}
