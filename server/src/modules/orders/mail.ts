import type { DB } from '../../db/database.ts';
import type { Schemas } from '../../shared/http.ts';
import { formatAddressLines } from '../../../../reference/markets/addresses.ts';
import { enqueueMail, type MailOrder } from '../mail/index.ts';
import * as repo from './repository.ts';
import type { OrderRow } from './repository.ts';
import { toOrderDto } from './view.ts';

type Order = Schemas['Order'];

/** The boutique names an order e-mail shows (the stores module's `data()`). */
export interface OrderMailStores {
  /** Read in `db`, the caller's transaction. */
  data(id: string, db: DB): Promise<{ name: string } | undefined | null>;
}

/** An absolute URL from a site-relative one. */
const absolute = (origin: string, url: string) => new URL(url, `${origin}/`).href;

/** The language tag of a market locale for Intl (`fr-fr` → fr, `zh-tw` → zh-Hant). */
function intlLanguage(locale: string): string {
  const [language = 'en', country = ''] = locale.toLowerCase().split(/[-_]/);
  if (language === 'zh') return ['tw', 'hk', 'mo', 'hant'].includes(country) ? 'zh-Hant' : 'zh-Hans';
  return language;
}

/** What the order e-mails show of an order: lines with their pictures and pages, delivery, payment, amounts. */
export function mailOrderOf(order: Order, locale: string, origin: string): MailOrder {
  const language = intlLanguage(locale);
  const address = order.deliveryMethod === 'ShipToAddress' && order.shippingAddress ? order.shippingAddress : null;
  const countryName = address
    ? (new Intl.DisplayNames([language], { type: 'region' }).of(address.country) ?? address.country)
    : undefined;
  const parcel = order.shipments.find((s) => s.trackingNumber) ?? order.shipments[0];
  return {
    currency: order.currencyCode,
    taxIncluded: order.taxIncluded ?? true,
    lines: order.items.map((i) => ({
      name: i.name,
      color: i.color,
      size: i.size,
      quantity: i.quantity,
      amount: i.lineTotal,
      imageUrl: absolute(origin, i.image.src),
      imageAlt: i.image.alt,
      url: i.url ? absolute(origin, i.url) : null,
    })),
    delivery: {
      method: order.deliveryMethod as MailOrder['delivery']['method'],
      kind: order.deliveryKind ?? null,
      address: address ? formatAddressLines(address, { countryName, language: language.split('-')[0] }) : null,
      store: order.storeName ?? null,
      estimate: order.estimatedDelivery ?? null,
      carrier: parcel?.carrier ?? null,
      trackingNumber: parcel?.trackingNumber ?? null,
      trackingUrl: parcel?.trackingUrl ?? null,
    },
    payment: order.payment ?? null,
    totals: order.totals,
  };
}

/** The e-mails of an order's life — confirmation, parcel shipped or ready in boutique, cancellation — queued in the order's transaction. */
export function orderMails(publicOrigin: string, stores?: OrderMailStores) {
  const prefix = (locale: string) => (locale === 'en-us' ? '' : `/${locale}`);
  /** Guests follow their transaction link; customers their account page. */
  const orderUrl = (row: OrderRow) =>
    row.customer_id
      ? `${publicOrigin}${prefix(row.locale)}/myaccount/order-online?orderNumber=${encodeURIComponent(row.order_number)}`
      : `${publicOrigin}${prefix(row.locale)}/guest/order-online?transactionUuid=${row.transaction_uuid}`;
  const data = (row: OrderRow, order: Order) => ({
    reference: row.order_number,
    order: mailOrderOf(order, row.locale, publicOrigin),
    orderUrl: orderUrl(row),
    firstName: row.first_name,
  });

  return {
    async paid(trx: DB, row: OrderRow, order: Order): Promise<void> {
      await enqueueMail(trx, {
        to: row.email,
        template: 'order-confirmation',
        locale: row.locale,
        data: data(row, order),
      });
    },
    async cancelled(trx: DB, row: OrderRow, order: Order): Promise<void> {
      await enqueueMail(trx, {
        to: row.email,
        template: 'order-cancelled',
        locale: row.locale,
        data: data(row, order),
      });
    },
    /** The order's parcel left (`shipped`) or its boutique holds it (`readyForPickup`): called by fulfilment in its transaction. */
    async dispatched(trx: DB, row: OrderRow, status: 'shipped' | 'readyForPickup'): Promise<void> {
      const bundle = await repo.bundle(trx, row);
      // In the fulfilment's transaction: a read outside it would wait for it forever on the embedded database.
      const storeName = row.store_id ? ((await stores?.data(row.store_id, trx))?.name ?? null) : null;
      const order = toOrderDto(bundle, { language: row.locale.split('-')[0] ?? 'en', now: new Date(), storeName });
      await enqueueMail(trx, {
        to: row.email,
        template: status === 'shipped' ? 'order-shipped' : 'order-ready',
        locale: row.locale,
        data: data(row, order),
      });
    },
  };
}
