import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import request from 'supertest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_BRAND } from '../../test/settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Hit {
  id: string;
  name: string;
  shortName: string;
  price: { listPriceValue: number; salePriceValue: number | null; currencyCode: string } | null;
  availability: { inStock: boolean };
  macroColor: string;
  totalColors: number;
  colorVariants: { pid: string }[];
}

const search = (query: string) => request(t.app).get(`/api/data/search?brand=${TEST_BRAND}&${query}`);
const effective = (p: Hit) => (p.price ? (p.price.salePriceValue ?? p.price.listPriceValue) : 0);

/** A product name in a language, straight from the catalogue (the generator decides the words). */
async function nameOf(language: string, where = sql`true`): Promise<{ pid: string; name: string }> {
  const { rows } = await sql<{ pid: string; name: string }>`
    select t.pid, t.name from product_translations t join products p on p.pid = t.pid
    where t.language = ${language} and p.brand = ${TEST_BRAND} and not p.is_employee_only and not p.is_rd and ${where}
    order by p.rank limit 1`.execute(t.database.db);
  const row = rows[0];
  if (!row) throw new Error(`no product in ${language}`);
  return row;
}

describe('GET /api/data/search', () => {
  it('finds bags for "sac" on fr-fr, French names first, priced in euros', async () => {
    const res = await search('locale=fr-fr&q=sac').expect(200);
    expect(res.body.totalNrOfProducts).toBeGreaterThan(0);
    const hits: Hit[] = res.body.products;
    expect(hits[0]?.name.toLowerCase().startsWith('sac')).toBe(true);
    expect(hits.every((h) => h.price?.currencyCode === 'EUR')).toBe(true);
    // Every hit carries the word somewhere it is searched (name, model, colour, material or category).
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from product_translations t join products p on p.pid = t.pid
      where t.language = 'fr' and p.brand = ${TEST_BRAND} and not p.is_employee_only and not p.is_rd
        and lower(t.name) like 'sac%'`.execute(t.database.db);
    expect(res.body.totalNrOfProducts).toBeGreaterThanOrEqual(rows[0]?.n ?? 0);
    expect(res.body.query).toBe('sac');
    expect(res.body.indexName).toBe('products_fr_eu');
    expect(res.body.products[0].categoryIds.superMicro).toMatch(/^ysl-/);
    expect(res.body.defaultGridView).toBe('ViewBy3');
  });

  it('finds a Japanese product by part of its name, from the middle of a word too', async () => {
    const { pid, name } = await nameOf('ja', sql`t.name ~ '[ァ-ヶ]{4,}'`);
    const word = /[ァ-ヶー]{4,}/u.exec(name)?.[0] as string;
    const middle = [...word].slice(1, 4).join('');
    for (const q of [word.slice(0, 3), middle]) {
      const res = await search(`locale=ja-jp&q=${encodeURIComponent(q)}&pageSize=48`).expect(200);
      const ids = res.body.products.map((h: Hit) => h.id);
      expect(res.body.totalNrOfProducts).toBeGreaterThan(0);
      expect(res.body.products.every((h: Hit) => h.price?.currencyCode === 'JPY')).toBe(true);
      if (res.body.totalNrOfProducts <= 48) expect(ids).toContain(pid);
    }
    const full = await search(`locale=ja-jp&q=${encodeURIComponent(name)}`).expect(200);
    expect(full.body.products[0].id).toBe(pid);
  });

  it('tolerates typos and suggests the spelling ("loulouu", "sak de jour")', async () => {
    const res = await search('locale=en-us&q=loulouu').expect(200);
    expect(res.body.totalNrOfProducts).toBeGreaterThan(0);
    expect(res.body.products[0].name.toLowerCase()).toContain('loulou');
    expect(res.body.suggestions[0]).toMatchObject({ query: 'loulou', url: '/search?q=loulou', category: null });
    const fr = await search(`locale=fr-fr&q=${encodeURIComponent('sak de jour')}`).expect(200);
    expect(fr.body.totalNrOfProducts).toBeGreaterThan(0);
    expect(fr.body.products[0].name.toLowerCase()).toContain('sac de jour');
    expect(fr.body.suggestions[0].query).toBe('sac de jour');
  });

  it('answers from the first character in every locale (autocomplete)', async () => {
    for (const [locale, language] of [
      ['en-us', 'en'],
      ['ja-jp', 'ja'],
      ['ko-kr', 'ko'],
      ['zh-tw', 'zh'],
      ['fr-fr', 'fr'],
    ] as const) {
      const { name } = await nameOf(language);
      const first = [...name.toLowerCase()][0] as string;
      const res = await search(`locale=${locale}&q=${encodeURIComponent(first)}&pageSize=6`).expect(200);
      expect(res.body.products.length, locale).toBeGreaterThan(0);
      expect(res.body.products.length).toBeLessThanOrEqual(6);
      expect(res.body.pageSize).toBe(6);
    }
  });

  it('suggests the matching categories', async () => {
    const res = await search('locale=en-us&q=bag').expect(200);
    const cats = res.body.suggestions.filter((s: { category: unknown }) => s.category);
    expect(cats.length).toBeGreaterThan(0);
    expect(cats[0].url).toMatch(/^\/ca\//);
    expect(cats[0].category.name.toLowerCase()).toContain('bag');
  });

  it('sorts and pages the results', async () => {
    const asc = await search('locale=en-gb&q=leather&sort=price_asc&pageSize=48').expect(200);
    const prices = asc.body.products.map(effective);
    expect(prices.length).toBeGreaterThan(3);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    expect(asc.body.sort).toBe('price_asc');
    expect(asc.body.indexName).toBe('products_gb_eu_price_asc');
    const desc = await search('locale=en-gb&q=leather&sort=PriceDescending&pageSize=48').expect(200);
    expect(desc.body.sort).toBe('price_desc');
    const dprices = desc.body.products.map(effective);
    expect(dprices).toEqual([...dprices].sort((a: number, b: number) => b - a));

    const p1 = await search('locale=en-us&q=leather&pageSize=5').expect(200);
    const p2 = await search('locale=en-us&q=leather&pageSize=5&page=2').expect(200);
    expect(p1.body.totalNrOfProducts).toBe(p2.body.totalNrOfProducts);
    expect(p1.body.pageCount).toBe(Math.ceil(p1.body.totalNrOfProducts / 5));
    const ids1 = p1.body.products.map((h: Hit) => h.id);
    expect(p2.body.products.map((h: Hit) => h.id).some((id: string) => ids1.includes(id))).toBe(false);
    const past = await search('locale=en-us&q=leather&page=999').expect(200);
    expect(past.body.products).toEqual([]);
    expect(past.body.totalNrOfProducts).toBe(p1.body.totalNrOfProducts);
  });

  it('filters the results and answers their facets, counted over the matches', async () => {
    const all = await search('locale=en-us&q=leather&pageSize=48').expect(200);
    const color = all.body.filters.find((f: { urlName: string }) => f.urlName === 'color');
    expect(color).toBeDefined();
    const counted = color.values.reduce((n: number, v: { count: number }) => n + v.count, 0);
    expect(counted).toBe(all.body.totalNrOfProducts);
    const black = color.values.find((v: { count: number }) => v.count > 0);
    const filtered = await search(
      `locale=en-us&q=leather&pageSize=48&filters=${encodeURIComponent(`color:${black.value}`)}`,
    ).expect(200);
    expect(filtered.body.totalNrOfProducts).toBe(black.count);
    expect(filtered.body.appliedFilters).toBe(`color:${black.value}`);
    expect(filtered.body.products.every((h: Hit) => h.macroColor === black.value)).toBe(true);
    const selected = filtered.body.filters
      .find((f: { urlName: string }) => f.urlName === 'color')
      .values.find((v: { value: string }) => v.value === black.value);
    expect(selected.selected).toBe(true);
    // Unknown values of a known key are dropped, as on listings.
    const unknown = await search(
      `locale=en-us&q=leather&filters=${encodeURIComponent(`color:${black.value}|plaid`)}`,
    ).expect(200);
    expect(unknown.body.appliedFilters).toBe(`color:${black.value}`);
    const stock = await search('locale=en-us&q=leather&pageSize=48&filters=instock%3Atrue').expect(200);
    expect(stock.body.products.every((h: Hit) => h.availability.inStock)).toBe(true);
  });

  it('answers autocomplete without facets, with the same hits and filters applied', async () => {
    for (const [locale, q] of [
      ['en-us', 'leather'],
      ['fr-fr', 'sac'],
      ['ja-jp', 'バッグ'],
    ] as const) {
      const page = await search(`locale=${locale}&q=${encodeURIComponent(q)}&pageSize=6`).expect(200);
      const drawer = await search(`locale=${locale}&q=${encodeURIComponent(q)}&pageSize=6&facets=false`).expect(200);
      expect(
        drawer.body.products.map((h: Hit) => h.id),
        q,
      ).toEqual(page.body.products.map((h: Hit) => h.id));
      expect(drawer.body.totalNrOfProducts).toBe(page.body.totalNrOfProducts);
      expect(drawer.body.totalNrOfProductsIsExact).toBe(true);
      const second = await search(`locale=${locale}&q=${encodeURIComponent(q)}&pageSize=6&page=2&facets=false`).expect(
        200,
      );
      const pageTwo = await search(`locale=${locale}&q=${encodeURIComponent(q)}&pageSize=6&page=2`).expect(200);
      expect(
        second.body.products.map((h: Hit) => h.id),
        q,
      ).toEqual(pageTwo.body.products.map((h: Hit) => h.id));
    }
    // Many matches: the drawer stops counting at 100 and walks the merchandising order.
    const page = await search('locale=en-us&q=s&pageSize=6').expect(200);
    expect(page.body.totalNrOfProducts).toBeGreaterThan(100);
    for (const n of [1, 3]) {
      const drawer = await search(`locale=en-us&q=s&pageSize=6&facets=false&page=${n}`).expect(200);
      const results = await search(`locale=en-us&q=s&pageSize=6&page=${n}`).expect(200);
      expect(drawer.body).toMatchObject({ totalNrOfProducts: 100, totalNrOfProductsIsExact: false });
      expect(drawer.body.products.map((h: Hit) => h.id)).toEqual(results.body.products.map((h: Hit) => h.id));
    }
    const full = await search('locale=en-us&q=leather&pageSize=6&filters=instock%3Atrue').expect(200);
    const quick = await search('locale=en-us&q=leather&pageSize=6&facets=false&filters=instock%3Atrue').expect(200);
    expect(quick.body.filters).toEqual([]);
    expect(quick.body.totalNrOfProducts).toBe(full.body.totalNrOfProducts);
    expect(quick.body.products.map((h: Hit) => h.id)).toEqual(full.body.products.map((h: Hit) => h.id));
    for (const sort of ['price_asc', 'newest']) {
      const a = await search(`locale=en-us&q=leather&pageSize=6&sort=${sort}`).expect(200);
      const b = await search(`locale=en-us&q=leather&pageSize=6&sort=${sort}&facets=false`).expect(200);
      expect(
        b.body.products.map((h: Hit) => h.id),
        sort,
      ).toEqual(a.body.products.map((h: Hit) => h.id));
    }
  });

  it('takes any characters as text, never as query syntax', async () => {
    for (const q of ['%', '_', '\\', "' or 1=1 --", '& | ! : * ( )', 'sac:*', '<b>']) {
      // As a browser's search form or URLSearchParams sends it.
      const res = await search(`locale=fr-fr&${new URLSearchParams({ q })}&pageSize=3`).expect(200);
      expect(res.body.query).toBe(q.trim());
    }
  });

  it('refuses an empty or blank query with ERR_SEARCH_API_1000', async () => {
    for (const q of ['', '%20%20', '%09']) {
      const res = await search(`locale=en-us&q=${q}`).expect(400);
      expect(res.body.code).toBe('ERR_SEARCH_API_1000');
    }
    const missing = await request(t.app).get(`/api/data/search?brand=${TEST_BRAND}&locale=en-us`).expect(400);
    expect(missing.body.code).toBe('ERR_SEARCH_API_1000');
  });

  it('refuses malformed filters with ERR_API_1018, and another house with ERR_API_1004', async () => {
    for (const f of ['color', 'colour:black', 'color:black,color:white', 'price:9-1', 'price:1-2|3-4']) {
      const res = await search(`locale=en-us&q=bag&filters=${encodeURIComponent(f)}`).expect(400);
      expect(res.body.code, f).toBe('ERR_API_1018');
    }
    const other = await request(t.app).get('/api/data/search?brand=bal&locale=en-us&q=bag').expect(400);
    expect(other.body.code).toBe('ERR_API_1004');
    const big = await search('locale=en-us&q=bag&pageSize=49').expect(400);
    expect(big.body.code).toBe('ERR_API_1018');
  });
});

describe('GET /api/data/search/trending-now', () => {
  it('answers the market language trending queries and products in stock', async () => {
    const fr = await request(t.app).get('/api/data/search/trending-now?locale=fr-fr').expect(200);
    expect(fr.body.queries.length).toBeGreaterThan(0);
    expect(fr.body.queries.length).toBeLessThanOrEqual(10);
    expect(fr.body.queries.map((q: { query: string }) => q.query)).toContain('baskets');
    expect(fr.body.queries[0].url).toMatch(/^\/search\?q=/);
    expect(fr.body.products.length).toBeGreaterThan(0);
    expect(fr.body.products.length).toBeLessThanOrEqual(8);
    expect(fr.body.products.every((p: Hit) => p.availability.inStock && p.price?.currencyCode === 'EUR')).toBe(true);
    const ja = await request(t.app).get('/api/data/search/trending-now?locale=ja-jp').expect(200);
    expect(ja.body.queries.map((q: { query: string }) => q.query)).toContain('スニーカー');
  });

  it('answers ERR_TRENDING_API_1000 without a locale, ERR_API_1005 for a malformed one', async () => {
    const missing = await request(t.app).get('/api/data/search/trending-now').expect(400);
    expect(missing.body.code).toBe('ERR_TRENDING_API_1000');
    const bad = await request(t.app).get('/api/data/search/trending-now?locale=french').expect(400);
    expect(bad.body.code).toBe('ERR_API_1005');
  });
});

describe('GET /ssr/search', () => {
  it('answers results with a query, trending searches without, never indexed', async () => {
    const withQ = await request(t.app).get('/ssr/search?locale=fr-fr&q=sac&filters[instock]=true').expect(200);
    expect(withQ.body.pageType).toBe('search');
    expect(withQ.body.trending).toBeNull();
    expect(withQ.body.search.totalNrOfProducts).toBeGreaterThan(0);
    expect(withQ.body.search.appliedFilters).toBe('instock:true');
    expect(withQ.body.search.products.every((h: Hit) => h.availability.inStock)).toBe(true);
    expect(withQ.body.meta.robots).toBe('noindex, follow');
    const without = await request(t.app).get('/ssr/search?locale=fr-fr').expect(200);
    expect(without.body.search).toBeNull();
    expect(without.body.trending.queries.length).toBeGreaterThan(0);
    const blank = await request(t.app).get('/ssr/search?locale=fr-fr&q=%20').expect(400);
    expect(blank.body.code).toBe('ERR_SEARCH_API_1000');
  });
});

// Rows of its own, under another house, so that no other test file ever sees them change.
describe('search documents follow the catalogue', () => {
  const PID = 'SRCHTEST0001';
  const CAT = 'bal-search-test';
  let bal: TestApp;
  const find = (query: string) => request(bal.app).get(`/api/data/search?brand=bal&facets=false&${query}`);
  const ids = (res: { body: { products: Hit[] } }) => res.body.products.map((h) => h.id);

  beforeAll(async () => {
    bal = await startTestApp({ BRAND: 'bal' });
    const db = bal.database.db;
    await db.deleteFrom('products').where('pid', '=', PID).execute();
    await db.deleteFrom('categories').where('id', '=', CAT).execute();
    await db
      .insertInto('categories')
      .values({
        id: CAT,
        brand: 'bal',
        slug: 'search-test-bags',
        parent_id: null,
        level: 3,
        gender: 'women',
        position: 1,
      })
      .execute();
    await db
      .insertInto('category_translations')
      .values([
        { category_id: CAT, language: 'en', name: 'Tassel bags' },
        { category_id: CAT, language: 'de', name: 'Quastentaschen' },
      ])
      .execute();
    await db
      .insertInto('products')
      .values({
        pid: PID,
        brand: 'bal',
        category_id: CAT,
        gender_code: 'D',
        slug: 'zephyrine-tassel-bag',
        color_code: 'BLK',
        color_hex: '#000000',
        macro_color: 'black',
        micro_color: 'black',
        material: 'calfskin',
        size_group: null,
        image_count: 2,
        born_season: 'FW26',
        created_at: new Date('2026-10-01T00:00:00Z'),
        rank: 1,
      })
      .execute();
    await db
      .insertInto('product_translations')
      .values([
        {
          pid: PID,
          language: 'en',
          name: 'Zephyrine tassel bag',
          description: '-',
          composition: '100% calfskin',
          color_name: 'Black',
        },
        {
          pid: PID,
          language: 'de',
          name: 'Zephyrine Quastentasche',
          description: '-',
          composition: '100 % Kalbsleder',
          color_name: 'Schwarz',
        },
      ])
      .execute();
    await db
      .insertInto('product_prices')
      .values([
        { pid: PID, currency: 'USD', list_price: 2100, sale_price: null },
        { pid: PID, currency: 'EUR', list_price: 1900, sale_price: null },
      ])
      .execute();
    await db
      .insertInto('product_variants')
      .values({ sku: `${PID}-TU`, pid: PID, size: 'TU', position: 1, stock: 2 })
      .execute();
  });
  afterAll(async () => {
    await bal.database.db.deleteFrom('products').where('pid', '=', PID).execute();
    await bal.database.db.deleteFrom('categories').where('id', '=', CAT).execute();
    await bal.close();
  });

  it('finds a new product by name, model words and category, in its own language', async () => {
    expect(ids(await find('locale=en-us&q=zephyr').expect(200))).toEqual([PID]);
    expect(ids(await find('locale=en-us&q=tassel%20bags').expect(200))).toEqual([PID]);
    expect(ids(await find('locale=de-de&q=quastentas').expect(200))).toEqual([PID]);
    const hit = (await find('locale=de-de&q=zephyrine').expect(200)).body.products[0];
    expect(hit).toMatchObject({
      id: PID,
      objectID: `${PID}-TU`,
      smcId: PID,
      totalColors: 1,
      colorVariants: [],
      price: { currencyCode: 'EUR', listPriceValue: 1900 },
    });
  });

  it('follows renames, and leaves out employee-only, rive-droite and unpriced products', async () => {
    const db = bal.database.db;
    // The product and its category are left as found (the tests of this file may run in any order).
    onTestFinished(async () => {
      await db
        .updateTable('product_translations')
        .set({ name: 'Zephyrine tassel bag' })
        .where('pid', '=', PID)
        .where('language', '=', 'en')
        .execute();
      await db.updateTable('products').set({ is_employee_only: false, is_rd: false }).where('pid', '=', PID).execute();
      await db
        .updateTable('category_translations')
        .set({ name: 'Tassel bags' })
        .where('category_id', '=', CAT)
        .where('language', '=', 'en')
        .execute();
    });
    await db
      .updateTable('product_translations')
      .set({ name: 'Aurelienne tassel bag' })
      .where('pid', '=', PID)
      .where('language', '=', 'en')
      .execute();
    expect(ids(await find('locale=en-us&q=aurelien').expect(200))).toEqual([PID]);
    expect(ids(await find('locale=en-us&q=zephyr').expect(200))).toEqual([]);
    await db.updateTable('products').set({ is_employee_only: true }).where('pid', '=', PID).execute();
    expect(ids(await find('locale=en-us&q=aurelien').expect(200))).toEqual([]);
    await db.updateTable('products').set({ is_employee_only: false, is_rd: true }).where('pid', '=', PID).execute();
    expect(ids(await find('locale=en-us&q=aurelien').expect(200))).toEqual([]);
    await db.updateTable('products').set({ is_rd: false }).where('pid', '=', PID).execute();
    expect(ids(await find('locale=en-us&q=aurelien').expect(200))).toEqual([PID]);
    // Not priced in Swiss francs: not sold in Switzerland, not found there.
    expect(ids(await find('locale=en-ch&q=aurelien').expect(200))).toEqual([]);
    await db
      .updateTable('category_translations')
      .set({ name: 'Fringe bags' })
      .where('category_id', '=', CAT)
      .where('language', '=', 'en')
      .execute();
    expect(ids(await find('locale=en-us&q=fringe').expect(200))).toEqual([PID]);
  });
});
