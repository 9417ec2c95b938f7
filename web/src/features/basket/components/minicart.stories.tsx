import type { Story } from '@ladle/react';
import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { basketOf, catalog, StoryShell } from '../../../stories/story-kit';
import { basketKey } from '../api/basket-queries';
import { Minicart } from './minicart';

export default { title: 'Basket / Minicart' };

function withBasket(basket: ReturnType<typeof basketOf> | null) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(basketKey('fr-fr'), basket ?? { ...basketOf([]), id: null });
  return client;
}

function Demo({ basket }: { basket: ReturnType<typeof basketOf> | null }) {
  const [open, setOpen] = useState(true);
  return (
    <StoryShell queryClient={withBasket(basket)}>
      <Button onPress={() => setOpen(true)}>Panier</Button>
      <Minicart isOpen={open} onOpenChange={setOpen} />
    </StoryShell>
  );
}

export const ThreeLines: Story = () => <Demo basket={basketOf(catalog.products.slice(0, 3))} />;
export const Empty: Story = () => <Demo basket={null} />;
