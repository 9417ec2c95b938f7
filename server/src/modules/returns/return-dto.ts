// The answer of a return request: its lines with the order's products, the boutique, the refund, the steps and
// the instructions in the market's language.
import type { Schemas } from '../../shared/http.ts';
import { productImage } from '../catalog/index.ts';
import type { Market } from '../markets/index.ts';
import type { OrderBundle, OrderRow } from '../orders/index.ts';
import type { ReturnLineRow, ReturnRow } from './repository.ts';
import { instructionsOf } from './texts.ts';
import { lapsedInstructions } from './lapse-texts.ts';
import { money } from './request-checks.ts';

type ReturnRequest = Schemas['ReturnRequest'];

const isoDate = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

export function toReturnRequestDto(
  order: OrderRow,
  bundle: OrderBundle,
  r: ReturnRow,
  lines: ReturnLineRow[],
  store: Schemas['Store'] | null,
  market: Market,
): ReturnRequest {
  const byId = new Map(bundle.items.map((i) => [i.id, i]));
  const returnBy = isoDate(r.return_by);
  const refundTotal = money(r.refund_total);
  return {
    returnNumber: r.return_number,
    orderNumber: order.order_number,
    flowType: r.flow_type,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    returnBy,
    lines: lines.map((l) => {
      const item = byId.get(l.order_item_id)!;
      return {
        itemId: String(l.line_no),
        pid: item.pid,
        name: item.name,
        color: item.color,
        size: item.size,
        quantity: l.quantity,
        reasonId: l.reason_id as Schemas['ReturnReasonId'],
        exchangeSize: l.replacement_size,
        unitPrice: money(l.unit_price),
        amount: money(l.amount),
        image: productImage(item.pid, 1, `${item.name}${item.color ? ` — ${item.color}` : ''}`),
      };
    }),
    returnMethod: r.return_method,
    handover: r.handover,
    store: store
      ? {
          id: store.id,
          name: store.name,
          addressLines: store.address.formatted ?? [],
          city: store.address.city,
          url: store.url,
        }
      : null,
    refund: {
      currencyCode: r.currency as Schemas['CurrencyCode'],
      itemsAmount: money(r.items_amount),
      taxAmount: money(r.tax_amount),
      shippingAmount: money(r.shipping_amount),
      total: refundTotal,
      method: (order.payment_method as Schemas['PaymentMethod'] | null) ?? null,
      cardBrand: order.card_brand,
      cardLast4: order.card_last4,
    },
    returnLabelUrl: null,
    instructions:
      r.cancel_reason === 'lapsed' && r.cancelled_at
        ? lapsedInstructions(market.locale, {
            flowType: r.flow_type,
            returnNumber: r.return_number,
            returnBy,
            cancelledAt: new Date(r.cancelled_at).toISOString(),
          })
        : instructionsOf(market.locale, {
            flowType: r.flow_type,
            returnNumber: r.return_number,
            returnBy,
            handover: r.handover,
            storeName: store?.name ?? null,
            refundTotal,
            currency: r.currency,
          }),
  };
}
