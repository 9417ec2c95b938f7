import type { Story } from '@ladle/react';
import { QueryClient } from '@tanstack/react-query';
import { basketOf, catalog, StoryShell } from '../../../stories/story-kit';
import { setUiFlag } from '../../../lib/ui-store';
import { basketKey } from '../api/basket-queries';
import { BasketPage } from './basket-page';
import { CartReminder } from './cart-reminder';
import { ExpressCheckoutButton } from './express-checkout-button';
import { productOf } from '../../../stories/story-kit';

export default { title: 'Basket / Shopping bag page' };

function withBasket(basket: ReturnType<typeof basketOf>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(basketKey('fr-fr'), basket);
  return client;
}

export const ThreeLines: Story = () => (
  <StoryShell queryClient={withBasket(basketOf(catalog.products.slice(0, 3)))}>
    <div className="container">
      <BasketPage />
    </div>
  </StoryShell>
);

export const Empty: Story = () => (
  <StoryShell queryClient={withBasket({ ...basketOf([]), id: null })}>
    <div className="container">
      <BasketPage />
    </div>
  </StoryShell>
);

export const Reminder: Story = () => {
  setUiFlag('cartReminderBanner', true);
  return (
    <StoryShell queryClient={withBasket(basketOf(catalog.products.slice(0, 2)))}>
      <CartReminder pageType="home" onOpenBag={() => undefined} />
    </StoryShell>
  );
};

export const ExpressCheckout: Story = () => (
  <StoryShell>
    <div style={{ maxWidth: 420, margin: '2rem auto' }}>
      <ExpressCheckoutButton
        product={productOf(catalog.products.find((p) => p.variants.length === 1) ?? catalog.products[0]!)}
        size={null}
      />
    </div>
  </StoryShell>
);
