import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../lib/api-client';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { ProductView } from '../../features/product/components/product-view';
import { AddToBasketForm } from '../../features/basket/components/add-to-basket-form';
import { ProductTile } from '../../features/catalog/components/product-tile';

/**
 * The product page composes three features: the product view, the basket's add-to-bag form (given
 * the size chosen in the product's own size selector) and the catalogue's tile for the carousels.
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
          <AddToBasketForm product={data.product} size={size} onAdded={onAdded} {...(callToAction === 'pre-order' ? { submitLabel: t('status.preOrder') } : {})} />
        )}
        renderTile={(tile) => <ProductTile product={tile} />}
      />
    </>
  );
}
