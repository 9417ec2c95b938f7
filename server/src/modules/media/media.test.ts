import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { drawingSignature, productImageSvg } from '../../../../fixtures/catalog/images.ts';
import { generateCatalog } from '../../../../fixtures/catalog/generate.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_BRAND, TEST_PRODUCTS } from '../../test/settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('content images (/media/content)', () => {
  it('draws a content image in the default frame of its name, cacheable for a year', async () => {
    const res = await request(t.app).get('/media/content/home-hero.svg').expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(String(res.body)).toContain('viewBox="0 0 1600 900"');
  });

  it('honours the ratio query', async () => {
    const res = await request(t.app).get('/media/content/home-hero.svg?ratio=4x5').expect(200);
    expect(String(res.body)).toContain('viewBox="0 0 800 1000"');
  });

  it("draws the house's wordmark", async () => {
    const res = await request(t.app).get('/media/content/logo.svg').expect(200);
    expect(String(res.body)).toContain('SAINT LAURENT');
  });

  it('refuses a malformed name (ERR_API_1021) and an unknown ratio (ERR_API_1018)', async () => {
    const bad = await request(t.app).get('/media/content/Bad_Name.svg').expect(400);
    expect(bad.body.code).toBe('ERR_API_1021');
    const ratio = await request(t.app).get('/media/content/home-hero.svg?ratio=2x1').expect(400);
    expect(ratio.body.code).toBe('ERR_API_1018');
  });
});

describe('product drawings (/media/products)', () => {
  it('draws each product from its own style, model and material, as the catalogue describes it', async () => {
    const catalog = generateCatalog({ brand: TEST_BRAND, products: TEST_PRODUCTS });
    // Two products of one category with a model name: each is drawn as itself, and differently.
    const named = catalog.products.filter(
      (p) => p.shortName !== '' && p.categoryId === catalog.products.find((x) => x.shortName !== '')?.categoryId,
    );
    expect(named.length).toBeGreaterThan(1);
    const [a, b] = named as [(typeof named)[number], (typeof named)[number]];
    for (const p of [a, b]) {
      const res = await request(t.app).get(`/media/products/${p.pid}/1.svg`).expect(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(String(res.body)).toBe(productImageSvg(p, 1));
      // Without the style, model and material the drawing would be another one.
      expect(String(res.body)).not.toBe(productImageSvg({ pid: p.pid, categoryId: p.categoryId, color: p.color }, 1));
    }
    expect(drawingSignature(a)).not.toBe(drawingSignature(b));
  });
});
