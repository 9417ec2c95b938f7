// Titles (the head's <title>) of the order and checkout pages, in every storefront language
// (server/src/locales/<language>/orders.json).
import { serverTexts } from '../../locales/index.ts';

export type OrderPageKey = 'orders' | 'order' | 'trackOrder' | 'basket' | 'checkout' | 'confirmation' | 'payment';

export function orderPageTitle(locale: string, key: OrderPageKey): string {
  return serverTexts('orders', locale).titles[key];
}
