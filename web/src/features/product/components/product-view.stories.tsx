import type { Story } from '@ladle/react';
import { Button } from '../../../components/ui/button';
import { catalog, productOf, StoryShell } from '../../../stories/story-kit';
import { ProductView } from './product-view';

export default { title: 'Product / Product view' };

const withSizes = catalog.products.find((p) => p.sizeGroup !== null) ?? catalog.products[0]!;
const oneSize = catalog.products.find((p) => p.sizeGroup === null) ?? catalog.products[0]!;

export const WithSizes: Story = () => (
  <StoryShell>
    <ProductView product={productOf(withSizes)} purchase={<Button variant="primary" isFullWidth>Ajouter au panier</Button>} />
  </StoryShell>
);

export const OneSize: Story = () => (
  <StoryShell>
    <ProductView product={productOf(oneSize)} purchase={<Button variant="primary" isFullWidth>Ajouter au panier</Button>} />
  </StoryShell>
);
