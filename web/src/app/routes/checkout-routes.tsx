import { useLocation } from '../../lib/router';
import type { Schemas } from '../../lib/api-client';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { ConfirmationPage } from '../../features/checkout/components/confirmation-page';

/**
 * `/checkout` (`?express=1` after a product's "Express checkout": the wallet is preselected), in the page's first
 * HTML with the options its data brought.
 */
export function CheckoutRoute({ data }: { data: Schemas['CheckoutPageData'] }) {
  const { search } = useLocation();
  return <CheckoutPage express={new URLSearchParams(search).get('express') === '1'} initial={data.checkoutOptions} />;
}

/** `/checkout/confirmation?orderNumber=…`. */
export function CheckoutConfirmationRoute({ data }: { data: Schemas['OrderConfirmationPageData'] }) {
  return <ConfirmationPage key={data.order.orderNumber} data={data} />;
}
