// The checkout's rules, without React: the four steps and which one is open, the checks of each step
// (contact, delivery, card), the card number as typed (groups of digits, brand, Luhn), the totals of the
// delivery option chosen, the request sent, the placement with its Idempotency-Key (ERR_CHK_1003 waits and
// asks again with the same key), and which step shows a refusal.
import type { Schemas } from '../../lib/api-client';
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

/** The option first offered, unless the shopper's choice is still offered. */
export function defaultOptionId(options: readonly DeliveryOption[], current?: string | null): string | null {
  if (current && options.some((o) => o.id === current)) return current;
  return options[0]?.id ?? null;
}

export function checkGiftMessage(message: string): Message | null {
  return [...message].length > GIFT_MESSAGE_MAX ? TOO_LONG : null;
}

// ---- card -------------------------------------------------------------------------------------------

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unionpay' | 'unknown';

/** The brand a card number starts like (IIN ranges), to group its digits and size its security code. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  if (/^6(011|4[4-9]|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** The lengths a complete number of the brand may have. */
export function cardLengths(brand: CardBrand): number[] {
  switch (brand) {
    case 'amex':
      return [15];
    case 'diners':
      return [14, 16];
    case 'visa':
      return [13, 16, 19];
    case 'mastercard':
      return [16];
    case 'unknown':
      return [12, 13, 14, 15, 16, 17, 18, 19];
    default:
      return [16, 17, 18, 19];
  }
}

export const cardDigits = (value: string) => value.replace(/\D/g, '');

/** Luhn's checksum (every card number satisfies it): catches one mistyped digit and most swaps. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The number as typed, in the groups printed on the card: 4-6-5 (American Express), 4-6-4 (Diners 14),
 * otherwise groups of 4. Anything that is not a digit is dropped; at most the brand's longest length.
 */
export function formatCardNumber(value: string): string {
  const brand = cardBrand(cardDigits(value));
  const digits = cardDigits(value).slice(0, Math.max(...cardLengths(brand)));
  const groups = brand === 'amex' ? [4, 6, 5] : brand === 'diners' && digits.length <= 14 ? [4, 6, 4] : [4, 4, 4, 4, 3];
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + size));
    at += size;
  }
  return out.join(' ');
}

/**
 * What to say about a card number: null when it may be right, `incomplete` while it is too short for its
 * brand, `invalid` when it has a length of its brand but fails the Luhn check (a typo).
 */
export function cardNumberHint(value: string): 'incomplete' | 'invalid' | null {
  const digits = cardDigits(value);
  const lengths = cardLengths(cardBrand(digits));
  if (digits.length < Math.min(...lengths)) return 'incomplete';
  if (!lengths.includes(digits.length)) return digits.length > Math.max(...lengths) ? 'invalid' : 'incomplete';
  return luhnValid(digits) ? null : 'invalid';
}

/** `MM / YY` as typed: digits only, the slash added after the month ("4" becomes "04 / " once a second digit comes). */
export function formatExpiry(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  // A first digit above 1 can only be a month of one digit.
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  const deleting = value.length < previous.length;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Month and four-digit year of an expiry typed `MM / YY` (or `MM/YYYY`); null when unreadable. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  holderName: string;
}
export type CardErrors = Partial<Record<keyof CardValues, Message>>;

export const emptyCard = (): CardValues => ({ number: '', expiry: '', cvc: '', holderName: '' });

/** The checks of the card form (the provider checks again): number, expiry not past, code of the brand's length, holder. */
export function validateCard(values: CardValues, today: Date): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(values.number);
  if (!digits) errors.number = REQUIRED;
  else if (cardNumberHint(values.number) === 'incomplete') errors.number = 'checkout:validation.cardIncomplete';
  else if (cardNumberHint(values.number) === 'invalid') errors.number = 'checkout:validation.cardInvalid';
  const expiry = parseExpiry(values.expiry);
  if (!values.expiry.trim()) errors.expiry = REQUIRED;
  else if (!expiry) errors.expiry = 'checkout:validation.expiryInvalid';
  else if (expiry.year * 12 + expiry.month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1)
    errors.expiry = 'checkout:validation.expiryPast';
  else if (expiry.year > today.getUTCFullYear() + 20) errors.expiry = 'checkout:validation.expiryInvalid';
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!values.cvc.trim()) errors.cvc = REQUIRED;
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(values.cvc.trim())) errors.cvc = 'checkout:validation.cvc';
  const holder = values.holderName.trim();
  if (!holder) errors.holderName = REQUIRED;
  else if ([...holder].length > 80) errors.holderName = TOO_LONG;
  return errors;
}

/** The card as the contract takes it (digits with spaces are allowed; sent without). */
export function cardPayload(values: CardValues): NonNullable<Schemas['PaymentDetails']['card']> {
  const expiry = parseExpiry(values.expiry)!;
  return {
    number: cardDigits(values.number),
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    cvc: values.cvc.trim(),
    holderName: values.holderName.trim(),
  };
}

/** The wallet of the express checkout; the built-in test provider approves this token (docs/checkout.md). */
export const TEST_WALLET_TOKEN = 'wallet-test-approved';

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
