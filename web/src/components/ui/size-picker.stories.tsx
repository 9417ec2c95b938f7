import type { Story } from '@ladle/react';
import { useState } from 'react';
import { SizePicker, type SizeOption } from './size-picker';

export default { title: 'UI / SizePicker' };

const clothing: SizeOption[] = [
  { id: '34', label: '34', available: true },
  { id: '36', label: '36', available: true, hint: 'Last one' },
  { id: '38', label: '38', available: false },
  { id: '40', label: '40', available: true },
  { id: '42', label: '42', available: true },
  { id: '44', label: '44', available: false },
];

export const Default: Story = () => {
  const [value, setValue] = useState<string | null>(null);
  const selected = clothing.find((s) => s.id === value);
  return (
    <div style={{ maxWidth: 420, display: 'grid', gap: '1rem' }}>
      <SizePicker label="Size (FR)" sizes={clothing} value={value} onChange={setValue} unavailableLabel="unavailable" />
      <p className="text-muted">
        {selected
          ? `Selected: ${selected.label}${selected.available ? '' : ' — notify me when available'}`
          : 'No size selected'}
      </p>
    </div>
  );
};

export const WithError: Story = () => {
  const [value, setValue] = useState<string | null>(null);
  return (
    <div style={{ maxWidth: 420 }}>
      <SizePicker
        label="Size (IT)"
        description="This item runs small."
        sizes={clothing}
        value={value}
        onChange={setValue}
        unavailableLabel="unavailable"
        errorMessage={value ? undefined : 'Please select a size.'}
      />
    </div>
  );
};

export const Shoes: Story = () => {
  const [value, setValue] = useState<string | null>('40');
  const shoes: SizeOption[] = ['36', '36.5', '37', '37.5', '38', '38.5', '39', '39.5', '40', '40.5', '41', '42'].map(
    (s, i) => ({ id: s, label: s, available: i % 4 !== 1 }),
  );
  return (
    <div style={{ maxWidth: 480 }}>
      <SizePicker label="Shoe size" sizes={shoes} value={value} onChange={setValue} unavailableLabel="unavailable" />
    </div>
  );
};

export const SecondaryLayout: Story = () => {
  const [value, setValue] = useState<string | null>('S');
  return (
    <div data-layout="secondary" style={{ padding: '2rem', background: 'var(--color-bg)', maxWidth: 480 }}>
      <SizePicker
        label="Size"
        sizes={[
          { id: 'XS', label: 'XS', available: true },
          { id: 'S', label: 'S', available: true },
          { id: 'M', label: 'M', available: false },
          { id: 'L', label: 'L', available: true },
        ]}
        value={value}
        onChange={setValue}
        unavailableLabel="unavailable"
      />
    </div>
  );
};
