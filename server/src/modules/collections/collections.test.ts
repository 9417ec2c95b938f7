import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { CollectionService } from './service.ts';
import { CatalogService } from '../catalog/index.ts';
import { MarketService } from '../markets/index.ts';

let t: TestApp;
let collections: CollectionService;
let markets: MarketService;
beforeAll(async () => {
  t = await startTestApp();
  const catalog = new CatalogService(t.database.db, 'ysl');
  await catalog.refresh();
  collections = new CollectionService(t.database.db, catalog);
  markets = await MarketService.load(t.database.db);
});
afterAll(() => t.close());

type Collection = {
  slug: string;
  url: string;
  items: { id: string; price: { currencyCode: string } | null }[];
  looks: { slug: string; products: unknown[] }[];
  totalItems: number;
  totalLooks: number;
  bornSeasonCode: string;
  name: string;
};

describe('GET /ssr/collections', () => {
  it('lists the collections newest season first, each with a preview of at most four items and looks', async () => {
    const res = await request(t.app).get('/ssr/collections?locale=fr-fr').expect(200);
    expect(res.body.pageType).toBe('collections');
    const list: Collection[] = res.body.collections;
    expect(list.length).toBeGreaterThanOrEqual(4);
    const order = list.map((c) => Number(c.bornSeasonCode.slice(2)) * 2 + (c.bornSeasonCode.startsWith('FW') ? 1 : 0));
    expect(order).toEqual([...order].sort((a, b) => b - a));
    for (const c of list) {
      expect(c.items.length).toBeLessThanOrEqual(4);
      expect(c.looks.length).toBeLessThanOrEqual(4);
      expect(c.totalItems).toBeGreaterThanOrEqual(c.items.length);
      expect(c.url).toBe(`/collections/${c.slug}`);
      for (const item of c.items) expect(item.price?.currencyCode).toBe('EUR');
    }
    expect(list.map((c) => c.name).some((n) => /^(Femme|Homme) /.test(n))).toBe(true);
  });

  it("each preview is the start of the collection's own page: items, looks, counts and picture", async () => {
    // The landing reads every collection's previews at once; a collection's page reads its own.
    for (const locale of ['fr-fr', 'ja-jp']) {
      const list: (Collection & { image: unknown })[] = (
        await request(t.app).get(`/ssr/collections?locale=${locale}`).expect(200)
      ).body.collections;
      for (const c of list) {
        const detail = (await request(t.app).get(`/ssr/collections/${c.slug}?locale=${locale}`).expect(200)).body
          .collection;
        expect(c.items).toEqual(detail.items.slice(0, 4));
        expect(c.looks).toEqual(detail.looks.slice(0, 4));
        expect([c.totalItems, c.totalLooks]).toEqual([detail.totalItems, detail.totalLooks]);
        expect(c.image).toEqual(detail.image);
      }
    }
  });
});

describe('GET /ssr/collections/{slug}, /items, /looks', () => {
  let withLooks: Collection;
  beforeAll(async () => {
    const res = await request(t.app).get('/ssr/collections?locale=en-us').expect(200);
    withLooks = (res.body.collections as Collection[]).find((c) => c.totalLooks > 0) as Collection;
  });

  it('shows the collection with its first eight items and looks, in the market language', async () => {
    const res = await request(t.app).get(`/ssr/collections/${withLooks.slug}?locale=ja-jp`).expect(200);
    expect(res.body.pageType).toBe('collection');
    expect(res.body.collection.items.length).toBe(Math.min(8, res.body.collection.totalItems));
    expect(res.body.collection.looks.length).toBe(Math.min(8, res.body.collection.totalLooks));
    expect(res.body.collection.name).toMatch(/コレクション$/);
    expect(res.body.breadcrumbs.map((b: { url: string }) => b.url)).toEqual(['/collections', withLooks.url]);
  });

  it('pages through every item of the collection exactly once, in any sort', async () => {
    const first = await request(t.app).get(`/ssr/collections/${withLooks.slug}/items?locale=en-us`).expect(200);
    const { pageCount, collection } = first.body;
    const seen: string[] = [];
    for (let page = 1; page <= pageCount; page++) {
      const res = await request(t.app)
        .get(`/ssr/collections/${withLooks.slug}/items?locale=en-us&sort=price_desc&page=${page}`)
        .expect(200);
      expect(res.body.collection.looks).toEqual([]);
      const prices = res.body.collection.items.map(
        (p: { price: { listPriceValue: number; salePriceValue: number | null } }) =>
          p.price.salePriceValue ?? p.price.listPriceValue,
      );
      expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
      seen.push(...res.body.collection.items.map((p: { id: string }) => p.id));
      // Every page knows the whole list's count (carried by its rows).
      expect(res.body.collection.totalItems).toBe(collection.totalItems);
    }
    expect(seen.length).toBe(collection.totalItems);
    expect(new Set(seen).size).toBe(seen.length);
    const past = await request(t.app)
      .get(`/ssr/collections/${withLooks.slug}/items?locale=en-us&page=${pageCount + 1}`)
      .expect(200);
    expect(past.body.collection.items).toEqual([]);
    // A page past the end has no row to carry the count: it is counted apart.
    expect(past.body.collection.totalItems).toBe(collection.totalItems);
    expect(past.body.pageCount).toBe(pageCount);
    expect(past.body.meta.robots).toBe('noindex, follow');
  });

  it('lists the looks in show order, twelve a page', async () => {
    const res = await request(t.app).get(`/ssr/collections/${withLooks.slug}/looks?locale=en-us`).expect(200);
    expect(res.body.pageType).toBe('collection-looks');
    expect(res.body.pageSize).toBe(12);
    expect(res.body.collection.items).toEqual([]);
    const positions = res.body.collection.looks.map((l: { position: number }) => l.position);
    expect(positions).toEqual([...positions].sort((a: number, b: number) => a - b));
    expect(res.body.pageCount).toBe(Math.ceil(withLooks.totalLooks / 12));
  });

  it('answers an unknown collection with ERR_PAGE_1000 and a malformed slug with ERR_API_1021', async () => {
    const missing = await request(t.app).get('/ssr/collections/no-such-show?locale=en-us').expect(404);
    expect(missing.body.code).toBe('ERR_PAGE_1000');
    const items = await request(t.app).get('/ssr/collections/no-such-show/items?locale=en-us').expect(404);
    expect(items.body.code).toBe('ERR_PAGE_1000');
    const bad = await request(t.app).get('/ssr/collections/Not_A_Slug?locale=en-us').expect(400);
    expect(bad.body.code).toBe('ERR_API_1021');
    const page = await request(t.app).get(`/ssr/collections/${withLooks.slug}/items?locale=en-us&page=0`).expect(400);
    expect(page.body.code).toBe('ERR_API_1018');
  });
});

describe('GET /ssr/looks/{slug}', () => {
  it('shows the look with its products, its collection and its neighbours in the show', async () => {
    const landing = await request(t.app).get('/ssr/collections?locale=en-us').expect(200);
    const collection = (landing.body.collections as Collection[]).find((c) => c.totalLooks >= 3) as Collection;
    const looks = await request(t.app).get(`/ssr/collections/${collection.slug}/looks?locale=en-us`).expect(200);
    const second = looks.body.collection.looks[1];
    const res = await request(t.app).get(`/ssr/looks/${second.slug}?locale=en-us`).expect(200);
    expect(res.body.pageType).toBe('look');
    expect(res.body.look.slug).toBe(second.slug);
    expect(res.body.look.products.length).toBeGreaterThan(0);
    expect(res.body.look.smcIds.length).toBeGreaterThanOrEqual(res.body.look.products.length);
    expect(res.body.collection).toEqual({ name: collection.name, url: collection.url });
    expect(res.body.previousLook.url).toBe(`/looks/${looks.body.collection.looks[0].slug}`);
    expect(res.body.nextLook.url).toBe(`/looks/${looks.body.collection.looks[2].slug}`);
    expect(res.body.breadcrumbs.at(-1)).toEqual({ name: res.body.look.name, url: res.body.look.url });
  });

  it('answers an unknown look with ERR_PAGE_1000', async () => {
    const res = await request(t.app).get('/ssr/looks/women-ss99-look-1?locale=en-us').expect(404);
    expect(res.body.code).toBe('ERR_PAGE_1000');
  });
});

describe('looks by SMC or by show', () => {
  it('finds the looks a product is worn in by its SMC, and a show by event and season', async () => {
    const market = markets.resolve('en-us');
    const byShow = await collections.lookup(market, { bornEventCode: 'WSS25', bornSeasonCode: 'SS25' });
    expect(byShow.length).toBeGreaterThan(0);
    for (const l of byShow) expect([l.bornEventCode, l.bornSeasonCode]).toEqual(['WSS25', 'SS25']);
    const smc = byShow[0]?.smcIds[0] as string;
    const bySmc = await collections.lookup(market, { smcId: smc });
    expect(bySmc.map((l) => l.id)).toContain(byShow[0]?.id);
    for (const l of bySmc) expect(l.smcIds).toContain(smc);
  });

  it('refuses a lookup with neither an SMC nor a whole show (ERR_LKS_API_1000)', async () => {
    const market = markets.resolve('en-us');
    await expect(collections.lookup(market, {})).rejects.toMatchObject({ code: 'ERR_LKS_API_1000' });
    await expect(collections.lookup(market, { bornEventCode: 'WSS25' })).rejects.toMatchObject({
      code: 'ERR_LKS_API_1000',
    });
  });
});
