import { describe, expect, it, vi } from 'vitest';
import {
  canEdit,
  cardBrand,
  cardNumberHint,
  completeStep,
  editStep,
  formatCardNumber,
  formatExpiry,
  initialSteps,
  luhnValid,
  parseExpiry,
  placeOrderRequest,
  placeWithKey,
  reopenStep,
  retryDelayMs,
  routeRefusal,
  stepStatus,
  storeSelectable,
  totalsFor,
  validateCard,
  validateContact,
  type DeliveryOption,
  type PlacementAnswer,
} from './checkout-model';

const today = new Date(Date.UTC(2026, 10, 25));

describe('steps', () => {
  it('opens one step after the other, then the review', () => {
    let s = initialSteps();
    expect(s).toEqual({ open: 'contact', done: [] });
    s = completeStep(s, 'contact');
    expect(s).toEqual({ open: 'delivery', done: ['contact'] });
    s = completeStep(s, 'delivery');
    s = completeStep(s, 'payment');
    expect(s).toEqual({ open: 'review', done: ['contact', 'delivery', 'payment'] });
    expect(stepStatus(s, 'delivery')).toBe('done');
    expect(stepStatus(s, 'review')).toBe('open');
  });

  it('edits a completed step and comes back to the review, not through the steps already done', () => {
    let s = completeStep(completeStep(completeStep(initialSteps(), 'contact'), 'delivery'), 'payment');
    s = editStep(s, 'contact');
    expect(s).toEqual({ open: 'contact', done: ['delivery', 'payment'] });
    s = completeStep(s, 'contact');
    expect(s.open).toBe('review');
  });

  it('does not open a step that was never reached', () => {
    const s = completeStep(initialSteps(), 'contact');
    expect(canEdit(s, 'payment')).toBe(false);
    expect(editStep(s, 'payment')).toBe(s);
    expect(stepStatus(s, 'payment')).toBe('pending');
  });

  it('reopens the step a refusal names', () => {
    const s = completeStep(completeStep(completeStep(initialSteps(), 'contact'), 'delivery'), 'payment');
    expect(reopenStep(s, 'payment')).toEqual({ open: 'payment', done: ['contact', 'delivery'] });
  });
});

describe('card number', () => {
  it('groups the digits as printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42424242424242424242424')).toBe('4242 4242 4242 4242 424');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('knows the brand from the first digits', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(cardBrand('2221')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('6011')).toBe('discover');
    expect(cardBrand('3530')).toBe('jcb');
    expect(cardBrand('9999')).toBe('unknown');
  });

  it('checks Luhn, and hints a typo only once the number is complete', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4000000000003220')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardNumberHint('4242 4242')).toBe('incomplete');
    expect(cardNumberHint('4242 4242 4242 4241')).toBe('invalid');
    expect(cardNumberHint('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberHint('3782 822463 10005')).toBeNull();
  });
});

describe('expiry and card form', () => {
  it('writes the slash after the month', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12 /', '12 / ')).toBe('12');
  });

  it('reads MM / YY and MM/YYYY', () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('04/2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('13 / 30')).toBeNull();
    expect(parseExpiry('1230x')).toBeNull();
  });

  it('refuses a past expiry and a security code of the wrong length', () => {
    const card = { number: '4242 4242 4242 4242', expiry: '10 / 26', cvc: '12', holderName: ' ' };
    expect(validateCard(card, today)).toEqual({
      expiry: 'checkout:validation.expiryPast',
      cvc: 'checkout:validation.cvc',
      holderName: 'errors:ERR_FORM_1000',
    });
    expect(
      validateCard({ number: '3782 822463 10005', expiry: '11 / 26', cvc: '1234', holderName: 'C. Martin' }, today),
    ).toEqual({});
    expect(
      validateCard({ number: '4242 4242 4242 4241', expiry: '11/30', cvc: '123', holderName: 'C' }, today).number,
    ).toBe('checkout:validation.cardInvalid');
  });
});

describe('contact', () => {
  it('asks for a valid e-mail, names and a phone', () => {
    expect(
      validateContact({ email: 'camille@gmal.com', civility: '', firstName: 'Camille', lastName: 'L3', phone: '12' }),
    ).toEqual({
      email: 'errors:ERR_FORM_1002',
      lastName: 'errors:ERR_FORM_1006',
      phone: 'checkout:validation.phone',
    });
    expect(
      validateContact({
        email: 'Camille@Example.fr',
        civility: 'MS',
        firstName: 'Camille',
        lastName: 'Lefèvre',
        phone: '+33 1 23 45 67 89',
      }),
    ).toEqual({});
  });
});

describe('delivery and totals', () => {
  const option = (
    id: string,
    cost: number,
    deliveryMethod: DeliveryOption['deliveryMethod'] = 'ShipToAddress',
  ): DeliveryOption => ({
    id,
    kind: 'standard delivery',
    deliveryMethod,
    label: id,
    cost,
    estimatedFrom: '2026-11-27',
    estimatedTo: '2026-12-01',
    total: { subtotal: 990, shipping: cost, tax: 0, discount: 0, total: 990 + cost },
  });

  it('offers a boutique for PickUpAtStore only when it holds every item', () => {
    const store = { storeId: '1', name: 'Paris', city: 'Paris', addressLines: [], pickUpAtStore: false };
    expect(storeSelectable(option('FR-PUS', 0, 'PickUpAtStore'), store)).toBe(false);
    expect(storeSelectable(option('FR-STS', 0, 'ShipToStore'), store)).toBe(true);
  });

  it("takes the totals the server gives each option, or the first option's", () => {
    const base = { subtotal: 990, shipping: 0, tax: 165, discount: 0, total: 990 };
    const express = {
      ...option('FR-EXP', 25),
      total: { subtotal: 990, shipping: 25, tax: 169.17, discount: 0, total: 1015 },
    };
    expect(totalsFor({ total: base }, express)).toEqual(express.total);
    expect(totalsFor({ total: base }, undefined)).toBe(base);
  });
});

describe('the request', () => {
  it('sends the saved address, or the boutique with the billing address, and the card digits', () => {
    const contact = {
      email: ' Camille@Example.FR ',
      civility: 'MS' as const,
      firstName: ' Camille ',
      lastName: 'Lefèvre',
      phone: '+33 6 12 34 56 78',
    };
    const card = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', holderName: 'Camille Lefèvre' };
    const saved = placeOrderRequest(
      contact,
      { optionId: 'FR-STD', addressId: 'addr-1', gift: { wrap: false, message: ' ' } },
      { method: 'card', card },
      990,
      true,
    );
    expect(saved).toEqual({
      email: 'camille@example.fr',
      civility: 'MS',
      firstName: 'Camille',
      lastName: 'Lefèvre',
      phone: '+33 6 12 34 56 78',
      delivery: { optionId: 'FR-STD', addressId: 'addr-1' },
      payment: {
        method: 'card',
        card: {
          number: '4242424242424242',
          expiryMonth: 12,
          expiryYear: 2030,
          cvc: '123',
          holderName: 'Camille Lefèvre',
        },
      },
      expectedTotal: 990,
      acceptTerms: true,
    });
    const billing = {
      firstName: 'Camille',
      lastName: 'Lefèvre',
      addressLine1: '1 rue de Rivoli',
      city: 'Paris',
      postalCode: '75001',
      country: 'FR',
    };
    const store = placeOrderRequest(
      contact,
      {
        optionId: 'FR-STS',
        storeId: '1012',
        billingAddress: billing,
        gift: { wrap: true, message: 'Joyeux anniversaire' },
      },
      { method: 'expressPay', walletToken: 'wallet-test-approved' },
      990,
      true,
    );
    expect(store.delivery).toEqual({ optionId: 'FR-STS', storeId: '1012' });
    expect(store.billingAddress).toEqual(billing);
    expect(store.gift).toEqual({ wrap: true, message: 'Joyeux anniversaire' });
    expect(store.payment).toEqual({ method: 'expressPay', walletToken: 'wallet-test-approved' });
  });
});

describe('placement with an Idempotency-Key', () => {
  const placed: PlacementAnswer = { kind: 'placed', order: { orderNumber: 'YSL-FR-00010042' } as never };

  it('asks again with the same key while the placement is in progress, waiting Retry-After', async () => {
    const answers: PlacementAnswer[] = [
      { kind: 'refused', status: 409, code: 'ERR_CHK_1003', retryAfterSeconds: 2 },
      { kind: 'refused', status: 409, code: 'ERR_CHK_1003' },
      placed,
    ];
    const send = vi.fn(async (_key: string) => answers.shift()!);
    const sleep = vi.fn(async (_ms: number) => undefined);
    await expect(placeWithKey(send, 'key-0123456789abcdef', { sleep })).resolves.toBe(placed);
    expect(send.mock.calls.map((c) => c[0])).toEqual([
      'key-0123456789abcdef',
      'key-0123456789abcdef',
      'key-0123456789abcdef',
    ]);
    expect(sleep.mock.calls.map((c) => c[0])).toEqual([2000, 1000]);
  });

  it('asks again once after a lost answer, and gives up on other refusals at once', async () => {
    const declined: PlacementAnswer = { kind: 'refused', status: 402, code: 'ERR_PAY_1000' };
    const answers: PlacementAnswer[] = [{ kind: 'refused', status: 0, code: 'API_UNKNOWN_ERROR' }, declined, placed];
    const send = vi.fn(async () => answers.shift()!);
    await expect(placeWithKey(send, 'key-0123456789abcdef', { sleep: async () => undefined })).resolves.toBe(declined);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('stops asking after the last retry', async () => {
    const busy: PlacementAnswer = { kind: 'refused', status: 409, code: 'ERR_CHK_1003' };
    const send = vi.fn(async () => busy);
    await expect(
      placeWithKey(send, 'key-0123456789abcdef', { sleep: async () => undefined, maxInProgressRetries: 3 }),
    ).resolves.toBe(busy);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('reads Retry-After in seconds or as a date, between 1 and 10 s', () => {
    expect(retryDelayMs('3')).toBe(3000);
    expect(retryDelayMs(null)).toBe(1000);
    expect(retryDelayMs('120')).toBe(10_000);
    expect(retryDelayMs(new Date(5_000).toUTCString(), 0)).toBe(5000);
  });
});

describe('refusals', () => {
  it('shows each refusal at its step', () => {
    expect(routeRefusal('ERR_PAY_1000')).toEqual({ step: 'payment', refresh: false });
    expect(routeRefusal('ERR_CHK_1001')).toEqual({ step: 'review', refresh: true });
    expect(routeRefusal('ERR_CHK_1006')).toEqual({ step: 'delivery', refresh: true });
    expect(routeRefusal('ERR_API_1018', ['body/delivery/address/postalCode'])).toEqual({
      step: 'delivery',
      refresh: false,
    });
    expect(routeRefusal('ERR_API_1018', ['body/phone'])).toEqual({ step: 'contact', refresh: false });
    expect(routeRefusal('ERR_OCAPI_1013').toBasket).toBe(true);
  });
});
