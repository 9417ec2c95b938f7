import type { Story } from '@ladle/react';
import { Button } from '../../../components/ui/button';
import { catalog, productOf, StoryShell, tileOf } from '../../../stories/story-kit';
import type { PageProduct } from '../product-rules';
import { ProductView } from './product-view';

export default { title: 'Product / Product view' };

const withSizes = catalog.products.find((p) => p.sizeGroup !== null) ?? catalog.products[0]!;
const oneSize = catalog.products.find((p) => p.sizeGroup === null) ?? catalog.products[0]!;
const others = catalog.products.filter((p) => p.pid !== withSizes.pid).slice(0, 3);

const purchase = () => (
  <Button variant="primary" size="lg" isFullWidth>
    Ajouter au panier
  </Button>
);
const tile = (t: { name: string }) => <p>{t.name}</p>;

/** The product with two more colours, a short name and a gender twin: every optional feature shown. */
const rich: PageProduct = {
  ...productOf(withSizes),
  shortName: 'Le 5 à 7',
  genderAssociation: others[0]!.pid,
  totalColors: 3,
  colorVariants: others.slice(0, 2).map((p) => ({
    pid: p.pid,
    color: p.color.names.fr,
    macroColor: p.color.macroColor,
    hex: p.color.hex,
    url: tileOf(p).url,
  })),
};

export const WithSizes: Story = () => (
  <StoryShell>
    <ProductView product={productOf(withSizes)} renderPurchase={purchase} renderTile={tile} live={false} house="ysl" />
  </StoryShell>
);

export const EveryFeature: Story = () => (
  <StoryShell>
    <ProductView product={rich} renderPurchase={purchase} renderTile={tile} live={false} house="ysl" />
  </StoryShell>
);

export const OneSize: Story = () => (
  <StoryShell>
    <ProductView product={productOf(oneSize)} renderPurchase={purchase} renderTile={tile} live={false} />
  </StoryShell>
);

export const SoldOutSizeNotifyMe: Story = () => {
  const p = productOf(withSizes);
  const sizes = p.sizes.map((s, i) =>
    i === 0 ? { ...s, inStock: false, lowStock: false, displayStatus: 'notify me' as const } : s,
  );
  return (
    <StoryShell>
      <ProductView product={{ ...p, sizes }} renderPurchase={purchase} renderTile={tile} live={false} />
    </StoryShell>
  );
};
