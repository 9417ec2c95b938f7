import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startProductsApp, type ProductsTestApp } from './test-fixtures.ts';

let t: ProductsTestApp;
beforeAll(async () => {
  t = await startProductsApp();
});
afterAll(() => t.close());

const ids = (res: { body: { products: { id: string }[] } }) => res.body.products.map((p) => p.id);

describe('GET /api/data/recommendations/manual', () => {
  it('answers the pieces styled with the product, leaving out sold-out ones', async () => {
    const res = await request(t.app).get('/api/data/recommendations/manual?locale=fr-fr&pid=ZPDAVAIL1').expect(200);
    expect(res.body).toMatchObject({
      source: 'manual',
      model: null,
      queryID: null,
      pid: 'ZPDAVAIL1',
      title: 'Compléter la silhouette',
      market: { locale: 'fr-fr' },
    });
    // The look holds ZPDAVAIL1, ZPDSOLD (sold out: left out), ZPDBAG and ZPDLAST.
    expect(ids(res)).toEqual(['ZPDBAG', 'ZPDLAST']);
    expect(res.body.products[0].price.currencyCode).toBe('EUR');
    const none = await request(t.app).get('/api/data/recommendations/manual?locale=en-us&pid=ZPDSIM2').expect(200);
    expect(ids(none)).toEqual([]);
  });

  it('refuses a missing, malformed or unknown pid', async () => {
    expect((await request(t.app).get('/api/data/recommendations/manual?locale=fr-fr').expect(400)).body.code).toBe(
      'ERR_API_1009',
    );
    expect(
      (await request(t.app).get('/api/data/recommendations/manual?locale=fr-fr&pid=A-B').expect(400)).body.code,
    ).toBe('ERR_API_1009');
    expect(
      (await request(t.app).get('/api/data/recommendations/manual?locale=fr-fr&pid=ZPDNOPE').expect(404)).body.code,
    ).toBe('ERR_PDT_API_1001');
  });

  it('refuses a usid that is not the session’s, or a session of another region', async () => {
    const browser = request.agent(t.app).set('Sec-Fetch-Site', 'same-origin');
    const usid = (await browser.post('/api/data/session?locale=en-us').expect(200)).body.usid as string;
    await browser.get(`/api/data/recommendations/manual?locale=en-us&pid=ZPDAVAIL1&usid=${usid}`).expect(200);
    expect(
      (await browser.get(`/api/data/recommendations/manual?locale=ja-jp&pid=ZPDAVAIL1&usid=${usid}`).expect(400)).body
        .code,
    ).toBe('ERR_RCM_API_1000');
    expect(
      (await request(t.app).get(`/api/data/recommendations/manual?locale=en-us&pid=ZPDAVAIL1&usid=${usid}`).expect(400))
        .body.code,
    ).toBe('ERR_RCM_API_1000');
    expect(
      (await browser.get('/api/data/recommendations/manual?locale=en-us&pid=ZPDAVAIL1&usid=bad!').expect(400)).body
        .code,
    ).toBe('ERR_API_1018');
  });
});

describe('GET /api/data/recommendations/algolia', () => {
  it('finds similar items: same leaf and colour first, never the product, its other colours or what cannot be bought', async () => {
    const res = await request(t.app)
      .get('/api/data/recommendations/algolia?locale=fr-fr&model=looking-similar&pid=ZPDAVAIL1')
      .expect(200);
    expect(res.body).toMatchObject({
      source: 'algolia',
      model: 'looking-similar',
      pid: 'ZPDAVAIL1',
      title: 'Articles similaires',
    });
    expect(res.body.queryID).toMatch(/^[0-9a-f]{32}$/);
    const got = ids(res);
    expect(got[0]).toBe('ZPDSIM1');
    expect(got).toContain('ZPDSIM2');
    // Itself, its style's colours, sold-out, alert-only, boutique-only and employee-only products are left out.
    for (const out of ['ZPDAVAIL1', 'ZPDAVAIL2', 'ZPDAVAIL3', 'ZPDSOLD', 'ZPDGONE', 'ZPDNONECOM', 'ZPDEMP'])
      expect(got).not.toContain(out);
    // Coming soon, pre-order and client-service products can be shown.
    expect(got).toEqual(expect.arrayContaining(['ZPDSOON', 'ZPDPRE', 'ZPDCALL']));
    expect(new Set(got).size).toBe(got.length);
  });

  it('answers related products, products bought together and trending items', async () => {
    const related = await request(t.app)
      .get('/api/data/recommendations/algolia?locale=en-us&model=related-products&pid=ZPDSIM1&maxRecommendations=3')
      .expect(200);
    expect(ids(related)).toHaveLength(3);
    expect(ids(related)).not.toContain('ZPDSIM1');
    const together = await request(t.app)
      .get('/api/data/recommendations/algolia?locale=en-us&model=frequently-bought-together&pid=ZPDAVAIL1')
      .expect(200);
    expect(ids(together).slice(0, 2)).toEqual(['ZPDBAG', 'ZPDLAST']);
    const trending = await request(t.app)
      .get('/api/data/recommendations/algolia?locale=en-us&model=trending-items')
      .expect(200);
    expect(trending.body.pid).toBeNull();
    expect(ids(trending)[0]).toBe('ZPDAVAIL1');
    expect(ids(trending)).not.toContain('ZPDSOLD');
  });

  it('refuses a missing or unknown model, a model without its pid, and bad bounds', async () => {
    expect(
      (await request(t.app).get('/api/data/recommendations/algolia?locale=en-us&pid=ZPDSIM1').expect(400)).body.code,
    ).toBe('ERR_RCM_API_1002');
    expect(
      (await request(t.app).get('/api/data/recommendations/algolia?locale=en-us&model=best&pid=ZPDSIM1').expect(400))
        .body.code,
    ).toBe('ERR_RCM_API_1002');
    expect(
      (await request(t.app).get('/api/data/recommendations/algolia?locale=en-us&model=related-products').expect(400))
        .body.code,
    ).toBe('ERR_RCM_API_1002');
    expect(
      (
        await request(t.app)
          .get('/api/data/recommendations/algolia?locale=en-us&model=related-products&pid=ZPDSIM1&maxRecommendations=0')
          .expect(400)
      ).body.code,
    ).toBe('ERR_API_1018');
    expect(
      (
        await request(t.app)
          .get(
            '/api/data/recommendations/algolia?locale=en-us&model=related-products&pid=ZPDSIM1&maxRecommendations=25',
          )
          .expect(400)
      ).body.code,
    ).toBe('ERR_API_1018');
    expect(
      (
        await request(t.app)
          .get('/api/data/recommendations/algolia?locale=en-us&model=related-products&pid=ZPDNOPE')
          .expect(404)
      ).body.code,
    ).toBe('ERR_PDT_API_1001');
    expect(
      (
        await request(t.app)
          .get('/api/data/recommendations/algolia?locale=en-us&model=trending-items&usid=3f0c1e9a-7d2b-4c55')
          .expect(400)
      ).body.code,
    ).toBe('ERR_RCM_API_1000');
  });
});
