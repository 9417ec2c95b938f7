import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startProductsApp, type ProductsTestApp } from './test-fixtures.ts';

let t: ProductsTestApp;
beforeAll(async () => {
  t = await startProductsApp();
});
afterAll(() => t.close());

type Display = { context: string; status: string }[];
const statuses = (display: Display) => Object.fromEntries(display.map((d) => [d.context, d.status]));
const availability = (pid: string, locale = 'fr-fr') =>
  request(t.app).get(`/api/data/product/${pid}/availability?locale=${locale}`);

describe('GET /api/data/product/{pid}/availability', () => {
  it('answers an in-stock product with its tags, display statuses and each size, never cached', async () => {
    const res = await availability('ZPDAVAIL1').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.pid).toBe('ZPDAVAIL1');
    expect(res.body.stock).toBe('in_stock');
    expect(res.body.availability).toMatchObject({
      isSellableOnline: true,
      isEcomAssortment: true,
      inStock: true,
      stockStatus: 'in_stock',
    });
    // Only the five generic tags are tags; a merchandiser's typo is not answered.
    expect(res.body.tags).toEqual(['generic tag 2', 'available online']);
    expect(statuses(res.body.display)).toEqual({
      card: 'available',
      'product page': 'available',
      'size dropdown': 'available',
      minicart: 'available',
      recommendations: 'available',
    });
    const bySize = Object.fromEntries(res.body.variants.map((v: { size: string }) => [v.size, v]));
    expect(bySize['36']).toMatchObject({
      sku: 'ZPDAVAIL1-36',
      stock: 'in_stock',
      inStock: true,
      lowStock: false,
      displayStatus: 'available',
      tags: ['available online'],
    });
    // A sold-out size with back-in-stock alerts open offers "notify me".
    expect(bySize['37']).toMatchObject({
      stock: 'notifyMe',
      inStock: false,
      displayStatus: 'notify me',
      tags: ['out of stock', 'notify me'],
    });
    expect(bySize['38']).toMatchObject({ inStock: true, lowStock: true, tags: ['available online', 'last item left'] });
  });

  it('shows a coming-soon product as coming soon in every context', async () => {
    const res = await availability('ZPDSOON').expect(200);
    expect(res.body.stock).toBe('coming soon');
    expect(new Set(res.body.display.map((d: { status: string }) => d.status))).toEqual(new Set(['coming soon']));
    expect(res.body.tags).toContain('coming soon');
    expect(res.body.tags).not.toContain('available online');
    expect(res.body.variants[0]).toMatchObject({ stock: 'coming soon', displayStatus: 'coming soon' });
  });

  it('sends call and contact sale channels to client service', async () => {
    const call = await availability('ZPDCALL').expect(200);
    expect(statuses(call.body.display)).toMatchObject({
      'product page': 'call to buy',
      card: 'call to buy',
      recommendations: 'call to buy',
    });
    expect(call.body.variants[0].displayStatus).toBe('call to buy');
    const contact = await availability('ZPDCONTACT').expect(200);
    expect(statuses(contact.body.display)).toMatchObject({ 'product page': 'contact us', minicart: 'contact us' });
  });

  it('sends a product outside the e-commerce assortment to the boutiques', async () => {
    const res = await availability('ZPDNONECOM').expect(200);
    expect(res.body.availability.inStock).toBe(false);
    expect(res.body.tags).toEqual(expect.arrayContaining(['non-ecom', 'sold out']));
    expect(statuses(res.body.display)).toEqual({
      card: 'find in store',
      'product page': 'find in store',
      'size dropdown': 'find in store',
      minicart: 'out of stock',
      recommendations: 'find in store',
    });
  });

  it('offers a pre-orderable product without stock for pre-order', async () => {
    const res = await availability('ZPDPRE').expect(200);
    expect(res.body.stock).toBe('preorder');
    expect(res.body.availability.stockStatus).toBe('preorder');
    expect(new Set(res.body.display.map((d: { status: string }) => d.status))).toEqual(new Set(['pre-order']));
    expect(res.body.tags).toEqual(expect.arrayContaining(['pre-order', 'sold out', 'out of stock']));
  });

  it('offers alerts for a sold-out product on its page only, and "out of stock" elsewhere', async () => {
    const sold = await availability('ZPDSOLD').expect(200);
    expect(sold.body.stock).toBe('notifyMe');
    expect(statuses(sold.body.display)).toEqual({
      card: 'out of stock',
      'product page': 'notify me',
      'size dropdown': 'notify me',
      minicart: 'out of stock',
      recommendations: 'out of stock',
    });
    const gone = await availability('ZPDGONE').expect(200);
    expect(gone.body.stock).toBe('out_of_stock');
    expect(new Set(gone.body.display.map((d: { status: string }) => d.status))).toEqual(new Set(['out of stock']));
  });

  it('tags the last unit of a product', async () => {
    const res = await availability('ZPDLAST').expect(200);
    expect(res.body.tags).toEqual(['available online', 'last item left']);
    expect(res.body.availability.statusTags).toEqual(['available online', 'last item left']);
  });

  it('accepts a lower-case pid', async () => {
    const res = await availability('zpdavail2').expect(200);
    expect(res.body.pid).toBe('ZPDAVAIL2');
  });

  it('refuses unknown, employee-only and unpriced products, and bad input', async () => {
    expect((await availability('ZPDNOPE').expect(404)).body.code).toBe('ERR_PDT_API_1001');
    expect((await availability('ZPDEMP').expect(404)).body.code).toBe('ERR_PDT_API_1001');
    // No euro price: not sold in France, sold in the US.
    expect((await availability('ZPDAVAIL3', 'fr-fr').expect(404)).body.code).toBe('ERR_PDT_API_1001');
    await availability('ZPDAVAIL3', 'en-us').expect(200);
    expect((await availability('ZPD-1').expect(400)).body.code).toBe('ERR_API_1009');
    expect((await availability('ZPDAVAIL1', 'FR').expect(400)).body.code).toBe('ERR_API_1005');
    expect(
      (await request(t.app).get('/api/data/product/ZPDAVAIL1/availability?locale=fr-fr&x=1').expect(400)).body.code,
    ).toBe('ERR_API_1018');
  });
});

describe('GET /api/data/product/{pid}/prices', () => {
  it('answers list and sale price with the discount and the market formatting', async () => {
    const res = await request(t.app).get('/api/data/product/ZPDAVAIL1/prices?locale=fr-fr').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.price).toEqual({ listPriceValue: 1000, salePriceValue: 600, currencyCode: 'EUR' });
    expect(res.body.discountPercent).toBe(40);
    expect(res.body.formatted).toEqual({ list: '1\u00a0000,00\u00a0€', sale: '600,00\u00a0€' });
    expect(res.body.variants.map((v: { sku: string }) => v.sku)).toEqual([
      'ZPDAVAIL1-36',
      'ZPDAVAIL1-37',
      'ZPDAVAIL1-38',
    ]);
    const jp = await request(t.app).get('/api/data/product/ZPDAVAIL1/prices?locale=ja-jp').expect(200);
    expect(jp.body).toMatchObject({ discountPercent: null, formatted: { list: '¥160,000', sale: null } });
  });

  it('has no price on the international site', async () => {
    const res = await request(t.app).get('/api/data/product/ZPDAVAIL1/prices?locale=en-en').expect(200);
    expect(res.body).toMatchObject({ price: null, formatted: null, discountPercent: null, variants: [] });
  });

  it('refuses an unknown product and a malformed pid', async () => {
    expect((await request(t.app).get('/api/data/product/ZPDNOPE/prices?locale=fr-fr').expect(404)).body.code).toBe(
      'ERR_PDT_API_1001',
    );
    expect((await request(t.app).get('/api/data/product/ZPD%20X/prices?locale=fr-fr').expect(400)).body.code).toBe(
      'ERR_API_1009',
    );
  });
});
