import { BasketPage } from '../../features/basket/components/basket-page';

/** `/basket`: the shopping bag (its content is personal and loads in the browser). */
export function BasketRoute() {
  return <BasketPage />;
}
