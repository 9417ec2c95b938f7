import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { Schemas } from '../../../lib/api-client';
import { catalog, productOf, StoryShell, tileOf } from '../../../stories/story-kit';
import { ColorSwatches } from './color-swatches';
import { LookCard, CollectionFeature, Pager } from './editorial';
import { FindInStoreDrawer } from './find-in-store-drawer';
import { NotifyMeForm } from './notify-me-form';
import { ProductCarousel } from './product-carousel';
import { ProductGallery } from './product-gallery';
import { ShippingInfo } from './shipping-info';
import { SizeGuideTable } from './size-guide-dialog';
import './product-view.css';

export default { title: 'Product / Parts' };

const product = productOf(catalog.products.find((p) => p.imageCount > 2) ?? catalog.products[0]!);
const tiles = catalog.products.slice(0, 8).map((p) => tileOf(p));
const tile = (t: Schemas['ProductTile']) => (
  <div>
    <img src={t.image.src} alt={t.image.alt} style={{ width: '100%', height: 'auto' }} />
    <p style={{ fontSize: 12 }}>{t.name}</p>
  </div>
);

export const Gallery: Story = () => (
  <StoryShell>
    <div style={{ maxWidth: 720 }}>
      <ProductGallery images={product.images} name={product.name} />
    </div>
  </StoryShell>
);

export const Swatches: Story = () => (
  <StoryShell>
    <ColorSwatches
      current={{ name: 'Noir', hex: '#111111' }}
      variants={[
        { pid: 'A1', color: 'Beige', macroColor: 'beige', hex: '#d8c7a8', url: '/pr/a-A1.html' },
        { pid: 'A2', color: 'Rouge', macroColor: 'red', hex: '#8e1b1b', url: '/pr/a-A2.html' },
      ]}
    />
  </StoryShell>
);

const guide: Schemas['SizeGuide'] = {
  group: 'women_shoes',
  region: 'FR',
  regions: ['FR', 'IT', 'GB', 'US', 'JP'],
  title: 'Chaussures femme',
  introduction: '<p>Mesurez votre pied du talon au bout du plus long orteil.</p>',
  rows: ['35', '36', '37', '38', '39'].map((s, i) => ({
    size: s,
    conversions: {
      DE: s,
      GB: String(2 + i),
      FR: s,
      ES: s,
      IT: s,
      US: String(5 + i),
      JP: String(22 + i * 0.5),
      KR: String(220 + i * 5),
    },
    measurements: { footLength: 22.5 + i * 0.5 },
  })),
};

export const SizeGuide: Story = () => (
  <StoryShell>
    <div style={{ maxWidth: 720 }}>
      <SizeGuideTable guide={guide} />
    </div>
  </StoryShell>
);

export const NotifyMe: Story = () => (
  <StoryShell>
    <div style={{ maxWidth: 420 }}>
      <NotifyMeForm
        pid={product.id}
        size={product.sizes[0]?.id ?? 'TU'}
        sizeLabel={product.sizes[0]?.displayValue ?? 'TU'}
      />
    </div>
  </StoryShell>
);

export const FindInStore: Story = () => {
  const [open, setOpen] = useState(true);
  return (
    <StoryShell>
      <Button onPress={() => setOpen(true)}>Trouver en boutique</Button>
      <FindInStoreDrawer isOpen={open} onOpenChange={setOpen} productName={product.name} size="38" />
    </StoryShell>
  );
};

const shipping: Schemas['ShippingInfo'] = {
  pid: product.id,
  size: null,
  market: { locale: 'fr-fr', language: 'fr', country: 'FR', currency: 'EUR', businessRegion: 'EMEA' },
  currencyCode: 'EUR',
  options: [
    {
      kind: 'standard delivery',
      label: 'Livraison standard',
      available: true,
      cost: 0,
      eta: { from: '2026-11-27', to: '2026-11-30', label: '27/11/2026 – 30/11/2026' },
    },
    {
      kind: 'express delivery',
      label: 'Livraison express',
      available: true,
      cost: 25,
      eta: { from: '2026-11-26', to: '2026-11-26', label: '26/11/2026' },
    },
    { kind: 'pickup in store', label: 'Retrait en boutique', available: true, cost: 0, eta: null },
  ],
};

export const Delivery: Story = () => (
  <StoryShell>
    <div style={{ maxWidth: 420 }}>
      <ShippingInfo info={shipping} error={null} isLoading={false} />
    </div>
  </StoryShell>
);

export const Carousel: Story = () => (
  <StoryShell>
    <ProductCarousel title="Vous aimerez aussi" products={tiles} renderTile={tile} />
  </StoryShell>
);

const look = (i: number): Schemas['Look'] => ({
  id: `look-${i}`,
  slug: `fw26-look-${i}`,
  name: `Look ${i}`,
  url: `/looks/fw26-look-${i}`,
  image: tiles[i % tiles.length]!.image,
  bornEventCode: 'WFW26',
  bornSeasonCode: 'FW26',
  smcIds: [],
  products: tiles.slice(0, 3),
  position: i,
  isRd: false,
});

export const Looks: Story = () => (
  <StoryShell>
    <ul className="look-grid">
      {[1, 2, 3, 4].map((i) => (
        <li key={i}>
          <LookCard look={look(i)} />
        </li>
      ))}
    </ul>
  </StoryShell>
);

export const Collection: Story = () => (
  <StoryShell>
    <CollectionFeature
      index={0}
      renderTile={tile}
      collection={{
        id: 'fw26',
        slug: 'women-fall-winter-26',
        name: 'Femme Automne-Hiver 26',
        description: 'Une silhouette nette, des épaules affirmées, le noir travaillé en matières.',
        url: '/collections/women-fall-winter-26',
        image: tiles[0]!.image,
        bornEventCode: 'WFW26',
        bornSeasonCode: 'FW26',
        items: tiles.slice(0, 4),
        looks: [],
        totalItems: 42,
        totalLooks: 38,
        isRd: false,
      }}
    />
    <Pager page={2} pageCount={4} hrefOf={(p) => `?page=${p}`} />
  </StoryShell>
);
