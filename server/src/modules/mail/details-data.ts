import type { MailLine, MailOrder, MailReturn } from './outbox.ts';
import { MailRenderError, oneLine, safeUrl } from './render-values.ts';

// Order and return details: the data comes from the outbox (JSON), so every field is checked here.

const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
const textOf = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? oneLine(v) : undefined);
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function need<V>(value: V | undefined | null | false, template: string, field: string): V {
  if (value === undefined || value === null || value === false)
    throw new MailRenderError(`${template} needs ${field}.`);
  return value;
}
function amountOf(v: unknown, template: string, field: string): number {
  return need(typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined, template, `${field} (an amount)`);
}

/** A line checked and reduced to what is shown. */
export interface Line {
  name: string;
  color?: string;
  size: string;
  newSize?: string;
  quantity: number;
  amount: number;
  imageUrl: string;
  imageAlt: string;
  url?: string;
}
export interface OrderDetails {
  kind: 'order';
  currency: string;
  taxIncluded: boolean;
  lines: Line[];
  delivery: {
    method: MailOrder['delivery']['method'];
    kind?: NonNullable<MailOrder['delivery']['kind']>;
    address: string[];
    store?: string;
    estimate?: { from: string; to: string };
    carrier?: string;
    trackingNumber?: string;
    trackingUrl?: string;
  };
  payment?: { method: 'card' | 'expressPay'; cardBrand?: string; cardLast4?: string };
  totals: MailOrder['totals'];
}
export interface ReturnDetails {
  kind: 'return';
  currency: string;
  flow: MailReturn['flow'];
  lines: Line[];
  refund: MailReturn['refund'];
  payment?: OrderDetails['payment'];
}

function checkLines(template: string, raw: unknown, field: string): Line[] {
  const list = need(Array.isArray(raw) && raw.length > 0 ? (raw as unknown[]) : undefined, template, `${field}.lines`);
  return list.map((item, i) => {
    const at = `${field}.lines[${i}]`;
    const l = need(isRecord(item) ? (item as Partial<Record<keyof MailLine, unknown>>) : undefined, template, at);
    const quantity = need(
      typeof l.quantity === 'number' && Number.isInteger(l.quantity) && l.quantity > 0 ? l.quantity : undefined,
      template,
      `${at}.quantity`,
    );
    const line: Line = {
      name: need(textOf(l.name), template, `${at}.name`),
      size: textOf(l.size) ?? 'TU',
      quantity,
      amount: amountOf(l.amount, template, `${at}.amount`),
      imageUrl: safeUrl(need(textOf(l.imageUrl), template, `${at}.imageUrl`), `${at}.imageUrl`),
      imageAlt: textOf(l.imageAlt) ?? textOf(l.name)!,
    };
    const color = textOf(l.color);
    const newSize = textOf(l.newSize);
    const url = textOf(l.url);
    if (color !== undefined) line.color = color;
    if (newSize !== undefined) line.newSize = newSize;
    if (url !== undefined) line.url = safeUrl(url, `${at}.url`);
    return line;
  });
}

function checkCurrency(template: string, raw: unknown, field: string): string {
  return need(typeof raw === 'string' && /^[A-Z]{3}$/.test(raw) ? raw : undefined, template, `${field}.currency`);
}

function checkPayment(raw: unknown): OrderDetails['payment'] {
  if (!isRecord(raw) || (raw.method !== 'card' && raw.method !== 'expressPay')) return undefined;
  const payment: NonNullable<OrderDetails['payment']> = { method: raw.method };
  const brand = textOf(raw.cardBrand);
  if (brand !== undefined) payment.cardBrand = brand;
  if (typeof raw.cardLast4 === 'string' && /^\d{4}$/.test(raw.cardLast4)) payment.cardLast4 = raw.cardLast4;
  return payment;
}

const METHODS = ['ShipToAddress', 'ShipToStore', 'PickUpAtStore'] as const;
const KINDS = ['pickup in store', 'express delivery', 'standard delivery', 'next day'] as const;

export function checkOrder(template: string, raw: unknown): OrderDetails {
  const o = need(isRecord(raw) ? raw : undefined, template, 'order');
  const d = need(isRecord(o.delivery) ? o.delivery : undefined, template, 'order.delivery');
  const t = need(isRecord(o.totals) ? o.totals : undefined, template, 'order.totals');
  const method = need(
    (METHODS as readonly unknown[]).includes(d.method) ? (d.method as OrderDetails['delivery']['method']) : undefined,
    template,
    'order.delivery.method',
  );
  const delivery: OrderDetails['delivery'] = {
    method,
    address: Array.isArray(d.address) ? d.address.map(textOf).filter((x): x is string => x !== undefined) : [],
  };
  if ((KINDS as readonly unknown[]).includes(d.kind)) delivery.kind = d.kind as (typeof KINDS)[number];
  const store = textOf(d.store);
  if (store !== undefined) delivery.store = store;
  if (method === 'ShipToAddress') need(delivery.address.length > 0 || undefined, template, 'order.delivery.address');
  else need(store, template, 'order.delivery.store');
  if (
    isRecord(d.estimate) &&
    typeof d.estimate.from === 'string' &&
    typeof d.estimate.to === 'string' &&
    CALENDAR_DAY.test(d.estimate.from) &&
    CALENDAR_DAY.test(d.estimate.to)
  ) {
    delivery.estimate = { from: d.estimate.from, to: d.estimate.to };
  }
  const carrier = textOf(d.carrier);
  const trackingNumber = textOf(d.trackingNumber);
  const trackingUrl = textOf(d.trackingUrl);
  if (carrier !== undefined) delivery.carrier = carrier;
  if (trackingNumber !== undefined) delivery.trackingNumber = trackingNumber;
  if (trackingUrl !== undefined) delivery.trackingUrl = safeUrl(trackingUrl, 'order.delivery.trackingUrl');
  const details: OrderDetails = {
    kind: 'order',
    currency: checkCurrency(template, o.currency, 'order'),
    taxIncluded: o.taxIncluded !== false,
    lines: checkLines(template, o.lines, 'order'),
    delivery,
    totals: {
      subtotal: amountOf(t.subtotal, template, 'order.totals.subtotal'),
      shipping: amountOf(t.shipping, template, 'order.totals.shipping'),
      tax: amountOf(t.tax, template, 'order.totals.tax'),
      discount: t.discount === undefined ? 0 : amountOf(t.discount, template, 'order.totals.discount'),
      total: amountOf(t.total, template, 'order.totals.total'),
    },
  };
  const payment = checkPayment(o.payment);
  if (payment) details.payment = payment;
  return details;
}

export function checkReturn(template: string, raw: unknown): ReturnDetails {
  const r = need(isRecord(raw) ? raw : undefined, template, 'request');
  const f = need(isRecord(r.refund) ? r.refund : undefined, template, 'request.refund');
  const details: ReturnDetails = {
    kind: 'return',
    currency: checkCurrency(template, r.currency, 'request'),
    flow: r.flow === 'Exchange' ? 'Exchange' : 'Return',
    lines: checkLines(template, r.lines, 'request'),
    refund: {
      items: amountOf(f.items, template, 'request.refund.items'),
      tax: amountOf(f.tax, template, 'request.refund.tax'),
      shipping: f.shipping === undefined ? 0 : amountOf(f.shipping, template, 'request.refund.shipping'),
      total: amountOf(f.total, template, 'request.refund.total'),
    },
  };
  const payment = checkPayment(r.payment);
  if (payment) details.payment = payment;
  return details;
}
