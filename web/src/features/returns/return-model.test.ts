import { describe, expect, it } from 'vitest';
import { returnsStoryData } from './returns-story-data';
import {
  firstIncompleteStep,
  initialDraft,
  lookupErrorsOf,
  refundPreview,
  requestBody,
  selectableLines,
  STEPS,
  stepErrors,
  thankYouPath,
  validateLookup,
  withFlow,
  type ReturnDraft,
} from './return-model';

const data = returnsStoryData.guestEn;

describe('the return flow', () => {
  it('has the six steps of spec §2 in order, return or exchange product third', () => {
    expect(STEPS.Return).toEqual([
      'orderDetails',
      'productSelection',
      'returnProduct',
      'shipping',
      'refund',
      'confirmation',
    ]);
    expect(STEPS.Exchange[2]).toBe('exchangeProduct');
  });

  it('offers the lines whose returnableFlows allow the flow, with the units left', () => {
    const ret = selectableLines(data, 'Return');
    expect(ret.map((l) => [l.item.itemId, l.max, l.unavailable])).toEqual([
      ['1', 1, null],
      ['2', 1, null],
    ]);
    // Line 2 (earrings, one size) takes no exchange.
    const exch = selectableLines(data, 'Exchange');
    expect(exch.map((l) => [l.item.itemId, l.max])).toEqual([
      ['1', 1],
      ['2', 0],
    ]);
    expect(exch[1]!.unavailable).toBe('selection.notInFlow');
  });

  it('checks each step and builds the request: a guest names the transaction, a customer the order', () => {
    let draft: ReturnDraft = initialDraft(data);
    expect(stepErrors('productSelection', draft, data)).toEqual({ lines: 'errors.noLine' });
    draft = { ...draft, lines: { '1': { quantity: 1, reasonId: '', exchangeSize: '' } } };
    expect(stepErrors('returnProduct', draft, data)).toEqual({ 'reason-1': 'errors.reason' });
    draft = { ...withFlow(draft, data, 'Exchange') };
    expect(stepErrors('exchangeProduct', draft, data)).toEqual({
      'reason-1': 'errors.reason',
      'size-1': 'errors.size',
    });
    draft = { ...draft, lines: { '1': { quantity: 1, reasonId: 'size-too-small', exchangeSize: '39' } } };
    expect(firstIncompleteStep(draft, data)).toBe('shipping');
    draft = { ...draft, shipping: 'store', storeId: null };
    expect(stepErrors('shipping', draft, data)).toEqual({ storeId: 'errors.store' });
    draft = { ...draft, storeId: '1001' };
    expect(firstIncompleteStep(draft, data)).toBeNull();
    const guest = { ...data, order: { ...data.order, transactionUuid: '2f1c7f4e-8a57-4b0e-9d0c-5d6f3a1b9e20' } };
    expect(requestBody(draft, guest, true)).toEqual({
      transactionUuid: '2f1c7f4e-8a57-4b0e-9d0c-5d6f3a1b9e20',
      flowType: 'Exchange',
      lines: [{ itemId: '1', quantity: 1, reasonId: 'size-too-small', exchangeSize: '39' }],
      returnMethod: 'ShipToStore',
      storeId: '1001',
    });
    const ret = { ...withFlow(draft, data, 'Return'), shipping: 'pickUp' as const, storeId: null };
    expect(requestBody(ret, guest, false)).toEqual({
      orderNumber: 'YSL-US-00012345',
      flowType: 'Return',
      lines: [{ itemId: '1', quantity: 1, reasonId: 'size-too-small' }],
      returnMethod: 'ShipToReturnCenter',
      handover: 'pickUp',
    });
    expect(thankYouPath(guest.order, true)).toBe(
      '/myaccount/return-thank-you?transactionUuid=2f1c7f4e-8a57-4b0e-9d0c-5d6f3a1b9e20',
    );
    expect(thankYouPath(guest.order, false)).toBe('/myaccount/return-thank-you?orderNumber=YSL-US-00012345');
  });

  it('switching to an exchange drops the lines that cannot be exchanged', () => {
    const draft = {
      ...initialDraft(data),
      lines: {
        '1': { quantity: 1, reasonId: '' as const, exchangeSize: '' },
        '2': { quantity: 1, reasonId: '' as const, exchangeSize: '' },
      },
    };
    expect(Object.keys(withFlow(draft, data, 'Exchange').lines)).toEqual(['1']);
  });

  it('previews the refund as the server computes it: price paid, sales tax on top in the US, nothing for an exchange', () => {
    const draft: ReturnDraft = {
      ...initialDraft(data),
      lines: { '1': { quantity: 1, reasonId: 'quality', exchangeSize: '' } },
    };
    // US order: 1,840 + 0 shipping, 163.30 tax on top.
    expect(refundPreview(draft, data.order)).toEqual({ items: 1120, tax: 99.4, total: 1219.4 });
    expect(refundPreview({ ...draft, flowType: 'Exchange' }, data.order)).toEqual({ items: 0, tax: 0, total: 0 });
  });
});

describe('the guest lookup', () => {
  it('checks the order number and the e-mail address, and places refusals beside their field', () => {
    expect(validateLookup({ orderNumber: '', email: 'x' })).toEqual({
      orderNumber: 'lookup.errors.orderNumberRequired',
      email: 'lookup.errors.emailInvalid',
    });
    expect(validateLookup({ orderNumber: 'YSL-FR-00045871', email: 'a@b.fr' })).toEqual({});
    // One answer for an unknown number and another address: about both fields, so said above them.
    expect(lookupErrorsOf('ERR_API_1023')).toEqual({ form: 'errors:ERR_API_1023' });
    expect(lookupErrorsOf('ERR_API_1028')).toEqual({ form: 'errors:ERR_API_1028' });
  });
});
