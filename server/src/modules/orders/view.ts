import type { Schemas } from '../../shared/http.ts';
import { productImage, productUrl } from '../catalog/index.ts';
import { pricesIncludeTax } from '../markets/index.ts';
import type { OrderBundle, OrderItemRow, OrderRow } from './repository.ts';
import type { OrderStatus } from './tables.ts';

type Order = Schemas['Order'];

/** Days after delivery (or an in-boutique purchase) during which items can be returned or exchanged. */
export const RETURN_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** Online orders can be cancelled until they leave the warehouse (or the boutique prepares them). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['paid', 'processing'];

const money = (v: string | number) => Math.round(Number(v) * 100) / 100;
const isoDate = (v: string | Date | null) =>
  v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);
const isoTime = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function isCancellable(order: Pick<OrderRow, 'channel' | 'status' | 'payment_status'>): boolean {
  return (
    order.channel === 'online' && CANCELLABLE_STATUSES.includes(order.status) && order.payment_status === 'authorised'
  );
}

/** When the return window of an order opened: its delivery (online) or the purchase (in boutique). */
function handedOverAt(bundle: OrderBundle): number | null {
  if (bundle.order.channel === 'offline') return new Date(bundle.order.placed_at).getTime();
  const delivered = bundle.shipments
    .map((s) => (s.delivered_at ? new Date(s.delivered_at).getTime() : null))
    .filter((t): t is number => t !== null);
  return delivered.length ? Math.max(...delivered) : null;
}

/** The after-sale flows open for a line now: delivered or completed, within the return window. */
export function returnableFlows(bundle: OrderBundle, item: OrderItemRow, now: Date): Schemas['ReturnFlowType'][] {
  if (!['delivered', 'completed'].includes(item.status)) return [];
  if (bundle.order.is_employee_sale) return [];
  const since = handedOverAt(bundle);
  if (since === null || now.getTime() - since > RETURN_WINDOW_DAYS * DAY_MS) return [];
  return ['Return', 'Exchange'];
}

export function toOrderDto(
  bundle: OrderBundle,
  options: { language: string; now: Date; storeName?: string | null; includeTransaction?: boolean },
): Order {
  const { order } = bundle;
  const items = bundle.items.map((item) => ({
    itemId: String(item.line_no),
    pid: item.pid,
    name: item.name,
    color: item.color,
    size: item.size,
    quantity: item.quantity,
    unitPrice: money(item.unit_price),
    lineTotal: money(item.line_total),
    status: item.status,
    image: productImage(item.pid, 1, `${item.name}${item.color ? ` — ${item.color}` : ''}`),
    url: productUrl(slugOf(item.name), item.pid, { language: options.language, name: item.name }),
    returnableFlows: returnableFlows(bundle, item, options.now),
  }));
  const byLine = new Map(bundle.items.map((i) => [i.line_no, String(i.line_no)]));
  return {
    orderNumber: order.order_number,
    ...(options.includeTransaction ? { transactionUuid: order.transaction_uuid } : {}),
    channel: order.channel,
    status: order.status,
    placedAt: new Date(order.placed_at).toISOString(),
    currencyCode: order.currency as Order['currencyCode'],
    deliveryMethod: order.delivery_method,
    deliveryKind: (order.delivery_kind as Schemas['DeliveryKind'] | null) ?? null,
    storeId: order.store_id,
    storeName: options.storeName ?? null,
    shippingAddress:
      order.delivery_method === 'ShipToAddress' ? (order.shipping_address as Schemas['Address'] | null) : null,
    items,
    totals: {
      subtotal: money(order.subtotal),
      shipping: money(order.shipping),
      tax: money(order.tax),
      discount: money(order.discount),
      total: money(order.total),
    },
    cancellable: isCancellable(order),
    shipments: bundle.shipments.map((s) => ({
      shipmentId: `${order.order_number}-${s.shipment_no}`,
      deliveryMethod: s.delivery_method as Schemas['DeliveryMethod'],
      status: s.status,
      carrier: s.carrier,
      trackingNumber: s.tracking_number,
      trackingUrl: s.tracking_number
        ? `https://tracking.example.com/${encodeURIComponent(s.carrier ?? 'carrier')}/${encodeURIComponent(s.tracking_number)}`
        : null,
      estimatedDeliveryDate: isoDate(s.estimated_delivery_date),
      shippedAt: isoTime(s.shipped_at),
      deliveredAt: isoTime(s.delivered_at),
      itemIds: s.item_line_nos.map((n) => byLine.get(n) ?? String(n)),
      pickupStoreId: s.pickup_store_id,
    })),
    cancelledAt: isoTime(order.cancelled_at),
    payment: order.payment_method
      ? {
          method: order.payment_method as Schemas['PaymentMethod'],
          cardBrand: order.card_brand,
          cardLast4: order.card_last4,
        }
      : null,
    gift: (order.gift as Schemas['GiftOptions'] | null) ?? null,
    email: order.email,
    taxIncluded: pricesIncludeTax(order.country),
    estimatedDelivery:
      order.estimated_from && order.estimated_to
        ? { from: isoDate(order.estimated_from)!, to: isoDate(order.estimated_to)! }
        : null,
  };
}

/** Product URLs are canonicalised by the product page (301 to the current name), so a name-derived slug is enough. */
function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'product'
  );
}
