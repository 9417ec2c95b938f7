import type { Story } from '@ladle/react';
import { Spinner } from './spinner';

export default { title: 'UI / Spinner' };

export const Sizes: Story = () => (
  <div style={{ display: 'flex', gap: '2rem', alignItems: 'center' }}>
    <Spinner size="sm" label="Loading" />
    <Spinner size="md" label="Loading" />
    <Spinner size="lg" label="Loading" />
  </div>
);
