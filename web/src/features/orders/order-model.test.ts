import { describe, expect, it } from 'vitest';
import { checkOrderNumber, orderPath, timelineOf, trackErrorsOf, validateTrack, type Order } from './order-model';

const base: Pick<Order, 'status' | 'deliveryMethod' | 'placedAt' | 'shipments' | 'cancelledAt' | 'channel'> = {
  channel: 'online',
  status: 'paid',
  deliveryMethod: 'ShipToAddress',
  placedAt: '2026-11-25T10:00:00Z',
  shipments: [],
  cancelledAt: null,
};

describe('timeline', () => {
  it('shows the path of a delivery with the current step', () => {
    expect(timelineOf(base).map((s) => `${s.status}:${s.state}`)).toEqual([
      'placed:done',
      'paid:current',
      'processing:upcoming',
      'shipped:upcoming',
      'delivered:upcoming',
    ]);
  });

  it('collects in a boutique instead of shipping', () => {
    expect(
      timelineOf({ ...base, deliveryMethod: 'PickUpAtStore', status: 'readyForPickup' }).map((s) => s.status),
    ).toEqual(['placed', 'paid', 'processing', 'readyForPickup', 'delivered']);
  });

  it('dates the steps from the order and its parcels', () => {
    const shipped = timelineOf({
      ...base,
      status: 'delivered',
      shipments: [
        {
          shipmentId: 's',
          deliveryMethod: 'ShipToAddress',
          status: 'delivered',
          itemIds: ['1'],
          shippedAt: '2026-11-26T10:00:00Z',
          deliveredAt: '2026-11-27T15:00:00Z',
        },
      ],
    });
    expect(shipped.find((s) => s.status === 'shipped')?.at).toBe('2026-11-26T10:00:00Z');
    expect(shipped.find((s) => s.status === 'delivered')).toEqual({
      status: 'delivered',
      state: 'current',
      at: '2026-11-27T15:00:00Z',
    });
  });

  it('ends a cancelled order with the cancellation, and a return after the delivery', () => {
    expect(timelineOf({ ...base, status: 'cancelled', cancelledAt: '2026-11-25T11:00:00Z' })).toEqual([
      { status: 'placed', state: 'done', at: '2026-11-25T10:00:00Z' },
      { status: 'cancelled', state: 'current', at: '2026-11-25T11:00:00Z' },
    ]);
    expect(timelineOf({ ...base, status: 'returned' }).at(-1)).toEqual({ status: 'returned', state: 'current' });
  });

  it('has one step for an in-boutique purchase', () => {
    expect(timelineOf({ ...base, channel: 'offline', status: 'completed' })).toEqual([
      { status: 'completed', state: 'current', at: base.placedAt },
    ]);
  });
});

describe('tracking form', () => {
  it('asks for an order number and the e-mail address of the order', () => {
    expect(validateTrack({ orderNumber: '', email: '' })).toEqual({
      orderNumber: 'errors:ERR_CO_API_1000',
      email: 'errors:ERR_CO_API_1001',
    });
    expect(validateTrack({ orderNumber: 'YSL FR 1', email: 'camille@gmal.com' })).toEqual({
      orderNumber: 'orders:track.numberInvalid',
      email: 'errors:ERR_FORM_1002',
    });
    expect(validateTrack({ orderNumber: ' YSL-FR-00010042 ', email: 'Camille@Example.fr' })).toEqual({});
    expect(checkOrderNumber('750012026004512')).toBeNull();
  });

  it('shows the refusal beside the field it is about', () => {
    // One answer for an unknown number and another address: about both fields, so said above them.
    expect(trackErrorsOf('ERR_API_1023')).toEqual({ form: 'errors:ERR_API_1023' });
    expect(trackErrorsOf('ERR_API_1028')).toEqual({ form: 'errors:ERR_API_1028' });
    expect(trackErrorsOf('ERR_API_1018', ['body/email'])).toEqual({ email: 'errors:ERR_FORM_1001' });
  });

  it('links an order to its page', () => {
    expect(orderPath({ channel: 'online', orderNumber: 'YSL-FR-00010042' })).toBe(
      '/myaccount/order-online?orderNumber=YSL-FR-00010042',
    );
    expect(orderPath({ channel: 'offline', orderNumber: '750012026004512' })).toBe(
      '/myaccount/order-offline?orderNumber=750012026004512',
    );
  });
});
