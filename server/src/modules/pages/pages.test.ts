import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { sellableVariant } from '../../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('page data (/ssr)', () => {
  it('home: hero, categories, new arrivals, navigation and meta', async () => {
    const res = await request(t.app).get('/ssr/home?locale=fr-fr').expect(200);
    expect(res.body.pageType).toBe('home');
    expect(res.body.hero.title).toBe("La collection d'hiver");
    expect(res.body.featuredProducts.length).toBeGreaterThan(0);
    expect(res.body.navigation.length).toBeGreaterThan(3);
    expect(res.body.meta.canonical).toBe('http://localhost:3000/fr-fr/');
    expect(res.body.meta.alternates).toContainEqual({ hreflang: 'x-default', href: 'http://localhost:3000/' });
  });

  it('product: details, sizes, price and JSON-LD with a two-decimal offer', async () => {
    const v = await sellableVariant(t.database.db);
    const res = await request(t.app).get(`/ssr/pr/${v.pid}?locale=fr-fr`).expect(200);
    const p = res.body.product;
    expect(p.id).toBe(v.pid);
    expect(p.url).toBe(`/pr/${v.slug}-${v.pid}.html`);
    expect(p.sizes.map((s: { id: string }) => s.id)).toContain(v.size);
    expect(p.price.currencyCode).toBe('EUR');
    const offer = res.body.meta.jsonLd.offers;
    expect(offer.priceCurrency).toBe('EUR');
    expect(offer.price).toMatch(/^\d+\.\d{2}$/);
    expect(res.body.meta.jsonLd.brand.name).toBe('Saint Laurent');
  });

  it('product: lowercase pid finds the product', async () => {
    const v = await sellableVariant(t.database.db);
    const res = await request(t.app).get(`/ssr/pr/${v.pid.toLowerCase()}?locale=en-us`).expect(200);
    expect(res.body.product.id).toBe(v.pid);
  });

  it('product: an unknown pid answers ERR_PDT_API_1001', async () => {
    const res = await request(t.app).get('/ssr/pr/ZZZZ0000NOPE?locale=en-us').expect(404);
    expect(res.body).toMatchObject({ code: 'ERR_PDT_API_1001', title: 'Product not found.' });
  });

  it.each(['ABC-123', 'ABC%20123', 'A'.repeat(33)])('product: a malformed pid (%s) answers ERR_API_1009', async (pid) => {
    const res = await request(t.app).get(`/ssr/pr/${pid}?locale=en-us`).expect(400);
    expect(res.body.code).toBe('ERR_API_1009');
  });

  it('product: employee-only products are not shown to the public', async () => {
    const emp = await t.database.db.selectFrom('products').select('pid').where('is_employee_only', '=', true).executeTakeFirst();
    if (!emp) return;
    const res = await request(t.app).get(`/ssr/pr/${emp.pid}?locale=en-us`).expect(404);
    expect(res.body.code).toBe('ERR_PDT_API_1001');
  });

  it('category: listing and robots rules for sorted pages', async () => {
    const nav = await request(t.app).get('/api/data/category?locale=en-us');
    const slug = nav.body.categories[0].slug;
    const plain = await request(t.app).get(`/ssr/ca/${slug}?locale=en-us`).expect(200);
    expect(plain.body.meta.robots).toBe('index, follow');
    const sorted = await request(t.app).get(`/ssr/ca/${slug}?locale=en-us&sort=price_asc`).expect(200);
    expect(sorted.body.meta.robots).toBe('noindex, follow');
    await request(t.app).get('/ssr/ca/unknown-slug?locale=en-us').expect(404);
  });

  it('404 page data', async () => {
    const res = await request(t.app).get('/ssr/404?locale=de-de').expect(200);
    expect(res.body.pageType).toBe('not-found');
    expect(res.body.market).toMatchObject({ locale: 'de-de', currency: 'EUR' });
  });
});
