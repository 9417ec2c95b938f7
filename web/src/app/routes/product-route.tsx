import type { Schemas } from '../../lib/api-client';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { ProductView } from '../../features/product/components/product-view';
import { AddToBasketForm } from '../../features/basket/components/add-to-basket-form';

export function ProductRoute({ data, onAdded }: { data: Schemas['ProductPageData']; onAdded: () => void }) {
  return (
    <>
      <Breadcrumbs items={data.breadcrumbs} />
      <ProductView product={data.product} purchase={<AddToBasketForm key={data.product.id} product={data.product} onAdded={onAdded} />} />
    </>
  );
}
