import { lazy } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import type { Schemas } from '../../lib/api-client';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { ProductView } from '../../features/product/components/product-view';
import { AddToBasketForm } from '../../features/basket/components/add-to-basket-form';
import { ExpressCheckoutButton } from '../../features/basket/components/express-checkout-button';
import { ProductTile } from '../../features/catalog/components/product-tile';

/** The boutiques' find-in-store modal (a React Aria dialog and the reservation form) loads when first opened. */
const FindInStoreDialog = lazy(() =>
  import('../../features/stores/components/find-in-store-dialog').then((m) => ({ default: m.FindInStoreDialog })),
);

/**
 * The product page composes four features: the product view, the basket's add-to-bag form (given
 * the size chosen in the product's own size selector), the catalogue's tile for the carousels and the
 * boutiques' find-in-store modal (opened by the product view's "find in boutique" button).
 */
export function ProductRoute({ data, onAdded }: { data: Schemas['ProductPageData']; onAdded: () => void }) {
  const { t } = useTranslation('product');
  return (
    <>
      <Breadcrumbs items={data.breadcrumbs} />
      <ProductView
        key={data.product.id}
        product={data.product}
        renderPurchase={({ size, callToAction }) => (
          <>
            <AddToBasketForm
              product={data.product}
              size={size}
              onAdded={onAdded}
              {...(callToAction === 'pre-order' ? { submitLabel: t('status.preOrder') } : {})}
            />
            {callToAction !== 'pre-order' && <ExpressCheckoutButton product={data.product} size={size} />}
          </>
        )}
        renderTile={(tile) => <ProductTile product={tile} />}
        renderFindInStore={({ isOpen, onOpenChange, size }) => (
          <FindInStoreDialog isOpen={isOpen} onOpenChange={onOpenChange} product={data.product} size={size} />
        )}
      />
    </>
  );
}
