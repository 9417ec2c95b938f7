// The return and exchange flow (spec §2): its six steps, what each asks, and the request they build. Pure
// functions over the page data (`ReturnExchangePageData`), so the rules are tested without a browser.
import type { Schemas } from '../../lib/api-client';
import { checkEmail, EMAIL_TYPO, REQUIRED } from '../../lib/forms/validation';

export type ReturnPageData = Schemas['ReturnExchangePageData'];
export type ReturnFlowType = Schemas['ReturnFlowType'];
export type ReturnFlowStep = Schemas['ReturnFlowStep'];
export type Handover = Schemas['ReturnHandover'];
export type OrderItem = Schemas['OrderItem'];

/** The steps of a flow, in order (spec §2); the same lists as the server's. */
export const STEPS: Record<ReturnFlowType, ReturnFlowStep[]> = {
  Return: ['orderDetails', 'productSelection', 'returnProduct', 'shipping', 'refund', 'confirmation'],
  Exchange: ['orderDetails', 'productSelection', 'exchangeProduct', 'shipping', 'refund', 'confirmation'],
};

/** How the client sends the items back: a courier pick-up, a carrier drop-off point, or a boutique. */
export type ShippingChoice = Handover | 'store';

export interface LineChoice {
  quantity: number;
  reasonId: Schemas['ReturnReasonId'] | '';
  exchangeSize: string;
}

export interface ReturnDraft {
  flowType: ReturnFlowType;
  /** The selected lines, by itemId. */
  lines: Record<string, LineChoice>;
  shipping: ShippingChoice | null;
  storeId: string | null;
}

export function initialDraft(data: Pick<ReturnPageData, 'flowType' | 'availableFlowTypes'>): ReturnDraft {
  const flowType = data.availableFlowTypes.includes(data.flowType)
    ? data.flowType
    : (data.availableFlowTypes[0] ?? data.flowType);
  return { flowType, lines: {}, shipping: null, storeId: null };
}

/** A line of the order with what it can take in the chosen flow. */
export interface SelectableLine {
  item: OrderItem;
  /** Units left to send back in this flow (0: not selectable). */
  max: number;
  exchangeSizes: Schemas['ReturnableLine']['exchangeSizes'];
  /** Why it cannot be chosen, when it cannot: a key of the `returns` namespace. */
  unavailable: string | null;
}

export function selectableLines(data: ReturnPageData, flow: ReturnFlowType): SelectableLine[] {
  return data.order.items.map((item) => {
    const line = data.lines.find((l) => l.itemId === item.itemId);
    const left = line?.returnableQuantity ?? 0;
    const sizes = line?.exchangeSizes ?? [];
    let unavailable: string | null = null;
    if (item.status === 'returnRequested' || (left === 0 && item.returnableFlows.length > 0))
      unavailable = 'selection.alreadyRequested';
    else if (!item.returnableFlows.includes(flow) || left === 0)
      unavailable = item.returnableFlows.length ? 'selection.notInFlow' : 'selection.notReturnable';
    else if (flow === 'Exchange' && sizes.length === 0) unavailable = 'selection.noOtherSize';
    return { item, max: unavailable ? 0 : left, exchangeSizes: sizes, unavailable };
  });
}

/** The draft keeps only what the flow allows: switching flows drops lines the new flow cannot take. */
export function withFlow(draft: ReturnDraft, data: ReturnPageData, flowType: ReturnFlowType): ReturnDraft {
  const allowed = new Set(
    selectableLines(data, flowType)
      .filter((l) => l.max > 0)
      .map((l) => l.item.itemId),
  );
  const lines = Object.fromEntries(
    Object.entries(draft.lines)
      .filter(([id]) => allowed.has(id))
      .map(([id, c]) => [id, { ...c, exchangeSize: flowType === 'Exchange' ? c.exchangeSize : '' }]),
  );
  return { ...draft, flowType, lines };
}

export type StepErrors = Record<string, string>;

/** What keeps a step from being done: field → key of the `returns` namespace; {} when it is complete. */
export function stepErrors(step: ReturnFlowStep, draft: ReturnDraft, data: ReturnPageData): StepErrors {
  const errors: StepErrors = {};
  const chosen = Object.entries(draft.lines);
  switch (step) {
    case 'orderDetails':
      if (!data.availableFlowTypes.includes(draft.flowType)) errors.flowType = 'errors.flowUnavailable';
      break;
    case 'productSelection':
      if (!chosen.length) errors.lines = 'errors.noLine';
      break;
    case 'returnProduct':
    case 'exchangeProduct':
      for (const [id, c] of chosen) {
        if (!c.reasonId) errors[`reason-${id}`] = 'errors.reason';
        if (step === 'exchangeProduct' && !c.exchangeSize) errors[`size-${id}`] = 'errors.size';
      }
      break;
    case 'shipping':
      if (!draft.shipping) errors.shipping = 'errors.shipping';
      else if (draft.shipping === 'store' && !draft.storeId) errors.storeId = 'errors.store';
      break;
    default:
      break;
  }
  return errors;
}

/** The first step that is not complete (the flow opens there after a refusal), or null. */
export function firstIncompleteStep(draft: ReturnDraft, data: ReturnPageData): ReturnFlowStep | null {
  return STEPS[draft.flowType].find((s) => Object.keys(stepErrors(s, draft, data)).length > 0) ?? null;
}

/** The request of POST /api/data/order/return-request: a guest names the transaction, a customer the order. */
export function requestBody(draft: ReturnDraft, data: ReturnPageData, guest: boolean): Schemas['ReturnRequestInput'] {
  const ref =
    guest && data.order.transactionUuid
      ? { transactionUuid: data.order.transactionUuid }
      : { orderNumber: data.order.orderNumber };
  const lines = Object.entries(draft.lines).map(([itemId, c]) => ({
    itemId,
    quantity: c.quantity,
    reasonId: c.reasonId as Schemas['ReturnReasonId'],
    ...(draft.flowType === 'Exchange' ? { exchangeSize: c.exchangeSize } : {}),
  }));
  const shipping =
    draft.shipping === 'store'
      ? { returnMethod: 'ShipToStore' as const, storeId: draft.storeId! }
      : { returnMethod: 'ShipToReturnCenter' as const, handover: draft.shipping ?? 'dropOff' };
  return { ...ref, flowType: draft.flowType, lines, ...shipping };
}

const round = (v: number) => Math.round(v * 100) / 100;

/**
 * The refund the client can expect (the server's rule): a return pays back the price paid for the units, with
 * the sales tax charged on top of it where prices exclude tax; an exchange costs and refunds nothing.
 */
export function refundPreview(
  draft: ReturnDraft,
  order: Schemas['Order'],
): { items: number; tax: number; total: number } {
  if (draft.flowType === 'Exchange') return { items: 0, tax: 0, total: 0 };
  const items = round(
    Object.entries(draft.lines).reduce(
      (sum, [id, c]) => sum + (order.items.find((i) => i.itemId === id)?.unitPrice ?? 0) * c.quantity,
      0,
    ),
  );
  const t = order.totals;
  const base = t.subtotal + t.shipping - t.discount;
  const tax = t.total - base > 0.005 && base > 0 ? round((items * t.tax) / base) : 0;
  return { items, tax, total: round(items + tax) };
}

/** The guest pages' paths (before the locale prefix). */
export const guestReturnPath = (transactionUuid: string) =>
  `/guest/return-exchange?transactionUuid=${encodeURIComponent(transactionUuid)}`;
export const thankYouPath = (order: { orderNumber: string; transactionUuid?: string }, guest: boolean) =>
  guest && order.transactionUuid
    ? `/myaccount/return-thank-you?transactionUuid=${encodeURIComponent(order.transactionUuid)}`
    : `/myaccount/return-thank-you?orderNumber=${encodeURIComponent(order.orderNumber)}`;

/** The guest form of `/return-order`: an order number (6–20 letters, digits, dashes) and an e-mail address. */
export interface LookupValues {
  orderNumber: string;
  email: string;
}
export type LookupErrors = Partial<Record<keyof LookupValues | 'form', string>>;

const ORDER_NUMBER = /^(?=.{6,20}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

export function validateLookup(values: LookupValues): LookupErrors {
  const errors: LookupErrors = {};
  const number = values.orderNumber.trim();
  if (!number) errors.orderNumber = 'lookup.errors.orderNumberRequired';
  else if (!ORDER_NUMBER.test(number)) errors.orderNumber = 'lookup.errors.orderNumberInvalid';
  // Spec §5's e-mail rule, the server's own: a likely typo is said as the server would say it.
  const emailProblem = checkEmail(values.email);
  if (emailProblem === REQUIRED) errors.email = 'lookup.errors.emailRequired';
  else if (emailProblem === EMAIL_TYPO) errors.email = emailProblem;
  else if (emailProblem) errors.email = 'lookup.errors.emailInvalid';
  return errors;
}

/** A refusal of the tracking call, said beside the field it is about. */
export function lookupErrorsOf(code: string | undefined): LookupErrors {
  switch (code) {
    case 'ERR_CO_API_1000':
      return { orderNumber: `errors:${code}` };
    case 'ERR_CO_API_1001':
    case 'ERR_FORM_1001':
    case 'ERR_FORM_1002':
      return { email: `errors:${code}` };
    default:
      return { form: `errors:${code ?? 'API_UNKNOWN_ERROR'}` };
  }
}
