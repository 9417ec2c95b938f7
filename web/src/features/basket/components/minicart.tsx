import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Drawer } from '../../../components/ui/drawer';
import { formatPrice } from '../../../lib/format';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useBasket, useRemoveFromBasket } from '../api/basket-queries';
import './minicart.css';

interface Props {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The mini shopping bag: a drawer listing the basket lines, with their prices in the market currency. */
export function Minicart({ isOpen, onOpenChange }: Props) {
  const { t } = useTranslation();
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const { data: basket } = useBasket(locale);
  const remove = useRemoveFromBasket(locale);
  const currency = basket?.currencyCode;
  const money = (v: number | null) => (v === null || !currency ? '' : formatPrice(v, currency, locale));
  const count = basket?.itemCount ?? 0;

  return (
    <Drawer
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={`${t('basket.title')}${count ? ` (${count})` : ''}`}
      closeLabel={t('close')}
      footer={
        basket && basket.items.length > 0 ? (
          <div className="minicart__footer">
            <div className="minicart__subtotal">
              <span>{t('basket.subtotal')}</span>
              <span data-testid="minicart-subtotal">{money(basket.subtotal)}</span>
            </div>
            <p className="minicart__note">{t('basket.taxesNote')}</p>
            <LinkButton
              href={localize('/checkout')}
              variant="primary"
              size="lg"
              isFullWidth
              onPress={() => onOpenChange(false)}
            >
              {t('basket.checkout')}
            </LinkButton>
            <LinkButton href={localize('/basket')} variant="secondary" isFullWidth onPress={() => onOpenChange(false)}>
              {t('basket.viewBag')}
            </LinkButton>
          </div>
        ) : undefined
      }
    >
      {!basket || basket.items.length === 0 ? (
        <div className="minicart__empty">
          <p>{t('basket.empty')}</p>
          <LinkButton href={localize('/')} variant="secondary" isFullWidth onPress={() => onOpenChange(false)}>
            {t('basket.continue')}
          </LinkButton>
        </div>
      ) : (
        <ul className="minicart__items" aria-label={t('basket.title')}>
          {basket.items.map((item) => (
            <li key={item.itemId} className="minicart__item" data-testid="minicart-item">
              <img className="minicart__image" src={item.image.src} alt="" width={90} height={112} loading="lazy" />
              <div className="minicart__info">
                <Link className="minicart__name" to={localize(item.url)} onClick={() => onOpenChange(false)}>
                  {item.name}
                </Link>
                <span className="minicart__meta">{item.color}</span>
                <span className="minicart__meta">
                  {t('basket.size', { size: item.size === 'TU' ? t('product.oneSize') : item.sizeLabel })}
                </span>
                <span className="minicart__meta">{t('basket.quantity', { count: item.quantity })}</span>
                {!item.available && <span className="minicart__warning">{t('basket.unavailable')}</span>}
                <Button
                  variant="tertiary"
                  size="sm"
                  className="minicart__remove"
                  aria-label={t('basket.removeItem', { name: item.name })}
                  onPress={() => remove.mutate(item.itemId)}
                  isDisabled={remove.isPending}
                >
                  {t('basket.remove')}
                </Button>
              </div>
              <span className="minicart__price" data-testid="minicart-line-price">
                {money(item.lineTotal)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
