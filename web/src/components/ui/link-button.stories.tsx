import type { Story } from '@ladle/react';
import { LinkButton } from './link-button';

export default { title: 'UI / LinkButton' };

export const Variants: Story = () => (
  <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'center' }}>
    <LinkButton href="#women">Discover the collection</LinkButton>
    <LinkButton href="#men" variant="secondary">
      Shop men
    </LinkButton>
    <LinkButton href="#stores" variant="tertiary">
      Find a store
    </LinkButton>
  </div>
);
