import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startProductsApp, type ProductsTestApp } from './test-fixtures.ts';
import { sizeGuideFor, SIZE_GUIDES } from '../../../../reference/catalog/size-guides.ts';

let t: ProductsTestApp;
beforeAll(async () => {
  t = await startProductsApp();
});
afterAll(() => t.close());

const guide = (query: string, locale = 'fr-fr') =>
  request(t.app).get(`/api/data/content/size-guide?locale=${locale}&${query}`);
const SHOES = 'categories[macro]=amq-w&categories[micro]=amq-w-shoes';

describe('size guide tables', () => {
  it('convert every size into every size system, one row per size sold', () => {
    for (const g of Object.values(SIZE_GUIDES)) {
      for (const row of [...g.rows, ...(g.letterRows ?? [])]) {
        expect(Object.keys(row.conversions).sort()).toEqual(['DE', 'ES', 'FR', 'GB', 'IT', 'JP', 'KR', 'US']);
        expect(Object.keys(row.measurements).length).toBeGreaterThan(0);
      }
    }
    expect(SIZE_GUIDES.women_shoes.rows.map((r) => r.size)).toEqual(['35', '36', '37', '38', '39', '40', '41']);
    expect(SIZE_GUIDES.men_clothing.rows.map((r) => r.size)).toEqual(['44', '46', '48', '50', '52', '54', '56']);
  });

  it('follow the categories: gender and size kind, letters for knitwear, none for bags or another house', () => {
    expect(sizeGuideFor('ysl', { macro: 'ysl-m', micro: 'ysl-m-shoes' })?.guide.group).toBe('men_shoes');
    expect(
      sizeGuideFor('ysl', { macro: 'ysl-w', micro: 'ysl-w-rtw', superMicro: 'ysl-w-rtw-knitwear' })?.rows.map(
        (r) => r.size,
      ),
    ).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    expect(
      sizeGuideFor('ysl', { macro: 'ysl-w', micro: 'ysl-w-rtw', superMicro: 'ysl-w-rtw-coats' })?.rows[0]?.size,
    ).toBe('34');
    expect(sizeGuideFor('ysl', { macro: 'ysl-w', micro: 'ysl-w-bags' })).toBeUndefined();
    expect(sizeGuideFor('ysl', { macro: 'ysl-g', micro: 'ysl-g-slg' })).toBeUndefined();
    expect(sizeGuideFor('ysl', { macro: 'amq-w', micro: 'amq-w-shoes' })).toBeUndefined();
    expect(sizeGuideFor('ysl', { macro: 'ysl-w', micro: 'ysl-m-shoes' })).toBeUndefined();
    expect(
      sizeGuideFor('ysl', { macro: 'ysl-w', micro: 'ysl-w-shoes', superMicro: 'ysl-w-shoes-loafers' }),
    ).toBeUndefined();
  });
});

describe('GET /api/data/content/size-guide', () => {
  it('answers the group of the categories with the market size system first, in its language', async () => {
    const res = await guide(`${SHOES}&categories[super-micro]=amq-w-shoes-pumps`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body).toMatchObject({ group: 'women_shoes', region: 'FR', title: 'Guide des tailles chaussures femme' });
    expect(res.body.regions).toEqual(['FR', 'DE', 'GB', 'ES', 'IT', 'US', 'JP', 'KR']);
    expect(res.body.introduction).toMatch(/^<p>Mesurez/);
    expect(res.body.rows[0]).toEqual({
      size: '35',
      conversions: { DE: '35', GB: '2', FR: '35', ES: '35', IT: '35', US: '5', JP: '22', KR: '220' },
      measurements: { footLength: 22.5 },
    });
  });

  it('puts the size system of the market’s size-guide region first (spec §9)', async () => {
    const cases: [string, string][] = [
      ['de-ch', 'DE'],
      ['en-ie', 'GB'],
      ['en-hk', 'GB'],
      ['pt-br', 'US'],
      ['ja-jp', 'JP'],
      ['en-th', 'KR'],
      ['es-es', 'ES'],
      ['en-ae', 'FR'],
      ['it-it', 'IT'],
    ];
    for (const [locale, region] of cases) {
      const res = await guide(SHOES, locale).expect(200);
      expect(res.body.region, locale).toBe(region);
      expect(res.body.regions[0], locale).toBe(region);
    }
    expect((await guide(SHOES, 'ja-jp')).body.title).toBe('ウィメンズ シューズ サイズガイド');
  });

  it('answers "no size guide" for categories without one', async () => {
    const bags = await guide('categories[macro]=amq-w&categories[micro]=amq-w-bags').expect(404);
    expect(bags.body.code).toBe('ERR_CTT_API_1007');
    expect((await guide('categories[macro]=ysl-w&categories[micro]=ysl-w-shoes').expect(404)).body.code).toBe(
      'ERR_CTT_API_1007',
    );
    expect((await guide('categories[macro]=amq-w&categories[micro]=amq-w-nothing').expect(404)).body.code).toBe(
      'ERR_CTT_API_1007',
    );
  });

  it('refuses missing or malformed categories', async () => {
    for (const query of [
      'categories[macro]=amq-w',
      'categories[micro]=amq-w-shoes',
      'x=1&categories[macro]=amq-w',
      `${SHOES}&categories[leaf]=x`,
      'categories[macro]=AMQ-W&categories[micro]=amq-w-shoes',
      '',
    ]) {
      const res = await guide(query).expect(400);
      expect(['ERR_CTT_API_1006', 'ERR_API_1018'], query).toContain(res.body.code);
    }
    expect((await guide('categories[macro]=amq-w').expect(400)).body.code).toBe('ERR_CTT_API_1006');
    expect((await guide('categories[macro]=Amq&categories[micro]=amq-w-shoes').expect(400)).body.code).toBe(
      'ERR_CTT_API_1006',
    );
  });
});
