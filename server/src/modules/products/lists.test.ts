import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startProductsApp, type ProductsTestApp } from './test-fixtures.ts';
import { MAX_PIDS } from './service.ts';

let t: ProductsTestApp;
beforeAll(async () => {
  t = await startProductsApp();
});
afterAll(() => t.close());

const many = (n: number) => Array.from({ length: n }, (_, i) => `ZPDX${i}`).join(',');

describe('GET /api/data/products/hit-tile', () => {
  it('answers the tiles in the order asked, with style colours, categories and the gender switch', async () => {
    const res = await request(t.app)
      .get('/api/data/products/hit-tile?locale=fr-fr&pids=ZPDBAG,ZPDAVAIL1,ZPDNOPE,ZPDEMP')
      .expect(200);
    expect(res.body.products.map((p: { id: string }) => p.id)).toEqual(['ZPDBAG', 'ZPDAVAIL1']);
    expect(res.body.missingPids).toEqual(['ZPDNOPE', 'ZPDEMP']);
    const tile = res.body.products[1];
    expect(tile).toMatchObject({
      objectID: 'ZPDAVAIL1-36',
      smcId: 'SMC-ZPDAVAIL1',
      styleCode: 'ZST1',
      shortName: 'Peak',
      genderCode: 'D',
      genderAssociation: 'ZPDMEN1',
      macroColor: 'black',
      categories: { macroCategory: 'Femme', microCategory: 'Chaussures', superMicroCategory: 'Escarpins' },
      categoryIds: { macro: 'amq-w', micro: 'amq-w-shoes', superMicro: 'amq-w-shoes-pumps' },
      price: { listPriceValue: 1000, salePriceValue: 600, currencyCode: 'EUR' },
      url: '/pr/test-zpdavail1-ZPDAVAIL1.html',
    });
    // ZPDAVAIL3 shares the style but is not sold in France: no swatch for it there.
    expect(tile.colorVariants).toEqual([
      { pid: 'ZPDAVAIL2', color: 'Red', macroColor: 'red', hex: '#B0141E', url: '/pr/test-zpdavail2-ZPDAVAIL2.html' },
    ]);
    expect(tile.totalColors).toBe(2);
    const us = await request(t.app).get('/api/data/products/hit-tile?locale=en-us&pids=ZPDAVAIL1').expect(200);
    expect(us.body.products[0].totalColors).toBe(3);
    expect(res.body.products[0]).toMatchObject({
      totalColors: 1,
      colorVariants: [],
      shortName: '',
      genderAssociation: null,
    });
  });

  it('answers a repeated or lower-case id once, at its first place', async () => {
    const res = await request(t.app)
      .get('/api/data/products/hit-tile?locale=en-us&pids=zpdbag,ZPDLAST,ZPDBAG')
      .expect(200);
    expect(res.body.products.map((p: { id: string }) => p.id)).toEqual(['ZPDBAG', 'ZPDLAST']);
  });

  it(`takes at most ${MAX_PIDS} ids`, async () => {
    await request(t.app)
      .get(`/api/data/products/hit-tile?locale=en-us&pids=${many(MAX_PIDS)}`)
      .expect(200);
    const res = await request(t.app)
      .get(`/api/data/products/hit-tile?locale=en-us&pids=${many(MAX_PIDS + 1)}`)
      .expect(400);
    expect(res.body.code).toBe('ERR_API_1007');
  });

  it('refuses a malformed list, a missing list and a bad locale', async () => {
    for (const pids of ['ZPDBAG,%20ZPDLAST', 'ZPDBAG,,ZPDLAST', ',ZPDBAG', 'ZPDBAG,', 'ZPD-BAG']) {
      const res = await request(t.app).get(`/api/data/products/hit-tile?locale=en-us&pids=${pids}`).expect(400);
      expect(res.body.code, pids).toBe('ERR_API_1006');
    }
    expect((await request(t.app).get('/api/data/products/hit-tile?locale=en-us').expect(400)).body.code).toBe(
      'ERR_API_1006',
    );
    expect(
      (await request(t.app).get('/api/data/products/hit-tile?locale=enus&pids=ZPDBAG').expect(400)).body.code,
    ).toBe('ERR_API_1005');
  });
});

describe('GET /api/data/products/availability and /prices', () => {
  it('answers each product like the single-product calls, in order', async () => {
    const list = await request(t.app)
      .get('/api/data/products/availability?locale=fr-fr&pids=ZPDSOON,ZPDAVAIL3,ZPDAVAIL1')
      .expect(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.products.map((p: { pid: string }) => p.pid)).toEqual(['ZPDSOON', 'ZPDAVAIL1']);
    expect(list.body.missingPids).toEqual(['ZPDAVAIL3']);
    const single = await request(t.app).get('/api/data/product/ZPDAVAIL1/availability?locale=fr-fr').expect(200);
    expect(list.body.products[1]).toEqual(single.body);
    const prices = await request(t.app)
      .get('/api/data/products/prices?locale=fr-fr&pids=ZPDAVAIL1,ZPDNOPE')
      .expect(200);
    expect(prices.body.market).toMatchObject({ locale: 'fr-fr', currency: 'EUR' });
    expect(prices.body.products[0]).toMatchObject({ pid: 'ZPDAVAIL1', discountPercent: 40 });
    expect(prices.body.missingPids).toEqual(['ZPDNOPE']);
  });

  it('refuses too many and malformed ids', async () => {
    expect(
      (
        await request(t.app)
          .get(`/api/data/products/availability?locale=fr-fr&pids=${many(MAX_PIDS + 1)}`)
          .expect(400)
      ).body.code,
    ).toBe('ERR_API_1007');
    expect(
      (
        await request(t.app)
          .get(`/api/data/products/prices?locale=fr-fr&pids=${many(MAX_PIDS + 1)}`)
          .expect(400)
      ).body.code,
    ).toBe('ERR_API_1007');
    expect((await request(t.app).get('/api/data/products/prices?locale=fr-fr&pids=A;B').expect(400)).body.code).toBe(
      'ERR_API_1006',
    );
    expect(
      (await request(t.app).get('/api/data/products/availability?locale=fr-fr&pids=A%20B').expect(400)).body.code,
    ).toBe('ERR_API_1006');
  });
});

describe('GET /api/data/recently-viewed', () => {
  it('answers the cards in the order the browser keeps, and the ids no longer sold', async () => {
    const res = await request(t.app)
      .get('/api/data/recently-viewed?locale=fr-fr&pids=ZPDLAST,ZPDAVAIL3,ZPDSOLD')
      .expect(200);
    expect(res.body.products.map((p: { id: string }) => p.id)).toEqual(['ZPDLAST', 'ZPDSOLD']);
    expect(res.body.missingPids).toEqual(['ZPDAVAIL3']);
    expect(res.body.products[1].availability.inStock).toBe(false);
    expect(
      (
        await request(t.app)
          .get(`/api/data/recently-viewed?locale=fr-fr&pids=${many(MAX_PIDS + 1)}`)
          .expect(400)
      ).body.code,
    ).toBe('ERR_API_1007');
    expect((await request(t.app).get('/api/data/recently-viewed?locale=fr-fr&pids=A,,B').expect(400)).body.code).toBe(
      'ERR_API_1006',
    );
  });

  it('checks a usid against the session it belongs to', async () => {
    const browser = request.agent(t.app).set('Sec-Fetch-Site', 'same-origin');
    // No session cookie: the usid is nobody's.
    const none = await browser
      .get('/api/data/recently-viewed?locale=fr-fr&pids=ZPDLAST&usid=3f0c1e9a-7d2b-4c55-9a61-0b8e2f4d6a17')
      .expect(400);
    expect(none.body.code).toBe('ERR_REC_API_1000');
    const session = await browser.post('/api/data/session?locale=fr-fr').expect(200);
    const usid = session.body.usid as string;
    await browser.get(`/api/data/recently-viewed?locale=fr-fr&pids=ZPDLAST&usid=${usid}`).expect(200);
    // Another shopper's usid, or this session used on another region's market.
    expect(
      (
        await browser
          .get('/api/data/recently-viewed?locale=fr-fr&pids=ZPDLAST&usid=00000000-0000-4000-8000-000000000000')
          .expect(400)
      ).body.code,
    ).toBe('ERR_REC_API_1000');
    expect(
      (await browser.get(`/api/data/recently-viewed?locale=en-us&pids=ZPDLAST&usid=${usid}`).expect(400)).body.code,
    ).toBe('ERR_REC_API_1000');
    expect(
      (await browser.get('/api/data/recently-viewed?locale=fr-fr&pids=ZPDLAST&usid=short').expect(400)).body.code,
    ).toBe('ERR_API_1018');
  });
});
