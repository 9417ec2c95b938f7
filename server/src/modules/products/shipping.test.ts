import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startProductsApp, BRAND, type ProductsTestApp } from './test-fixtures.ts';
import { shippingMethods } from './shipping.ts';

let t: ProductsTestApp;
beforeAll(async () => {
  t = await startProductsApp();
});
afterAll(() => t.close());

const FR = { country: 'FR', businessRegion: 'EMEA', currency: 'EUR' };

describe('delivery estimates', () => {
  it('dispatches the same business day before the 14:00 local cut-off, the next one after', () => {
    // Tuesday 2026-03-10, 12:59 UTC = 13:59 in Paris.
    const before = shippingMethods(new Date('2026-03-10T12:59:00Z'), FR, true);
    expect(before?.find((m) => m.kind === 'next day')).toMatchObject({
      from: '2026-03-11',
      to: '2026-03-11',
      cost: 40,
    });
    expect(before?.find((m) => m.kind === 'standard delivery')).toMatchObject({
      from: '2026-03-12',
      to: '2026-03-16',
      cost: 0,
    });
    const after = shippingMethods(new Date('2026-03-10T13:01:00Z'), FR, true);
    expect(after?.find((m) => m.kind === 'next day')).toMatchObject({ from: '2026-03-12', to: '2026-03-12' });
  });

  it('skips weekends and reads the clock in the market time zone', () => {
    // Friday 15:00 in Paris: dispatched Monday, next day Tuesday.
    const friday = shippingMethods(new Date('2026-03-13T14:00:00Z'), FR, false);
    expect(friday?.find((m) => m.kind === 'next day')).toMatchObject({ from: '2026-03-17' });
    expect(friday?.some((m) => m.kind === 'pickup in store')).toBe(false);
    // Monday 08:00 in Tokyo is still Sunday in UTC.
    const tokyo = shippingMethods(
      new Date('2026-03-15T23:00:00Z'),
      { country: 'JP', businessRegion: 'APAC', currency: 'JPY' },
      false,
    );
    expect(tokyo?.find((m) => m.kind === 'next day')).toMatchObject({ from: '2026-03-17', cost: 5000 });
  });

  it('cannot estimate a market without a delivery calendar', () => {
    expect(
      shippingMethods(new Date(), { country: 'EN', businessRegion: 'INTL', currency: null }, false),
    ).toBeUndefined();
  });
});

describe('GET /api/data/product/{pid}/shipping-info', () => {
  it('answers each delivery kind with its cost and dates for the first size in stock', async () => {
    const before = new Date();
    const res = await request(t.app).get('/api/data/product/ZPDAVAIL1/shipping-info?locale=en-us').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ pid: 'ZPDAVAIL1', size: '36', currencyCode: 'USD', market: { locale: 'en-us' } });
    const boutique = await t.database.db
      .selectFrom('stores')
      .select('id')
      .where('brand', '=', BRAND)
      .where('country', '=', 'US')
      .executeTakeFirst();
    const expected = [
      shippingMethods(before, { country: 'US', businessRegion: 'AMER', currency: 'USD' }, !!boutique),
      shippingMethods(new Date(), { country: 'US', businessRegion: 'AMER', currency: 'USD' }, !!boutique),
    ];
    // The call may straddle the cut-off: its answer is the estimate of one of the two instants.
    const got = res.body.options.map((o: { kind: string; cost: number; eta: { from: string; to: string } }) => ({
      kind: o.kind,
      cost: o.cost,
      from: o.eta.from,
      to: o.eta.to,
    }));
    expect(expected.map((e) => e?.map((m) => ({ kind: m.kind, cost: m.cost, from: m.from, to: m.to })))).toContainEqual(
      got,
    );
    const standard = res.body.options.find((o: { kind: string }) => o.kind === 'standard delivery');
    expect(standard).toMatchObject({ label: 'Standard delivery', available: true, cost: 0 });
    // US dates read MM/dd/yyyy.
    const [y, m, d] = standard.eta.from.split('-');
    expect(standard.eta.label.startsWith(`${m}/${d}/${y} – `)).toBe(true);
    expect(res.body.options.map((o: { kind: string }) => o.kind)).toEqual(
      expect.arrayContaining(['standard delivery', 'express delivery', 'next day']),
    );
  });

  it('answers in the market language and date format, for a chosen size', async () => {
    const res = await request(t.app).get('/api/data/product/ZPDAVAIL1/shipping-info?locale=fr-fr&size=38').expect(200);
    expect(res.body.size).toBe('38');
    const express = res.body.options.find((o: { kind: string }) => o.kind === 'express delivery');
    expect(express).toMatchObject({ label: 'Livraison express', cost: 25, available: true });
    expect(express.eta.label).toMatch(/^\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}$/);
  });

  it('has no estimate for a size or product that cannot be bought now', async () => {
    const sold = await request(t.app).get('/api/data/product/ZPDAVAIL1/shipping-info?locale=fr-fr&size=37').expect(200);
    expect(sold.body.options.every((o: { available: boolean; eta: unknown }) => !o.available && o.eta === null)).toBe(
      true,
    );
    const soon = await request(t.app).get('/api/data/product/ZPDSOON/shipping-info?locale=fr-fr').expect(200);
    expect(soon.body.size).toBeNull();
    expect(soon.body.options.every((o: { available: boolean }) => !o.available)).toBe(true);
    const pre = await request(t.app).get('/api/data/product/ZPDPRE/shipping-info?locale=fr-fr&size=36').expect(200);
    expect(pre.body.options.every((o: { available: boolean; eta: unknown }) => o.available && o.eta === null)).toBe(
      true,
    );
  });

  it('answers the ATP error where no estimate can be computed', async () => {
    const res = await request(t.app).get('/api/data/product/ZPDAVAIL1/shipping-info?locale=en-en').expect(502);
    expect(res.body.code).toBe('ERR_PDT_API_1005');
    expect(res.body.title).toBe('Error retrieving ATP shipping ETA. Please try again later.');
  });

  it('refuses an unknown size or product and a malformed size', async () => {
    expect(
      (await request(t.app).get('/api/data/product/ZPDAVAIL1/shipping-info?locale=fr-fr&size=99').expect(404)).body
        .code,
    ).toBe('ERR_PDT_API_1007');
    expect(
      (await request(t.app).get('/api/data/product/ZPDNOPE/shipping-info?locale=fr-fr').expect(404)).body.code,
    ).toBe('ERR_PDT_API_1001');
    expect(
      (await request(t.app).get('/api/data/product/ZPDAVAIL1/shipping-info?locale=fr-fr&size=a%20b').expect(400)).body
        .code,
    ).toBe('ERR_API_1018');
  });
});

describe('GET /api/internal/product/{pid}/shipping-methods', () => {
  it('answers the backend its methods with fulfilment and ids', async () => {
    const res = await request(t.app).get('/api/internal/product/ZPDAVAIL1/shipping-methods?locale=fr-fr').expect(200);
    expect(res.body).toMatchObject({ pid: 'ZPDAVAIL1', currencyCode: 'EUR' });
    expect(res.body.methods[0]).toMatchObject({
      id: 'FR-STD',
      kind: 'standard delivery',
      deliveryMethod: 'ShipToAddress',
      name: 'Livraison standard',
      cost: 0,
    });
    expect(res.body.methods.find((m: { kind: string }) => m.kind === 'next day')).toMatchObject({
      id: 'FR-ND',
      cost: 40,
    });
  });

  it('refuses browsers, and a market it cannot deliver', async () => {
    const site = await request(t.app)
      .get('/api/internal/product/ZPDAVAIL1/shipping-methods?locale=fr-fr')
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(403);
    expect(site.body.code).toBe('ERR_API_1001');
    const origin = await request(t.app)
      .get('/api/internal/product/ZPDAVAIL1/shipping-methods?locale=fr-fr')
      .set('Origin', 'https://example.org')
      .expect(403);
    expect(origin.body.code).toBe('ERR_API_1001');
    expect(
      (await request(t.app).get('/api/internal/product/ZPDAVAIL1/shipping-methods?locale=en-en').expect(502)).body.code,
    ).toBe('ERR_PDT_API_1012');
    expect(
      (await request(t.app).get('/api/internal/product/ZPDNOPE/shipping-methods?locale=fr-fr').expect(404)).body.code,
    ).toBe('ERR_PDT_API_1001');
  });
});
