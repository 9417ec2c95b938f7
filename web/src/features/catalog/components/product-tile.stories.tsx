import type { Story } from '@ladle/react';
import { catalog, StoryShell, tileOf } from '../../../stories/story-kit';
import { ProductGrid } from './product-grid';
import { ProductTile } from './product-tile';

export default { title: 'Catalog / Product tile' };

const inStock = catalog.products.filter((p) => p.variants.some((v) => v.stock > 0));
const onSale = inStock.find((p) => p.prices.EUR?.sale);
const soldOut = catalog.products.find((p) => p.variants.every((v) => v.stock === 0));

export const Regular: Story = () => (
  <StoryShell>
    <div style={{ maxWidth: 320 }}>
      <ProductTile product={tileOf(inStock[0]!)} eager />
    </div>
  </StoryShell>
);

export const OnSale: Story = () => (
  <StoryShell>
    <div style={{ maxWidth: 320 }}>
      {onSale ? <ProductTile product={tileOf(onSale)} eager /> : 'No sale product in this sample'}
    </div>
  </StoryShell>
);

export const SoldOut: Story = () => (
  <StoryShell>
    <div style={{ maxWidth: 320 }}>
      {soldOut ? <ProductTile product={tileOf(soldOut)} eager /> : 'No sold-out product in this sample'}
    </div>
  </StoryShell>
);

export const Grid: Story = () => (
  <StoryShell>
    <ProductGrid products={catalog.products.slice(0, 12).map((p) => tileOf(p))} label="Sacs" />
  </StoryShell>
);
