import type { Story } from '@ladle/react';
import { Price } from './price';

export default { title: 'UI / Price' };

export const Regular: Story = () => <Price formatted="€1,250.00" />;

export const OnSale: Story = () => (
  <Price
    formatted="€875.00"
    original="€1,250.00"
    currentLabel="Sale price"
    originalLabel="Original price"
    badge="-30%"
  />
);

export const Sizes: Story = () => (
  <div style={{ display: 'grid', gap: '1rem' }}>
    <Price size="sm" formatted="$2,490.00" />
    <Price
      size="md"
      formatted="¥180,000"
      original="¥240,000"
      currentLabel="Sale price"
      originalLabel="Original price"
    />
    <Price size="lg" formatted="CHF 3’150.00" />
  </div>
);
