import type { Schemas } from '../../lib/api-client';
import { BasketPage } from '../../features/basket/components/basket-page';

/** `/basket`: the shopping bag, its lines in the page's first HTML (the page data carries the visitor's bag). */
export function BasketRoute({ data }: { data: Schemas['CheckoutPageData'] }) {
  return <BasketPage initial={data.basket} />;
}
