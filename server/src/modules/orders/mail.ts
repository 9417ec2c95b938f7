import type { DB } from '../../db/database.ts';
import type { Schemas } from '../../shared/http.ts';
import { textsOf, type TextTable } from '../../shared/text-language.ts';
import { enqueueMail } from '../mail/index.ts';
import type { OrderRow } from './repository.ts';

type Order = Schemas['Order'];

/** Sentences of the order e-mails that depend on the order, in the e-mail's language. */
const DELIVERY: TextTable<{ address: string; store: string; between: string }> = {
  en: { address: 'Delivery to {name}, {city}', store: 'Collection at {store}', between: 'between {from} and {to}' },
  fr: { address: 'Livraison à {name}, {city}', store: 'Retrait à {store}', between: 'entre le {from} et le {to}' },
  de: { address: 'Lieferung an {name}, {city}', store: 'Abholung in {store}', between: 'zwischen {from} und {to}' },
  es: { address: 'Entrega a {name}, {city}', store: 'Recogida en {store}', between: 'entre el {from} y el {to}' },
  it: { address: 'Consegna a {name}, {city}', store: 'Ritiro presso {store}', between: 'tra il {from} e il {to}' },
  ja: { address: '{name} 様（{city}）へお届け', store: '{store} でお受け取り', between: '{from}〜{to}' },
  ko: { address: '{name} 님({city})께 배송', store: '{store}에서 픽업', between: '{from}~{to}' },
  pt: { address: 'Entrega para {name}, {city}', store: 'Retirada em {store}', between: 'entre {from} e {to}' },
  zh: { address: '配送至 {name}（{city}）', store: '于 {store} 自取', between: '{from} 至 {to}' },
  'zh-hant': { address: '配送至 {name}（{city}）', store: '於 {store} 自取', between: '{from} 至 {to}' },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** The confirmation and cancellation e-mails of orders, queued in the order's transaction. */
export function orderMails(publicOrigin: string) {
  const money = (amount: number, order: Order, locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: order.currencyCode }).format(amount);
  const date = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const prefix = (locale: string) => (locale === 'en-us' ? '' : `/${locale}`);
  /** Guests follow their transaction link; customers their account page. */
  const orderUrl = (row: OrderRow) =>
    row.customer_id
      ? `${publicOrigin}${prefix(row.locale)}/myaccount/order-online?orderNumber=${encodeURIComponent(row.order_number)}`
      : `${publicOrigin}${prefix(row.locale)}/guest/order-online?transactionUuid=${row.transaction_uuid}`;

  return {
    async paid(trx: DB, row: OrderRow, order: Order): Promise<void> {
      const locale = row.locale;
      const words = textsOf(DELIVERY, locale);
      const items = order.items.map((i) => `${i.quantity} × ${i.name}${i.size && i.size !== 'TU' ? ` (${i.size})` : ''} — ${money(i.lineTotal, order, locale)}`).join('\n');
      const where = order.deliveryMethod === 'ShipToAddress' && order.shippingAddress
        ? fill(words.address, { name: `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`, city: order.shippingAddress.city })
        : fill(words.store, { store: order.storeName ?? '' });
      const when = order.estimatedDelivery ? ` ${fill(words.between, { from: date(order.estimatedDelivery.from, locale), to: date(order.estimatedDelivery.to, locale) })}` : '';
      await enqueueMail(trx, {
        to: row.email,
        template: 'order-confirmation',
        locale,
        data: { reference: row.order_number, items, total: money(order.totals.total, order, locale), delivery: `${where}${when}.`, orderUrl: orderUrl(row), firstName: row.first_name },
      });
    },
    async cancelled(trx: DB, row: OrderRow, order: Order): Promise<void> {
      await enqueueMail(trx, {
        to: row.email,
        template: 'order-cancelled',
        locale: row.locale,
        data: { reference: row.order_number, total: money(order.totals.total, order, row.locale), orderUrl: orderUrl(row), firstName: row.first_name },
      });
    },
  };
}
