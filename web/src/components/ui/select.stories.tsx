import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Select } from './select';

export default { title: 'UI / Select' };

const sortOptions = [
  { id: 'relevance', label: 'Our selection' },
  { id: 'newest', label: 'Newest' },
  { id: 'price-asc', label: 'Price: low to high' },
  { id: 'price-desc', label: 'Price: high to low' },
];

export const SortInline: Story = () => {
  const [sort, setSort] = useState('relevance');
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', borderBottom: '1px solid var(--color-rule)' }}>
      <Select variant="inline" label="Sort by" items={sortOptions} selectedKey={sort} onSelectionChange={setSort} />
    </div>
  );
};

export const Field: Story = () => {
  const [country, setCountry] = useState<string | null>(null);
  return (
    <div style={{ maxWidth: 360 }}>
      <Select
        label="Country / region"
        placeholder="Select"
        items={[
          { id: 'FR', label: 'France' },
          { id: 'IT', label: 'Italy' },
          { id: 'JP', label: 'Japan' },
          { id: 'GB', label: 'United Kingdom' },
          { id: 'US', label: 'United States' },
        ]}
        selectedKey={country}
        onSelectionChange={setCountry}
        description="Prices and availability depend on your location."
      />
    </div>
  );
};

export const WithError: Story = () => {
  const [qty, setQty] = useState<string | null>(null);
  return (
    <div style={{ maxWidth: 240 }}>
      <Select
        label="Quantity"
        placeholder="Select"
        items={[1, 2, 3].map((n) => ({ id: String(n), label: String(n) }))}
        selectedKey={qty}
        onSelectionChange={setQty}
        errorMessage={qty ? undefined : 'Please choose a quantity.'}
      />
    </div>
  );
};
