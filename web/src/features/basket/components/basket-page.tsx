import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { NativeSelect } from '../../../components/ui/native-select';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useBasket, useRemoveFromBasket, useUpdateBasketItem } from '../api/basket-queries';
import { Totals } from '../../../components/order-totals';
import './basket-page.css';

type Item = Schemas['Basket']['items'][number];

/** The quantities a line may take: 1 to the per-product maximum (and the line's own, if above). */
export function quantityChoices(item: Pick<Item, 'quantity'>, max: number): number[] {
  return Array.from({ length: Math.max(max, item.quantity) }, (_, i) => i + 1);
}

/**
 * `/basket`: the shopping bag — each line with its picture, name, colour, size, a quantity to choose (the
 * server's refusal said beside the line), removal, and the lines no longer available marked; the checkout
 * summary's totals (subtotal, the market's standard delivery, taxes, total) and the way to the checkout. The bag
 * is personal: the page's data brings it as it was when the page was made (`initial`: its lines are in the first
 * HTML, and the largest picture with them), and the browser keeps it current once the page is live.
 */
export function BasketPage({ initial }: { initial?: Schemas['Basket'] | undefined }) {
  const { t } = useTranslation();
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { data: current, isPending, error, refetch } = useBasket(locale, hydrated, initial);
  const basket = current ?? initial;
  const update = useUpdateBasketItem(locale);
  const remove = useRemoveFromBasket(locale);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const currency = basket?.currencyCode;
  const money = (v: number | null) => (v === null || !currency ? '' : formatPrice(v, currency, locale));
  const errorText = (err: unknown) =>
    t(`errors:${err instanceof ApiError ? err.code : 'API_UNKNOWN_ERROR'}`, {
      defaultValue: t('errors:API_UNKNOWN_ERROR'),
    });
  const setLineError = (itemId: string, message: string | null) =>
    setLineErrors((e) => {
      const next = { ...e };
      if (message) next[itemId] = message;
      else delete next[itemId];
      return next;
    });

  const changeQuantity = (item: Item, quantity: number) => {
    if (quantity === item.quantity) return;
    setLineError(item.itemId, null);
    update.mutate({ itemId: item.itemId, quantity }, { onError: (err) => setLineError(item.itemId, errorText(err)) });
  };
  const removeLine = (item: Item) => {
    setLineError(item.itemId, null);
    remove.mutate(item.itemId, { onError: (err) => setLineError(item.itemId, errorText(err)) });
  };

  const count = basket?.itemCount ?? 0;
  const unavailable = basket?.items.some((i) => !i.available) ?? false;

  return (
    <div className="basket-page">
      <header className="basket-page__header">
        <h1 className="basket-page__title">
          {t('basket.title')}
          {count > 0 && <span className="basket-page__count"> ({count})</span>}
        </h1>
      </header>
      {!basket && (!hydrated || (isPending && !error)) ? (
        <div className="basket-page__state" aria-busy="true">
          <Spinner label={t('loading')} size="lg" />
        </div>
      ) : error && !basket ? (
        <div className="basket-page__state" role="alert">
          <p>{errorText(error)}</p>
          <Button variant="tertiary" onPress={() => void refetch()}>
            {t('error.retry')}
          </Button>
        </div>
      ) : !basket || basket.items.length === 0 ? (
        <div className="basket-page__state basket-page__state--empty" data-testid="basket-empty">
          <p>{t('basket.empty')}</p>
          <LinkButton href={localize('/')} variant="primary" size="lg">
            {t('basket.continue')}
          </LinkButton>
        </div>
      ) : (
        <div className="basket-page__layout">
          <ul className="basket-page__lines" role="list" aria-label={t('basket.title')}>
            {basket.items.map((item, index) => (
              <li
                key={item.itemId}
                className="basket-line"
                data-testid="basket-line"
                data-unavailable={!item.available || undefined}
              >
                <Link to={localize(item.url)} className="basket-line__picture" tabIndex={-1} aria-hidden="true">
                  <img
                    src={item.image.src}
                    alt=""
                    width={120}
                    height={150}
                    loading={index < 2 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                  />
                </Link>
                <div className="basket-line__info">
                  <Link className="basket-line__name" to={localize(item.url)}>
                    {item.name}
                  </Link>
                  <span className="basket-line__meta">{item.color}</span>
                  <span className="basket-line__meta">
                    {t('basket.size', { size: item.size === 'TU' ? t('product.oneSize') : item.sizeLabel })}
                  </span>
                  <span className="basket-line__price" data-testid="basket-line-price">
                    {money(item.lineTotal)}
                    {item.quantity > 1 && item.unitPrice !== null && (
                      <span className="basket-line__unit">
                        {t('basket.unitPrice', { price: money(item.unitPrice) })}
                      </span>
                    )}
                  </span>
                  <div className="basket-line__controls">
                    <NativeSelect
                      className="basket-line__quantity"
                      label={t('basket.quantityLabel')}
                      name={`quantity-${item.itemId}`}
                      options={quantityChoices(item, basket.maxQuantityPerProduct).map((n) => ({
                        value: String(n),
                        label: String(n),
                      }))}
                      value={String(item.quantity)}
                      onChange={(v) => changeQuantity(item, Number(v))}
                      isDisabled={update.isPending && update.variables?.itemId === item.itemId}
                    />
                    <Button
                      variant="tertiary"
                      size="sm"
                      className="basket-line__remove"
                      aria-label={t('basket.removeItem', { name: item.name })}
                      onPress={() => removeLine(item)}
                      isDisabled={remove.isPending && remove.variables === item.itemId}
                    >
                      {t('basket.remove')}
                    </Button>
                  </div>
                  {!item.available && <p className="basket-line__warning">{t('basket.unavailable')}</p>}
                  {lineErrors[item.itemId] && (
                    <p className="basket-line__error" role="alert">
                      {lineErrors[item.itemId]}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <aside className="basket-page__summary" aria-labelledby="basket-summary-title">
            <h2 id="basket-summary-title" className="basket-page__summary-title">
              {t('basket.summary')}
            </h2>
            {basket.estimatedTotals && currency ? (
              <>
                {/* The checkout summary's own figures and words, with the market's standard delivery. */}
                <Totals totals={basket.estimatedTotals} currency={currency} taxIncluded={basket.taxIncluded} />
                <p className="basket-page__note">{t('checkout:summary.estimateNote')}</p>
              </>
            ) : (
              <>
                <dl className="basket-page__totals">
                  <div>
                    <dt>{t('basket.subtotal')}</dt>
                    <dd data-testid="basket-subtotal">{money(basket.subtotal)}</dd>
                  </div>
                </dl>
                <p className="basket-page__note">{t('basket.taxesNote')}</p>
              </>
            )}
            {unavailable && <p className="basket-line__warning">{t('basket.unavailableHint')}</p>}
            {unavailable ? (
              <Button size="lg" isFullWidth isDisabled>
                {t('basket.checkout')}
              </Button>
            ) : (
              <LinkButton href={localize('/checkout')} variant="primary" size="lg" isFullWidth>
                {t('basket.checkout')}
              </LinkButton>
            )}
            <LinkButton href={localize('/')} variant="tertiary" className="basket-page__continue">
              {t('basket.continue')}
            </LinkButton>
          </aside>
        </div>
      )}
    </div>
  );
}
