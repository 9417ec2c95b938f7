// The checkout's rules, without React: the four steps and which one is open, the checks of each step
// (contact, delivery, card; the card number as typed is `card-model.ts`'s), the totals of the
// delivery option chosen, the request sent, the placement with its Idempotency-Key (ERR_CHK_1003 waits and
// asks again with the same key), and which step shows a refusal.
import type { Schemas } from '../../lib/api-client';
import { cardPayload, type CardValues } from './card-model';
import { checkEmail, checkName, normalizeEmail, REQUIRED, TOO_LONG } from '../../lib/forms/validation';

export type CheckoutOptions = Schemas['CheckoutOptions'];
export type DeliveryOption = Schemas['DeliveryOption'];
export type PickupStore = Schemas['PickupStore'];
export type Address = Schemas['Address'];
export type PlaceOrderRequest = Schemas['PlaceOrderRequest'];
export type Civility = Schemas['Civility'];

/** Translation keys, with their namespace, of the messages shown beside the fields. */
export type Message = `errors:${string}` | `account:${string}` | `checkout:${string}`;

// ---- steps ------------------------------------------------------------------------------------------

export const STEPS = ['contact', 'delivery', 'payment', 'review'] as const;
export type StepId = (typeof STEPS)[number];

export interface StepState {
  /** The step whose form is open. */
  open: StepId;
  /** The steps completed (and still valid), shown as a summary with "Edit". */
  done: StepId[];
}

export const initialSteps = (): StepState => ({ open: 'contact', done: [] });

/** The first step not completed yet (review once every other step is). */
export function nextOpenStep(done: readonly StepId[]): StepId {
  return STEPS.find((s) => s !== 'review' && !done.includes(s)) ?? 'review';
}

/** The step is completed: it closes to its summary and the next step not completed opens. */
export function completeStep(state: StepState, step: StepId): StepState {
  const done = STEPS.filter((s) => s === step || state.done.includes(s));
  return { open: nextOpenStep(done), done };
}

/** A completed step (or the one open) opens again to be edited; the others keep their state. */
export function editStep(state: StepState, step: StepId): StepState {
  if (!canEdit(state, step)) return state;
  return { open: step, done: state.done.filter((s) => s !== step) };
}

export function canEdit(state: StepState, step: StepId): boolean {
  return state.done.includes(step) || state.open === step;
}

/** A step must be done again (a refusal of the server names it): it opens, no longer completed. */
export function reopenStep(state: StepState, step: StepId): StepState {
  return { open: step, done: state.done.filter((s) => s !== step && s !== 'review') };
}

export type StepStatus = 'open' | 'done' | 'pending';
export function stepStatus(state: StepState, step: StepId): StepStatus {
  if (state.open === step) return 'open';
  return state.done.includes(step) ? 'done' : 'pending';
}

// ---- contact ----------------------------------------------------------------------------------------

export interface ContactValues {
  email: string;
  civility: Civility | '';
  firstName: string;
  lastName: string;
  phone: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, Message>>;

export function contactValuesOf(contact: Schemas['CheckoutContact'] | undefined): ContactValues {
  const civility = contact?.civility;
  return {
    email: contact?.email ?? '',
    civility: civility === 'MR' || civility === 'MRS' || civility === 'MS' || civility === 'MX' ? civility : '',
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    phone: contact?.phone ?? '',
  };
}

/** The contract's phone pattern (PlaceOrderRequest.phone): digits with `+ ( ) . -` and spaces, 6 to 24. */
const PHONE = /^\+?[0-9 ().-]{6,24}$/;

/** A phone for the carrier or the boutique: at least 6 digits, the characters the contract allows. */
export function checkCheckoutPhone(value: string): Message | null {
  const phone = value.trim();
  if (!phone) return REQUIRED;
  if (!PHONE.test(phone) || phone.replace(/\D/g, '').length < 6) return 'checkout:validation.phone';
  return null;
}

export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const put = (field: keyof ContactValues, message: Message | null) => {
    if (message) errors[field] = message;
  };
  put('email', checkEmail(values.email));
  put('firstName', checkName(values.firstName));
  put('lastName', checkName(values.lastName));
  put('phone', checkCheckoutPhone(values.phone));
  return errors;
}

// ---- delivery ---------------------------------------------------------------------------------------

export const GIFT_MESSAGE_MAX = 250;

export const isStoreDelivery = (option: DeliveryOption | undefined) =>
  option?.deliveryMethod === 'ShipToStore' || option?.deliveryMethod === 'PickUpAtStore';

/** Whether a boutique can be chosen for an option: taking the order from its stock needs every item there. */
export function storeSelectable(option: DeliveryOption | undefined, store: PickupStore): boolean {
  return option?.deliveryMethod !== 'PickUpAtStore' || store.pickUpAtStore;
}

export function checkGiftMessage(message: string): Message | null {
  return [...message].length > GIFT_MESSAGE_MAX ? TOO_LONG : null;
}

// ---- card: card-model.ts

export {
  cardBrand,
  cardDigits,
  luhnValid,
  formatCardNumber,
  cardNumberHint,
  formatExpiry,
  parseExpiry,
  emptyCard,
  validateCard,
  TEST_WALLET_TOKEN,
  type CardValues,
  type CardErrors,
} from './card-model';

// ---- totals -----------------------------------------------------------------------------------------

export type Totals = Schemas['OrderTotals'];

/** The totals with the delivery option chosen: each option carries its own (the server's, to the cent). */
export function totalsFor(options: Pick<CheckoutOptions, 'total'>, option: DeliveryOption | undefined): Totals {
  return option?.total ?? options.total;
}

// ---- the request --------------------------------------------------------------------------------------

export interface DeliveryChoice {
  optionId: string;
  /** A saved address of the signed-in customer (ShipToAddress). */
  addressId?: string | undefined;
  /** A new address (ShipToAddress), already checked. */
  address?: Address | undefined;
  storeId?: string | undefined;
  /** The billing address when collecting in a boutique. */
  billingAddress?: Address | undefined;
  gift: { wrap: boolean; message: string };
}

export type PaymentChoice = { method: 'card'; card: CardValues } | { method: 'expressPay'; walletToken: string };

export function placeOrderRequest(
  contact: ContactValues,
  delivery: DeliveryChoice,
  payment: PaymentChoice,
  expectedTotal: number,
  acceptTerms: boolean,
): PlaceOrderRequest {
  const body: PlaceOrderRequest = {
    email: normalizeEmail(contact.email),
    firstName: contact.firstName.trim(),
    lastName: contact.lastName.trim(),
    delivery: { optionId: delivery.optionId },
    payment:
      payment.method === 'card'
        ? { method: 'card', card: cardPayload(payment.card) }
        : { method: 'expressPay', walletToken: payment.walletToken },
    expectedTotal,
    acceptTerms,
  };
  if (contact.civility) body.civility = contact.civility;
  if (contact.phone.trim()) body.phone = contact.phone.trim();
  if (delivery.storeId) body.delivery.storeId = delivery.storeId;
  else if (delivery.addressId) body.delivery.addressId = delivery.addressId;
  else if (delivery.address) body.delivery.address = delivery.address;
  if (delivery.storeId && delivery.billingAddress) body.billingAddress = delivery.billingAddress;
  const message = delivery.gift.message.trim();
  if (delivery.gift.wrap || message) body.gift = { wrap: delivery.gift.wrap, ...(message ? { message } : {}) };
  return body;
}

// ---- placement ----------------------------------------------------------------------------------------

/** One answer of POST /api/checkout/place-order, as the page needs it. */
export type PlacementAnswer =
  | { kind: 'placed'; order: Schemas['Order'] }
  | { kind: 'authenticate'; challenge: Schemas['PaymentAuthentication'] }
  | {
      kind: 'refused';
      status: number;
      code: string;
      problem?: Schemas['Problem'] | undefined;
      retryAfterSeconds?: number | undefined;
    };

export interface PlacementOptions {
  /** Waits between asks (tests pass a fake clock). */
  sleep?: (ms: number) => Promise<void>;
  /** How many times an order "being placed" (ERR_CHK_1003) is asked about again. */
  maxInProgressRetries?: number;
  /** How many times a lost answer (network) is asked again with the same key. */
  maxNetworkRetries?: number;
  /** Told before each pause (the page says the order is being placed). */
  onWait?: () => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds of a Retry-After value (seconds, or an HTTP date), kept between 1 and 10 s. */
export function retryDelayMs(retryAfter: string | null | undefined, now = Date.now()): number {
  let seconds = 1;
  if (retryAfter) {
    const n = Number(retryAfter);
    if (Number.isFinite(n)) seconds = n;
    else {
      const date = Date.parse(retryAfter);
      if (!Number.isNaN(date)) seconds = (date - now) / 1000;
    }
  }
  return Math.min(10, Math.max(1, seconds)) * 1000;
}

/**
 * Places the order with one Idempotency-Key: `send(key)` is the POST. While the server answers that this
 * key's placement is in progress (ERR_CHK_1003), or when the answer was lost on the way (network), the same
 * key is sent again after a pause — the server then answers the first outcome, never a second order.
 */
export async function placeWithKey(
  send: (key: string) => Promise<PlacementAnswer>,
  key: string,
  options: PlacementOptions = {},
): Promise<PlacementAnswer> {
  const sleep = options.sleep ?? wait;
  let inProgress = options.maxInProgressRetries ?? 10;
  let network = options.maxNetworkRetries ?? 2;
  for (;;) {
    const answer = await send(key);
    if (answer.kind !== 'refused') return answer;
    if (answer.code === 'ERR_CHK_1003' && inProgress > 0) {
      inProgress -= 1;
      options.onWait?.();
      await sleep(retryDelayMs(answer.retryAfterSeconds === undefined ? null : String(answer.retryAfterSeconds)));
      continue;
    }
    if (answer.status === 0 && network > 0) {
      network -= 1;
      options.onWait?.();
      await sleep(1000);
      continue;
    }
    return answer;
  }
}

/** Where the confirmation page finds the address the confirmation was sent to (this tab only). */
export const orderEmailKey = (orderNumber: string) => `order-email:${orderNumber}`;

/** A fresh Idempotency-Key for each press of "Place order" (the contract's pattern: 16–64 of `[A-Za-z0-9_-]`). */
export function newIdempotencyKey(random: () => string = () => globalThis.crypto.randomUUID()): string {
  return random();
}

// ---- refusals ---------------------------------------------------------------------------------------

export interface RefusalRoute {
  /** The step that shows the message and opens again. */
  step: StepId;
  /** The options are read again (prices, stock, delivery). */
  refresh: boolean;
  /** The bag must be reviewed (empty, or a rule of the basket). */
  toBasket?: boolean;
}

/** Where a refusal of the placement is shown. */
export function routeRefusal(code: string, paths: readonly string[] = []): RefusalRoute {
  switch (code) {
    case 'ERR_PAY_1000':
    case 'ERR_PAY_1001':
    case 'ERR_PAY_1002':
    case 'ERR_PAY_1003':
    case 'ERR_PAY_1004':
      return { step: 'payment', refresh: code === 'ERR_PAY_1004' };
    case 'ERR_CHK_1001':
    case 'ERR_CHK_1002':
      return { step: 'review', refresh: true };
    case 'ERR_CHK_1006':
      return { step: 'delivery', refresh: true };
    case 'ERR_CHK_1007':
      return { step: 'delivery', refresh: false };
    case 'ERR_OCAPI_1013':
    case 'ERR_OCAPI_1010':
    case 'ERR_API_1019':
    case 'ERR_OCAPI_1017':
      return { step: 'review', refresh: true, toBasket: true };
  }
  // A field the contract refused: the step of the field.
  const first = paths.find((p) => p.startsWith('body/'));
  if (first) {
    const field = first.split('/')[1] ?? '';
    if (['email', 'civility', 'firstName', 'lastName', 'phone'].includes(field))
      return { step: 'contact', refresh: false };
    if (['delivery', 'billingAddress', 'gift'].includes(field)) return { step: 'delivery', refresh: false };
    if (field === 'payment') return { step: 'payment', refresh: false };
  }
  return { step: 'review', refresh: false };
}
