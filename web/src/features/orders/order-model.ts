// The orders' rules, without React: the status timeline of an order (placed → paid → processing → shipped →
// delivered, or collected in a boutique), the checks of the tracking form, the cancellation reasons and the
// links between the order pages.
import type { Schemas } from '../../lib/api-client';
import { checkEmail, REQUIRED } from '../../lib/forms/validation';

export type Order = Schemas['Order'];
export type OrderStatus = Schemas['OrderStatus'];
export type CancelReason = Schemas['OrderCancelReason'];

export const CANCEL_REASONS: readonly CancelReason[] = [
  'changedMind',
  'orderedByMistake',
  'deliveryTooLate',
  'foundElsewhere',
  'paymentIssue',
  'other',
];
export const CANCEL_COMMENT_MAX = 500;

export type StepState = 'done' | 'current' | 'upcoming';
export interface TimelineStep {
  status: OrderStatus;
  state: StepState;
  /** When the step happened, when known (an instant or a calendar day). */
  at?: string | null | undefined;
}

const collected = (order: Pick<Order, 'deliveryMethod'>) =>
  order.deliveryMethod === 'ShipToStore' || order.deliveryMethod === 'PickUpAtStore';

/** The path of an online order, from placed to delivered (collected, for a boutique). */
export function timelinePath(order: Pick<Order, 'deliveryMethod'>): OrderStatus[] {
  return collected(order)
    ? ['placed', 'paid', 'processing', 'readyForPickup', 'delivered']
    : ['placed', 'paid', 'processing', 'shipped', 'delivered'];
}

const AFTER_DELIVERY: readonly OrderStatus[] = ['returnRequested', 'returned', 'exchanged'];

/**
 * The steps of the order's timeline with their state. A cancelled order shows the steps it went through,
 * then "cancelled"; after delivery, a return or exchange is a last step. An in-boutique purchase has one step.
 */
export function timelineOf(
  order: Pick<Order, 'status' | 'deliveryMethod' | 'placedAt' | 'shipments' | 'cancelledAt' | 'channel'>,
): TimelineStep[] {
  if (order.channel === 'offline')
    return [{ status: 'completed', state: order.status === 'completed' ? 'current' : 'done', at: order.placedAt }];
  const path = timelinePath(order);
  const shippedAt = order.shipments.map((s) => s.shippedAt).find(Boolean);
  const deliveredAt = order.shipments.map((s) => s.deliveredAt).find(Boolean);
  const dateOf = (status: OrderStatus) =>
    status === 'placed'
      ? order.placedAt
      : status === 'shipped'
        ? shippedAt
        : status === 'delivered'
          ? deliveredAt
          : undefined;

  if (order.status === 'cancelled') {
    // How far it went is not kept: a cancellation happens before shipping, so at most "processing".
    const reached = order.shipments.length > 0 ? 2 : 0;
    return [
      ...path.slice(0, reached + 1).map((status) => ({ status, state: 'done' as const, at: dateOf(status) })),
      { status: 'cancelled', state: 'current', at: order.cancelledAt },
    ];
  }
  if (AFTER_DELIVERY.includes(order.status)) {
    return [
      ...path.map((status) => ({ status, state: 'done' as const, at: dateOf(status) })),
      { status: order.status, state: 'current' },
    ];
  }
  const index = path.indexOf(order.status);
  return path.map((status, i) => ({
    status,
    state: i < index ? 'done' : i === index ? 'current' : 'upcoming',
    at: i <= index ? dateOf(status) : undefined,
  }));
}

/** Statuses shown as finished, in the lists (quiet), against those still moving (marked). */
export const isSettled = (status: OrderStatus) =>
  ['delivered', 'completed', 'cancelled', 'returned', 'exchanged'].includes(status);

// ---- tracking ---------------------------------------------------------------------------------------

export type Message = `errors:${string}` | `account:${string}` | `orders:${string}`;

const ORDER_NUMBER = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** Letters, digits and dashes, 6 to 20 (the contract's OrderNumber); spaces typed around are dropped. */
export function checkOrderNumber(value: string): Message | null {
  const number = value.trim();
  if (!number) return 'errors:ERR_CO_API_1000';
  return number.length >= 6 && number.length <= 20 && ORDER_NUMBER.test(number) ? null : 'orders:track.numberInvalid';
}

export interface TrackValues {
  orderNumber: string;
  email: string;
}
export type TrackErrors = Partial<Record<keyof TrackValues | 'form', Message>>;

export function validateTrack(values: TrackValues): TrackErrors {
  const errors: TrackErrors = {};
  const number = checkOrderNumber(values.orderNumber);
  if (number) errors.orderNumber = number;
  const email = values.email.trim() ? checkEmail(values.email) : 'errors:ERR_CO_API_1001';
  if (email) errors.email = email === REQUIRED ? 'errors:ERR_CO_API_1001' : email;
  return errors;
}

/** Where the server's refusal of a tracking request is shown: beside the order number, the e-mail, or above. */
export function trackErrorsOf(code: string, paths: readonly string[] = []): TrackErrors {
  const key: Message = `errors:${code}`;
  switch (code) {
    case 'ERR_CO_API_1000':
      return { orderNumber: key };
    case 'ERR_CO_API_1001':
    case 'ERR_FORM_1002':
    case 'ERR_FORM_1001':
      return { email: key };
    case 'ERR_API_1018':
      if (paths.some((p) => p.endsWith('/email'))) return { email: 'errors:ERR_FORM_1001' };
      if (paths.some((p) => p.endsWith('/orderNumber'))) return { orderNumber: 'orders:track.numberInvalid' };
      return { form: key };
    default:
      return { form: key };
  }
}

// ---- links ------------------------------------------------------------------------------------------

export const onlineOrderPath = (orderNumber: string) =>
  `/myaccount/order-online?orderNumber=${encodeURIComponent(orderNumber)}`;
export const offlineOrderPath = (orderNumber: string) =>
  `/myaccount/order-offline?orderNumber=${encodeURIComponent(orderNumber)}`;
export const guestOrderPath = (transactionUuid: string) =>
  `/guest/order-online?transactionUuid=${encodeURIComponent(transactionUuid)}`;
export const orderPath = (order: Pick<Order, 'channel' | 'orderNumber'>) =>
  order.channel === 'offline' ? offlineOrderPath(order.orderNumber) : onlineOrderPath(order.orderNumber);

/** The number of pieces of an order. */
export const pieceCount = (order: Pick<Order, 'items'>) => order.items.reduce((n, i) => n + i.quantity, 0);
