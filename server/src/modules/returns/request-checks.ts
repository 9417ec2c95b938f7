// The checks of a new return or exchange request, past what the contract says: its shape, each line against
// the order (returnable now, units left, the exchange size in stock at no higher price), and the refund.
import { AppError, type Issue } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { returnableFlows, RETURN_WINDOW_DAYS, type OrderBundle, type OrderRow } from '../orders/index.ts';
import type { ReturnFlow } from './tables.ts';

type Input = Schemas['ReturnRequestInput'];

/** An amount rounded to the cent. */
export const money = (v: string | number) => Math.round(Number(v) * 100) / 100;

/** Rules the contract cannot say: exactly one order reference, each line once, fields that go with the flow and method. */
export function checkShape(input: Input): void {
  const issues: Issue[] = [];
  if ((input.orderNumber === undefined) === (input.transactionUuid === undefined))
    issues.push({
      path: 'body/orderNumber',
      message: 'give either orderNumber (signed in) or transactionUuid (guest)',
    });
  const seen = new Set<string>();
  input.lines.forEach((l, i) => {
    if (seen.has(l.itemId)) issues.push({ path: `body/lines/${i}/itemId`, message: 'each line at most once' });
    seen.add(l.itemId);
    if (input.flowType === 'Exchange' && l.exchangeSize === undefined)
      issues.push({ path: `body/lines/${i}/exchangeSize`, message: 'an exchange needs the replacement size' });
    if (input.flowType === 'Return' && l.exchangeSize !== undefined)
      issues.push({ path: `body/lines/${i}/exchangeSize`, message: 'a return takes no replacement size' });
  });
  if (input.returnMethod === 'ShipToReturnCenter' && input.handover === undefined)
    issues.push({ path: 'body/handover', message: 'a parcel to the return center needs pickUp or dropOff' });
  if (input.returnMethod === 'ShipToReturnCenter' && input.storeId !== undefined)
    issues.push({ path: 'body/storeId', message: 'only for ShipToStore' });
  if (input.returnMethod === 'ShipToStore' && input.storeId === undefined)
    issues.push({ path: 'body/storeId', message: 'a return to a boutique needs storeId' });
  if (input.returnMethod === 'ShipToStore' && input.handover !== undefined)
    issues.push({ path: 'body/handover', message: 'only for ShipToReturnCenter' });
  if (issues.length)
    throw new AppError('ERR_API_1018', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
}

export interface CheckedLine {
  item: OrderBundle['items'][number];
  quantity: number;
  reasonId: string;
  amount: number;
  replacement: { sku: string; size: string } | null;
}

export function checkLine(
  bundle: OrderBundle,
  line: Schemas['ReturnRequestLineInput'],
  flow: ReturnFlow,
  requested: Map<string, number>,
  now: Date,
  sizes: { pid: string; sku: string; size: string; stock: number }[],
  prices: Map<string, number>,
): CheckedLine {
  const orderNumber = bundle.order.order_number;
  const item = bundle.items.find((i) => String(i.line_no) === line.itemId);
  if (!item) throw new AppError('ERR_API_1025', `Order ${orderNumber} has no line ${line.itemId}.`);
  if (!returnableFlows(bundle, item, now).includes(flow)) {
    throw new AppError(
      'ERR_API_1025',
      `Line ${line.itemId} of ${orderNumber} cannot take a ${flow.toLowerCase()} now (${item.status}; only delivered lines within ${RETURN_WINDOW_DAYS} days of delivery, not an employee sale).`,
    );
  }
  const left = item.quantity - (requested.get(item.id) ?? 0);
  if (line.quantity > left)
    throw new AppError(
      'ERR_API_1025',
      `Line ${line.itemId} of ${orderNumber} has ${left} unit(s) left to send back, not ${line.quantity}.`,
    );
  const unitPaid = Number(item.unit_price);
  if (flow === 'Return')
    return {
      item,
      quantity: line.quantity,
      reasonId: line.reasonId,
      amount: money(unitPaid * line.quantity),
      replacement: null,
    };
  const size = line.exchangeSize!.trim();
  const target = sizes.find((s) => s.pid === item.pid && s.size.toLowerCase() === size.toLowerCase());
  if (!target || target.size === item.size) {
    throw new AppError(
      'ERR_API_1025',
      target
        ? `Line ${line.itemId} is already size ${item.size}: choose another size.`
        : `${item.pid} has no size ${size}.`,
    );
  }
  const price = prices.get(item.pid);
  if (price === undefined)
    throw new AppError('ERR_API_1025', `${item.pid} is no longer sold in ${bundle.order.currency}.`);
  if (price > unitPaid + 0.005) {
    throw new AppError(
      'ERR_API_1026',
      `Size ${target.size} of ${item.pid} costs ${price.toFixed(2)} ${bundle.order.currency} today; line ${line.itemId} paid ${unitPaid.toFixed(2)} ${bundle.order.currency}.`,
    );
  }
  return {
    item,
    quantity: line.quantity,
    reasonId: line.reasonId,
    amount: 0,
    replacement: { sku: target.sku, size: target.size },
  };
}

/**
 * The refund of a return: the price paid for the units, plus the sales tax charged on top of it where prices
 * exclude tax (US, CA: the order's total is above subtotal + shipping). Exchanges refund nothing.
 */
export function refundOf(
  order: OrderRow,
  flow: ReturnFlow,
  lines: CheckedLine[],
): { items: number; tax: number; total: number } {
  if (flow === 'Exchange') return { items: 0, tax: 0, total: 0 };
  const items = money(lines.reduce((sum, l) => sum + l.amount, 0));
  const base = Number(order.subtotal) + Number(order.shipping) - Number(order.discount);
  const taxOnTop = Number(order.total) - base > 0.005 && base > 0;
  const tax = taxOnTop ? money((items * Number(order.tax)) / base) : 0;
  return { items, tax, total: money(items + tax) };
}
