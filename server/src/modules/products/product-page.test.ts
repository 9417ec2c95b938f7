import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startProductsApp, type ProductsTestApp } from './test-fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: ProductsTestApp;
beforeAll(async () => {
  t = await startProductsApp();
});
afterAll(() => t.close());

describe('GET /ssr/pr/{pid}: the product page data', () => {
  it('carries the style, colours, gender switch, category ids, tags and each size’s status', async () => {
    const res = await request(t.app).get('/ssr/pr/ZPDAVAIL1?locale=fr-fr').expect(200);
    const p = res.body.product;
    expect(p).toMatchObject({
      id: 'ZPDAVAIL1',
      smcId: 'SMC-ZPDAVAIL1',
      styleCode: 'ZST1',
      shortName: 'Peak',
      genderCode: 'D',
      genderAssociation: 'ZPDMEN1',
      categoryIds: { macro: 'amq-w', micro: 'amq-w-shoes', superMicro: 'amq-w-shoes-pumps' },
      totalColors: 2,
      tags: ['generic tag 2', 'available online'],
    });
    expect(p.colorVariants.map((c: { pid: string }) => c.pid)).toEqual(['ZPDAVAIL2']);
    expect(p.sizes.map((s: { id: string; displayStatus: string }) => [s.id, s.displayStatus])).toEqual([
      ['36', 'available'],
      ['37', 'notify me'],
      ['38', 'available'],
    ]);
    expect(p.display).toHaveLength(5);
  });

  it('shows a client-service product’s call to action', async () => {
    const res = await request(t.app).get('/ssr/pr/ZPDCALL?locale=en-us').expect(200);
    expect(res.body.product.display.find((d: { context: string }) => d.context === 'product page').status).toBe(
      'call to buy',
    );
    expect(res.body.product.sizes[0].displayStatus).toBe('call to buy');
  });
});

describe('when the data source fails', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await startTestApp();
    await down.close();
  });

  it('answers each operation’s own 502 code', async () => {
    const cases: [string, string][] = [
      ['/api/data/product/ZPDAVAIL1/availability?locale=fr-fr', 'ERR_PDT_API_1009'],
      ['/api/data/product/ZPDAVAIL1/prices?locale=fr-fr', 'ERR_PDT_API_1004'],
      ['/api/data/product/ZPDAVAIL1/shipping-info?locale=fr-fr', 'ERR_PDT_API_1018'],
      ['/api/internal/product/ZPDAVAIL1/shipping-methods?locale=fr-fr', 'ERR_PDT_API_1012'],
      ['/api/data/products/availability?locale=fr-fr&pids=ZPDAVAIL1', 'ERR_PDT_API_1009'],
      ['/api/data/products/prices?locale=fr-fr&pids=ZPDAVAIL1', 'ERR_PDT_API_1010'],
      ['/api/data/products/hit-tile?locale=fr-fr&pids=ZPDAVAIL1', 'ERR_PDT_API_1011'],
      ['/api/data/recently-viewed?locale=fr-fr&pids=ZPDAVAIL1', 'ERR_PDT_API_1017'],
      ['/api/data/recommendations/manual?locale=fr-fr&pid=ZPDAVAIL1', 'ERR_RCM_API_1001'],
      ['/api/data/recommendations/algolia?locale=fr-fr&model=trending-items', 'ERR_RCM_API_1001'],
    ];
    for (const [url, code] of cases) {
      const res = await request(down.app).get(url).expect(502);
      expect(res.body.code, url).toBe(code);
    }
    const bis = await request(down.app)
      .post('/api/data/product/ZPDAVAIL1/back-in-stock?locale=fr-fr')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({
        email: 'claire@example.org',
        size: '37',
        locale: 'fr-fr',
        recaptchaToken: 'test-recaptcha-token',
        consent: true,
      })
      .expect(502);
    expect(bis.body.code).toBe('ERR_PDT_API_1003');
  });
});
