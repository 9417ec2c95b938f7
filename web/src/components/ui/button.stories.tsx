import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button, type ButtonProps } from './button';

export default { title: 'UI / Button' };

const BagIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.25" aria-hidden="true">
    <path d="M5 8h14l-1 12H6L5 8z" />
    <path d="M9 8V6a3 3 0 016 0v2" />
  </svg>
);

export const Playground: Story<ButtonProps & { label: string }> = ({ label, ...props }) => (
  <Button {...props}>{label}</Button>
);
Playground.args = {
  label: 'Add to bag',
  isPending: false,
  isDisabled: false,
  isFullWidth: false,
  pendingLabel: 'Adding to bag',
};
Playground.argTypes = {
  variant: { options: ['primary', 'secondary', 'tertiary'], control: { type: 'radio' }, defaultValue: 'primary' },
  size: { options: ['sm', 'md', 'lg'], control: { type: 'radio' }, defaultValue: 'md' },
};

export const Variants: Story = () => (
  <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'center' }}>
    <Button variant="primary">Add to bag</Button>
    <Button variant="secondary">Find in store</Button>
    <Button variant="tertiary">Size guide</Button>
    <Button variant="primary" icon={<BagIcon />}>
      Checkout
    </Button>
    <Button variant="secondary" isDisabled>
      Sold out
    </Button>
  </div>
);

export const Sizes: Story = () => (
  <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'center' }}>
    <Button size="sm">Small</Button>
    <Button size="md">Medium</Button>
    <Button size="lg">Large</Button>
  </div>
);

export const Pending: Story = () => {
  const [pending, setPending] = useState(false);
  return (
    <div style={{ maxWidth: 360 }}>
      <Button
        isFullWidth
        isPending={pending}
        pendingLabel="Adding to bag"
        onPress={() => {
          setPending(true);
          setTimeout(() => setPending(false), 2000);
        }}
      >
        Add to bag
      </Button>
    </div>
  );
};

export const FullWidthOnPhone: Story = () => (
  <div style={{ maxWidth: 390, display: 'grid', gap: '0.75rem' }}>
    <Button isFullWidth>Add to bag</Button>
    <Button isFullWidth variant="secondary">
      Book an appointment
    </Button>
  </div>
);
