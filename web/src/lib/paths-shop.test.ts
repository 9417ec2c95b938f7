import { describe, expect, it } from 'vitest';
import { matchPage, pageDataUrl, pageTypeOf } from './paths';

// Spec §2: the bag, the checkout and its confirmation, order tracking, a guest's order and the account's orders.
describe('shopping and order pages', () => {
  it('recognises each page with or without a locale prefix', () => {
    expect(matchPage('/basket')).toEqual({ kind: 'basket', locale: null });
    expect(matchPage('/fr-fr/checkout')).toEqual({ kind: 'checkout', locale: 'fr-fr' });
    expect(matchPage('/checkout/confirmation')).toEqual({ kind: 'checkout-confirmation', locale: null });
    expect(matchPage('/ja-jp/track-order')).toEqual({ kind: 'track-order', locale: 'ja-jp' });
    expect(matchPage('/guest/order-online')).toEqual({ kind: 'guest-order-online', locale: null });
    expect(matchPage('/myaccount/orders')).toEqual({ kind: 'my-account-orders', locale: null });
    expect(matchPage('/fr-fr/myaccount/order-online')).toEqual({ kind: 'my-account-order-online', locale: 'fr-fr' });
    expect(matchPage('/myaccount/order-offline')).toEqual({ kind: 'my-account-order-offline', locale: null });
    expect(matchPage('/checkout/other').kind).toBe('not-found');
    expect(pageTypeOf('/track-order')).toBe('track-order');
  });

  it('loads each page from its /ssr data URL with the query values the contract accepts', () => {
    expect(pageDataUrl(matchPage('/fr-fr/basket'), '?x=1')).toBe('/ssr/basket?locale=fr-fr');
    expect(pageDataUrl(matchPage('/checkout'), '?express=1')).toBe('/ssr/checkout?locale=en-us');
    expect(pageDataUrl(matchPage('/checkout/confirmation'), '?orderNumber=YSL-US-00010042')).toBe(
      '/ssr/checkout/confirmation?locale=en-us&orderNumber=YSL-US-00010042',
    );
    expect(pageDataUrl(matchPage('/track-order'), '?orderNumber=YSL-US-00010042')).toBe(
      '/ssr/track-order?locale=en-us',
    );
    const uuid = '2f1c7f4e-8a57-4b0e-9d0c-5d6f3a1b9e20';
    expect(pageDataUrl(matchPage('/fr-fr/guest/order-online'), `?transactionUuid=${uuid}`)).toBe(
      `/ssr/guest/order-online?locale=fr-fr&transactionUuid=${uuid}`,
    );
    expect(pageDataUrl(matchPage('/myaccount/orders'), '?page=2')).toBe('/ssr/myaccount/orders?locale=en-us&page=2');
    expect(pageDataUrl(matchPage('/myaccount/orders'), '?page=0')).toBe('/ssr/myaccount/orders?locale=en-us');
    expect(pageDataUrl(matchPage('/myaccount/order-online'), '?orderNumber=YSL-US-00012345')).toBe(
      '/ssr/myaccount/order-online?locale=en-us&orderNumber=YSL-US-00012345',
    );
    expect(pageDataUrl(matchPage('/myaccount/order-offline'), '?orderNumber=750012026004512')).toBe(
      '/ssr/myaccount/order-offline?locale=en-us&orderNumber=750012026004512',
    );
  });

  it('keeps a return’s flow (a return or an exchange) beside its order, as a full load of the page does', () => {
    const uuid = '2f1c7f4e-8a57-4b0e-9d0c-5d6f3a1b9e20';
    expect(pageDataUrl(matchPage('/fr-fr/guest/return-exchange'), `?transactionUuid=${uuid}&flow=Exchange`)).toBe(
      `/ssr/guest/return-exchange?locale=fr-fr&transactionUuid=${uuid}&flow=Exchange`,
    );
    expect(pageDataUrl(matchPage('/myaccount/return-exchange'), '?flow=Return&orderNumber=YSL-US-00012345')).toBe(
      '/ssr/myaccount/return-exchange?locale=en-us&orderNumber=YSL-US-00012345&flow=Return',
    );
    // A flow the contract does not know is left out (a return), never the not-found page.
    expect(pageDataUrl(matchPage('/myaccount/return-exchange'), '?orderNumber=YSL-US-00012345&flow=Swap')).toBe(
      '/ssr/myaccount/return-exchange?locale=en-us&orderNumber=YSL-US-00012345',
    );
    expect(pageDataUrl(matchPage('/fr-fr/guest/return-exchange'), '?flow=Exchange')).toBe('/ssr/404?locale=fr-fr');
  });

  it('shows the not-found page when a required value is missing or malformed', () => {
    expect(pageDataUrl(matchPage('/checkout/confirmation'), '')).toBe('/ssr/404?locale=en-us');
    expect(pageDataUrl(matchPage('/checkout/confirmation'), '?orderNumber=bad!number')).toBe('/ssr/404?locale=en-us');
    expect(pageDataUrl(matchPage('/guest/order-online'), '?transactionUuid=123')).toBe('/ssr/404?locale=en-us');
    expect(pageDataUrl(matchPage('/myaccount/order-online'), '?orderNumber=ABC')).toBe('/ssr/404?locale=en-us');
  });
});
