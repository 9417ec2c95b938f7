import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { productUrl } from './service.ts';

let t: TestApp;
let macro: { slug: string };
let micro: { slug: string };
beforeAll(async () => {
  t = await startTestApp();
  const nav = await request(t.app).get('/api/data/category?locale=en-us').expect(200);
  macro = nav.body.categories.find((c: { level: number }) => c.level === 1);
  micro = nav.body.categories.find((c: { level: number }) => c.level === 2);
});
afterAll(() => t.close());

const effective = (p: { price: { listPriceValue: number; salePriceValue: number | null } }) =>
  p.price.salePriceValue ?? p.price.listPriceValue;

describe('GET /api/data/category', () => {
  it('returns the navigation flat, at least three levels, in the locale language', async () => {
    const en = await request(t.app).get('/api/data/category?locale=en-us').expect(200);
    const fr = await request(t.app).get('/api/data/category?locale=fr-fr').expect(200);
    const levels = new Set(en.body.categories.map((c: { level: number }) => c.level));
    expect([...levels].sort()).toEqual([1, 2, 3]);
    const enNames = en.body.categories.map((c: { name: string }) => c.name);
    const frNames = fr.body.categories.map((c: { name: string }) => c.name);
    expect(frNames).not.toEqual(enNames);
  });
});

describe('GET /api/data/category/{slug}', () => {
  it('lists products with prices in the market currency and a total', async () => {
    const res = await request(t.app).get(`/api/data/category/${macro.slug}?locale=fr-fr`).expect(200);
    expect(res.body.totalNrOfProducts).toBeGreaterThan(24);
    expect(res.body.products).toHaveLength(24);
    expect(res.body.products.every((p: { price: { currencyCode: string } }) => p.price.currencyCode === 'EUR')).toBe(
      true,
    );
    expect(res.body.pageCount).toBe(Math.ceil(res.body.totalNrOfProducts / 24));
    const jp = await request(t.app).get(`/api/data/category/${macro.slug}?locale=ja-jp`).expect(200);
    expect(jp.body.products[0].price.currencyCode).toBe('JPY');
    expect(Number.isInteger(jp.body.products[0].price.listPriceValue)).toBe(true);
  });

  it('sorts by price ascending and descending, and newest', async () => {
    const asc = await request(t.app)
      .get(`/api/data/category/${macro.slug}?locale=en-gb&sort=price_asc&pageSize=96`)
      .expect(200);
    const prices = asc.body.products.map(effective);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    expect(asc.body.sort).toBe('price_asc');
    const desc = await request(t.app)
      .get(`/api/data/category/${macro.slug}?locale=en-gb&sort=price_desc&pageSize=96`)
      .expect(200);
    const dprices = desc.body.products.map(effective);
    expect(dprices).toEqual([...dprices].sort((a: number, b: number) => b - a));
    const newest = await request(t.app).get(`/api/data/category/${macro.slug}?locale=en-gb&sort=newest`).expect(200);
    expect(newest.body.sort).toBe('newest');
    expect(newest.body.products.map((p: { id: string }) => p.id)).not.toEqual(
      asc.body.products.slice(0, 24).map((p: { id: string }) => p.id),
    );
  });

  it('maps an unknown sort to the default order, and accepts the alternative names', async () => {
    const odd = await request(t.app).get(`/api/data/category/${macro.slug}?locale=en-us&sort=cheapest`).expect(200);
    const def = await request(t.app).get(`/api/data/category/${macro.slug}?locale=en-us`).expect(200);
    expect(odd.body.sort).toBe('recommended');
    expect(odd.body.products.map((p: { id: string }) => p.id)).toEqual(
      def.body.products.map((p: { id: string }) => p.id),
    );
    const alias = await request(t.app)
      .get(`/api/data/category/${macro.slug}?locale=en-us&sort=PriceAscending`)
      .expect(200);
    expect(alias.body.sort).toBe('price_asc');
  });

  it('paginates without overlap', async () => {
    const p1 = await request(t.app).get(`/api/data/category/${macro.slug}?locale=en-us&page=1`).expect(200);
    const p2 = await request(t.app).get(`/api/data/category/${macro.slug}?locale=en-us&page=2`).expect(200);
    const ids1 = new Set(p1.body.products.map((p: { id: string }) => p.id));
    expect(p2.body.page).toBe(2);
    expect(p2.body.products.some((p: { id: string }) => ids1.has(p.id))).toBe(false);
    const past = await request(t.app).get(`/api/data/category/${macro.slug}?locale=en-us&page=999`).expect(200);
    expect(past.body.products).toEqual([]);
  });

  it('includes the products of sub-categories', async () => {
    const whole = await request(t.app).get(`/api/data/category/${macro.slug}?locale=en-us`).expect(200);
    const part = await request(t.app).get(`/api/data/category/${micro.slug}?locale=en-us`).expect(200);
    expect(part.body.totalNrOfProducts).toBeGreaterThan(0);
    expect(part.body.totalNrOfProducts).toBeLessThanOrEqual(whole.body.totalNrOfProducts);
    expect(part.body.breadcrumbs.length).toBeGreaterThanOrEqual(2);
  });

  describe('bad input', () => {
    it.each([
      ['uppercase', 'FR-FR'],
      ['underscore', 'fr_fr'],
      ['three letters', 'fra-fr'],
      ['bare country', 'fr'],
      ['empty', ''],
    ])('refuses a malformed locale (%s) with ERR_API_1005 and the spec message', async (_label, locale) => {
      const res = await request(t.app)
        .get(`/api/data/category/${macro.slug}?locale=${encodeURIComponent(locale)}`)
        .expect(400);
      expect(res.body.code).toBe('ERR_API_1005');
      expect(res.body.title).toBe(
        'Incorrect incoming country locale value. Expected format example: `fr-fr`. Check values in locale configuration.',
      );
      expect(res.body.errors[0].path).toBe('query/locale');
    });

    it('refuses a missing locale with ERR_API_1005', async () => {
      const res = await request(t.app).get(`/api/data/category/${macro.slug}`).expect(400);
      expect(res.body.code).toBe('ERR_API_1005');
    });

    it('answers an unknown category with ERR_CATALOG_1001', async () => {
      const res = await request(t.app).get('/api/data/category/no-such-category?locale=en-us').expect(404);
      expect(res.body).toMatchObject({ code: 'ERR_CATALOG_1001', title: 'Category not found.' });
    });

    it('refuses a malformed slug with ERR_API_1021', async () => {
      const res = await request(t.app).get('/api/data/category/Women_Bags?locale=en-us').expect(400);
      expect(res.body.code).toBe('ERR_API_1021');
    });

    it.each(['0', '-1', '1.5', 'abc', '10001'])('refuses page=%s with ERR_API_1018', async (page) => {
      const res = await request(t.app).get(`/api/data/category/${macro.slug}?locale=en-us&page=${page}`).expect(400);
      expect(res.body.code).toBe('ERR_API_1018');
    });

    it('refuses unknown query parameters', async () => {
      const res = await request(t.app).get(`/api/data/category/${macro.slug}?locale=en-us&color=red`).expect(400);
      expect(res.body.code).toBe('ERR_API_1018');
    });
  });
});

describe('product URLs by language (spec §2)', () => {
  it('keeps the ASCII slug in European languages', () => {
    expect(productUrl('le-sac-5', 'YS123', { language: 'fr', name: 'Le Sac 5' })).toBe('/pr/le-sac-5-YS123.html');
  });
  it('keeps the raw name, URL-encoded, in Japanese, Korean and Chinese', () => {
    expect(productUrl('sac', 'YS123', { language: 'ja', name: 'ショルダー バッグ' })).toBe(
      `/pr/${encodeURIComponent('ショルダー-バッグ')}-YS123.html`,
    );
    expect(productUrl('sac', 'YS123', { language: 'zh', name: '手袋/小号' })).toBe(
      `/pr/${encodeURIComponent('手袋-小号')}-YS123.html`,
    );
  });
  it('falls back to the slug when the name has nothing left', () => {
    expect(productUrl('sac', 'YS123', { language: 'ko', name: ' / ' })).toBe('/pr/sac-YS123.html');
  });
});
