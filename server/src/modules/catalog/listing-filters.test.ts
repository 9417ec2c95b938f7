import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_BRAND } from '../../test/settings.ts';

// Every expectation about which products a filter leaves is checked against an oracle computed here in
// plain TypeScript from the raw catalogue tables — not with the listing's own SQL.

interface Row {
  pid: string;
  category_id: string;
  macro_color: string;
  material: string;
  is_employee_only: boolean;
  is_rd: boolean;
  in_stock: boolean;
  sizes: { size: string; stock: number }[];
  price: number | null;
}
interface Category {
  id: string;
  slug: string;
  parent_id: string | null;
  level: number;
}
interface Sel {
  color?: string[];
  category?: string[];
  material?: string[];
  size?: string[];
  instock?: boolean;
  price?: [number, number];
}

let t: TestApp;
let rows: Row[];
let categories: Category[];
const EUR = 'EUR';

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  categories = await db
    .selectFrom('categories')
    .select(['id', 'slug', 'parent_id', 'level'])
    .where('brand', '=', TEST_BRAND)
    .execute();
  const products = await db
    .selectFrom('products as p')
    .leftJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', EUR))
    .select([
      'p.pid',
      'p.category_id',
      'p.macro_color',
      'p.material',
      'p.is_employee_only',
      'p.is_rd',
      'p.is_sellable_online',
      'p.is_ecom_assortment',
      'pr.list_price',
      'pr.sale_price',
    ])
    .where('p.brand', '=', TEST_BRAND)
    .execute();
  const variants = await db.selectFrom('product_variants').select(['pid', 'size', 'stock']).execute();
  const byPid = new Map<string, { size: string; stock: number }[]>();
  for (const v of variants) byPid.set(v.pid, [...(byPid.get(v.pid) ?? []), { size: v.size, stock: v.stock }]);
  rows = products.map((p) => {
    const sizes = byPid.get(p.pid) ?? [];
    return {
      pid: p.pid,
      category_id: p.category_id,
      macro_color: p.macro_color,
      material: p.material,
      is_employee_only: p.is_employee_only,
      is_rd: p.is_rd,
      in_stock: p.is_sellable_online && p.is_ecom_assortment && sizes.reduce((s, v) => s + v.stock, 0) > 0,
      sizes,
      price: p.list_price === null ? null : Number(p.sale_price ?? p.list_price),
    };
  });
});
afterAll(() => t.close());

const bySlug = (slug: string) => categories.find((c) => c.slug === slug) as Category;
function under(slug: string): Set<string> {
  const ids = [bySlug(slug).id];
  for (let i = 0; i < ids.length; i++) for (const c of categories) if (c.parent_id === ids[i]) ids.push(c.id);
  return new Set(ids);
}

/** The products a category listing must hold for a selection (EUR market). */
function oracle(slug: string, sel: Sel): Set<string> {
  const scope = under(slug);
  const leafIds = sel.category?.map((s) => bySlug(s)?.id);
  return new Set(
    rows
      .filter((r) => scope.has(r.category_id) && !r.is_employee_only && !r.is_rd && r.price !== null)
      .filter((r) => !sel.color || sel.color.includes(r.macro_color))
      .filter((r) => !leafIds || leafIds.includes(r.category_id))
      .filter((r) => !sel.material || sel.material.includes(r.material))
      .filter((r) => !sel.size || r.sizes.some((v) => sel.size?.includes(v.size) && (!sel.instock || v.stock > 0)))
      .filter((r) => !sel.instock || r.in_stock)
      .filter((r) => !sel.price || ((r.price as number) >= sel.price[0] && (r.price as number) <= sel.price[1]))
      .map((r) => r.pid),
  );
}

function filterString(sel: Sel): string {
  const parts: string[] = [];
  if (sel.color) parts.push(`color:${sel.color.join('|')}`);
  if (sel.category) parts.push(`category:${sel.category.join('|')}`);
  if (sel.material) parts.push(`material:${sel.material.join('|')}`);
  if (sel.size) parts.push(`size:${sel.size.join('|')}`);
  if (sel.instock) parts.push('instock:true');
  if (sel.price) parts.push(`price:${sel.price[0]}-${sel.price[1]}`);
  return parts.join(',');
}

async function listing(slug: string, filters: string, extra: Record<string, string | number> = {}) {
  const res = await request(t.app)
    .get(`/api/data/category/${slug}`)
    .query({ locale: 'fr-fr', pageSize: 96, ...(filters ? { filters } : {}), ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Every pid of a filtered listing, page after page. */
async function allPids(slug: string, filters: string): Promise<{ ids: Set<string>; total: number }> {
  const first = await listing(slug, filters);
  const ids = new Set<string>(first.products.map((p: { id: string }) => p.id));
  for (let page = 2; page <= first.pageCount; page++) {
    const next = await listing(slug, filters, { page });
    for (const p of next.products) ids.add(p.id);
  }
  return { ids, total: first.totalNrOfProducts };
}

/** The most common value of a field among the listable products of a scope. */
function common(slug: string, pick: (r: Row) => string[], rank = 0): string {
  const counts = new Map<string, number>();
  for (const pid of oracle(slug, {}))
    for (const v of pick(rows.find((r) => r.pid === pid) as Row)) counts.set(v, (counts.get(v) ?? 0) + 1);
  return ([...counts.entries()].sort((a, b) => b[1] - a[1])[rank] as [string, number])[0];
}

const WOMEN = 'women';
const slugOf = (id: string) => (categories.find((c) => c.id === id) as Category).slug;

describe('category listing filters', () => {
  it('filters by each key exactly as the catalogue says', async () => {
    const prices = [...oracle(WOMEN, {})]
      .map((pid) => (rows.find((r) => r.pid === pid) as Row).price as number)
      .sort((a, b) => a - b);
    const selections: Sel[] = [
      { color: [common(WOMEN, (r) => [r.macro_color])] },
      { category: [slugOf(common(WOMEN, (r) => [r.category_id]))] },
      { material: [common(WOMEN, (r) => [r.material])] },
      { size: [common(WOMEN, (r) => r.sizes.map((v) => v.size).filter((s) => s !== 'TU'))] },
      { instock: true },
      {
        price: [
          Math.floor(prices[Math.floor(prices.length / 4)] as number),
          Math.ceil(prices[Math.floor((prices.length * 3) / 4)] as number),
        ],
      },
    ];
    const everything = oracle(WOMEN, {});
    for (const sel of selections) {
      const expected = oracle(WOMEN, sel);
      expect(expected.size, filterString(sel)).toBeGreaterThan(0);
      expect(expected.size, filterString(sel)).toBeLessThan(everything.size);
      const { ids, total } = await allPids(WOMEN, filterString(sel));
      expect(total, filterString(sel)).toBe(expected.size);
      expect([...ids].sort(), filterString(sel)).toEqual([...expected].sort());
    }
  });

  it('ORs the values of one key and ANDs the keys', async () => {
    const c1 = common(WOMEN, (r) => [r.macro_color]);
    const c2 = common(WOMEN, (r) => [r.macro_color], 1);
    const m1 = common(WOMEN, (r) => [r.material]);
    const s1 = common(WOMEN, (r) => r.sizes.map((v) => v.size).filter((s) => s !== 'TU'));
    const combos: Sel[] = [
      { color: [c1, c2] },
      { color: [c1, c2], material: [m1] },
      { color: [c1], instock: true, price: [0, 100000] },
      { size: [s1], instock: true },
      { color: [c1, c2], material: [m1], size: [s1], instock: true },
    ];
    for (const sel of combos) {
      const { ids, total } = await allPids(WOMEN, filterString(sel));
      const expected = oracle(WOMEN, sel);
      expect(total, filterString(sel)).toBe(expected.size);
      expect([...ids].sort(), filterString(sel)).toEqual([...expected].sort());
    }
    const one = oracle(WOMEN, { color: [c1] }).size;
    const two = oracle(WOMEN, { color: [c1, c2] }).size;
    expect(two).toBe(one + oracle(WOMEN, { color: [c2] }).size);
  });

  it('lists only tiles in stock with the in-stock toggle, and keeps the sort', async () => {
    const body = await listing(WOMEN, 'instock:true', { sort: 'price_asc' });
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.every((p: { availability: { inStock: boolean } }) => p.availability.inStock)).toBe(true);
    const prices = body.products.map(
      (p: { price: { listPriceValue: number; salePriceValue: number | null } }) =>
        p.price.salePriceValue ?? p.price.listPriceValue,
    );
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    expect(body.sort).toBe('price_asc');
  });

  it('counts each facet value as the total the listing answers with that value chosen', async () => {
    const c1 = common(WOMEN, (r) => [r.macro_color]);
    const base: Sel = { color: [c1], instock: true };
    const body = await listing(WOMEN, filterString(base));
    expect(body.appliedFilters).toBe(filterString(base));
    const checks: Promise<void>[] = [];
    for (const facet of body.filters as {
      urlName: keyof Sel;
      selectionType: string;
      values: { value: string; count: number; selected: boolean }[];
    }[]) {
      if (facet.selectionType !== 'multiple') continue;
      for (const v of facet.values) {
        const sel: Sel = { ...base, [facet.urlName]: [v.value] };
        expect(v.count, `${facet.urlName}:${v.value}`).toBe(oracle(WOMEN, sel).size);
        expect(v.selected).toBe(((base[facet.urlName] as string[] | undefined) ?? []).includes(v.value));
        checks.push(
          listing(WOMEN, filterString(sel), { pageSize: 1 }).then((b) =>
            expect(b.totalNrOfProducts, `${facet.urlName}:${v.value}`).toBe(v.count),
          ),
        );
      }
    }
    await Promise.all(checks);
    const inStock = body.filters.find((f: { urlName: string }) => f.urlName === 'instock');
    expect(inStock.values[0]).toMatchObject({ value: 'true', selected: true, count: oracle(WOMEN, base).size });
    // The colour facet ignores its own selection: its counts add up to the listing without colour.
    const colors = body.filters.find((f: { urlName: string }) => f.urlName === 'color');
    expect(colors.values.reduce((s: number, v: { count: number }) => s + v.count, 0)).toBe(
      oracle(WOMEN, { instock: true }).size,
    );
  });

  it('counts facets exactly under every kind of selection', async () => {
    const c1 = common(WOMEN, (r) => [r.macro_color]);
    const m1 = common(WOMEN, (r) => [r.material]);
    const s1 = common(WOMEN, (r) => r.sizes.map((v) => v.size).filter((s) => s !== 'TU'));
    const leaf = slugOf(common(WOMEN, (r) => [r.category_id]));
    const bases: Sel[] = [
      {},
      { color: [c1] },
      { material: [m1], category: [leaf] },
      { size: [s1] },
      { size: [s1], instock: true },
      { price: [0, 2000] },
      { instock: true, material: [m1] },
    ];
    for (const base of bases) {
      const body = await listing(WOMEN, filterString(base), { pageSize: 1 });
      expect(body.totalNrOfProducts, filterString(base)).toBe(oracle(WOMEN, base).size);
      for (const facet of body.filters as {
        urlName: keyof Sel;
        selectionType: string;
        values: { value: string; count: number }[];
      }[]) {
        if (facet.urlName === 'price') continue;
        for (const v of facet.values) {
          const sel: Sel =
            facet.urlName === 'instock' ? { ...base, instock: true } : { ...base, [facet.urlName]: [v.value] };
          expect(v.count, `${filterString(base)} → ${facet.urlName}:${v.value}`).toBe(oracle(WOMEN, sel).size);
        }
      }
    }
  });

  it('gives the price range of the products the other filters leave, and the selected bounds', async () => {
    const material = common(WOMEN, (r) => [r.material]);
    const body = await listing(WOMEN, `material:${material},price:100-2000`);
    const price = body.filters.find((f: { urlName: string }) => f.urlName === 'price');
    const left = [...oracle(WOMEN, { material: [material] })].map(
      (pid) => (rows.find((r) => r.pid === pid) as Row).price as number,
    );
    expect(price.range).toEqual({
      min: Math.floor(Math.min(...left)),
      max: Math.ceil(Math.max(...left)),
      selectedMin: 100,
      selectedMax: 2000,
      currencyCode: 'EUR',
    });
    expect(price.selectionType).toBe('range');
    expect(price.values).toEqual([]);
  });

  it('normalises the applied string and drops unknown values of known keys', async () => {
    const body = await listing(WOMEN, 'size:40|38|XXXL|38,color:ultraviolet|black,material:unobtainium');
    expect(body.appliedFilters).toBe('color:black,size:38|40');
    expect(body.totalNrOfProducts).toBe(oracle(WOMEN, { color: ['black'], size: ['38', '40'] }).size);
    const none = await listing(WOMEN, 'color:ultraviolet,category:no-such-leaf,instock:false');
    expect(none.appliedFilters).toBe('');
    expect(none.totalNrOfProducts).toBe(oracle(WOMEN, {}).size);
  });

  it('reads a filter string written in a URL as it is, and percent-encoded', async () => {
    const raw = await request(t.app)
      .get(`/api/data/category/${WOMEN}?locale=fr-fr&filters=size:40|38,color:black`)
      .expect(200);
    expect(raw.body.appliedFilters).toBe('color:black,size:38|40');
    const encoded = await request(t.app)
      .get(`/api/data/category/${WOMEN}?locale=fr-fr&filters=${encodeURIComponent('size:40|38,color:black')}`)
      .expect(200);
    expect(encoded.body.appliedFilters).toBe('color:black,size:38|40');
    expect(encoded.body.totalNrOfProducts).toBe(raw.body.totalNrOfProducts);
  });

  it('ignores the event keys on a product listing', async () => {
    const body = await listing(WOMEN, 'themes:art,locations:paris');
    expect(body.appliedFilters).toBe('');
    expect(body.filters.map((f: { urlName: string }) => f.urlName)).not.toContain('themes');
  });

  it('keeps a selected value the scope does not hold, with count 0, so it can be removed', async () => {
    const leaf = categories.find((c) => c.level === 3 && c.slug.startsWith('men-')) as Category;
    const body = await listing(WOMEN, `category:${leaf.slug}`);
    expect(body.totalNrOfProducts).toBe(0);
    const facet = body.filters.find((f: { urlName: string }) => f.urlName === 'category');
    expect(facet.values.find((v: { value: string }) => v.value === leaf.slug)).toMatchObject({
      count: 0,
      selected: true,
    });
  });

  it('answers an empty page past the end of a filtered listing, with its total', async () => {
    const body = await listing(WOMEN, 'instock:true', { page: 500 });
    expect(body.products).toEqual([]);
    expect(body.page).toBe(500);
    expect(body.totalNrOfProducts).toBe(oracle(WOMEN, { instock: true }).size);
    expect(body.pageCount).toBe(Math.ceil(body.totalNrOfProducts / 96));
  });

  it('labels filters in the market language, with swatches, and orders sizes as size runs', async () => {
    const fr = await listing(WOMEN, '');
    const de = await request(t.app).get(`/api/data/category/${WOMEN}`).query({ locale: 'de-de' }).expect(200);
    const ja = await request(t.app).get(`/api/data/category/${WOMEN}`).query({ locale: 'ja-jp' }).expect(200);
    const facet = (body: { filters: { urlName: string }[] }, name: string) =>
      body.filters.find((f) => f.urlName === name) as unknown as {
        label: string;
        values: { value: string; label: string; hex?: string }[];
      };
    expect(fr.filters.map((f: { urlName: string }) => f.urlName)).toEqual([
      'color',
      'category',
      'material',
      'size',
      'instock',
      'price',
    ]);
    expect(facet(fr, 'color').label).toBe('Couleur');
    expect(facet(de.body, 'color').label).toBe('Farbe');
    expect(facet(ja.body, 'color').label).toBe('カラー');
    const black = facet(fr, 'color').values.find((v) => v.value === 'black');
    expect(black).toMatchObject({ label: 'Noir', hex: '#141414' });
    expect(facet(fr, 'color').values.every((v) => /^#[0-9A-F]{6}$/i.test(v.hex ?? ''))).toBe(true);
    const deMaterials = facet(de.body, 'material').values;
    for (const v of deMaterials) expect(v.label).not.toMatch(/^(genarbtem|gestepptem)/i);
    expect(facet(fr, 'category').values.every((v) => v.value.startsWith('women-'))).toBe(true);
    const sizes = facet(fr, 'size').values.map((v) => v.value);
    const letters = ['XS', 'S', 'M', 'L', 'XL'].filter((s) => sizes.includes(s));
    const numbers = sizes.filter((s) => /^\d+$/.test(s));
    expect(sizes.slice(0, letters.length)).toEqual(letters);
    expect(numbers).toEqual([...numbers].sort((a, b) => Number(a) - Number(b)));
    if (sizes.includes('TU')) {
      expect(sizes.at(-1)).toBe('TU');
      expect(facet(fr, 'size').values.at(-1)?.label).toBe('Taille unique');
    }
    expect(facet(ja.body, 'price')).toMatchObject({ range: { currencyCode: 'JPY' } });
  });

  it('has no price filter where the market has no currency, and ignores a price there', async () => {
    const res = await request(t.app)
      .get(`/api/data/category/${WOMEN}`)
      .query({ locale: 'en-en', filters: 'price:1-2' })
      .expect(200);
    expect(res.body.appliedFilters).toBe('');
    expect(res.body.filters.map((f: { urlName: string }) => f.urlName)).not.toContain('price');
    expect(res.body.totalNrOfProducts).toBeGreaterThan(0);
  });

  it('narrows the category page data too, which is then not indexed', async () => {
    const c1 = common(WOMEN, (r) => [r.macro_color]);
    const res = await request(t.app)
      .get(`/ssr/ca/${WOMEN}`)
      .query({ locale: 'fr-fr', filters: `color:${c1}` })
      .expect(200);
    expect(res.body.listing.appliedFilters).toBe(`color:${c1}`);
    expect(res.body.listing.totalNrOfProducts).toBe(oracle(WOMEN, { color: [c1] }).size);
    expect(res.body.meta.robots).toBe('noindex, follow');
    const bad = await request(t.app)
      .get(`/ssr/ca/${WOMEN}`)
      .query({ locale: 'fr-fr', filters: 'price:9-1' })
      .expect(400);
    expect(bad.body.code).toBe('ERR_API_1018');
  });

  describe('bad filter strings', () => {
    it.each([
      ['an unknown key', 'colour:black'],
      ['a repeated key', 'color:black,color:red'],
      ['a reversed price range', 'price:1500-500'],
      ['a non-numeric price', 'price:cheap-dear'],
      ['two price ranges', 'price:1-2|3-4'],
      ['an empty value', 'color:'],
      ['a missing colon', 'color'],
      ['a trailing comma', 'color:black,'],
      ['an over-long string', `color:${'black|'.repeat(250)}black`],
    ])('refuses %s with ERR_API_1018 on the listing and the filters', async (_label, filters) => {
      const res = await request(t.app)
        .get(`/api/data/category/${WOMEN}`)
        .query({ locale: 'fr-fr', filters })
        .expect(400);
      expect(res.body.code).toBe('ERR_API_1018');
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      const f = await request(t.app)
        .get('/api/data/filters')
        .query({ locale: 'fr-fr', category: WOMEN, filters })
        .expect(400);
      expect(f.body.code).toBe('ERR_API_1018');
    });

    it('says what is wrong with a repeated key', async () => {
      const res = await request(t.app)
        .get(`/api/data/category/${WOMEN}`)
        .query({ locale: 'fr-fr', filters: 'size:38,size:40' })
        .expect(400);
      expect(res.body.detail).toMatch(/"size" appears twice/);
      expect(res.body.errors[0].path).toBe('query/filters');
    });
  });
});

describe('GET /api/data/filters', () => {
  it('answers the same facets and total as the listing', async () => {
    const filters = `color:${common(WOMEN, (r) => [r.macro_color])},instock:true`;
    const res = await request(t.app)
      .get('/api/data/filters')
      .query({ locale: 'fr-fr', category: WOMEN, filters })
      .expect(200);
    const body = await listing(WOMEN, filters);
    expect(res.body).toMatchObject({
      category: WOMEN,
      appliedFilters: filters,
      totalNrOfProducts: body.totalNrOfProducts,
    });
    expect(res.body.market.currency).toBe('EUR');
    expect(res.body.filters).toEqual(body.filters);
  });

  it('covers a leaf category', async () => {
    const leaf = slugOf(common(WOMEN, (r) => [r.category_id]));
    const res = await request(t.app).get('/api/data/filters').query({ locale: 'en-us', category: leaf }).expect(200);
    expect(res.body.totalNrOfProducts).toBeGreaterThan(0);
    const category = res.body.filters.find((f: { urlName: string }) => f.urlName === 'category');
    expect(category.values).toEqual([
      expect.objectContaining({ value: leaf, count: res.body.totalNrOfProducts, selected: false }),
    ]);
  });

  it('answers the theme and location filters of a rive droite calendar', async () => {
    const all = await request(t.app)
      .get('/api/data/filters')
      .query({ locale: 'en-us', category: 'exhibitions' })
      .expect(200);
    expect(all.body.filters.map((f: { key: string }) => f.key)).toEqual(['eventTheme', 'eventLocation']);
    expect(all.body.appliedFilters).toBe('');
    const theme = all.body.filters[0].values[0] as { value: string; count: number };
    const one = await request(t.app)
      .get('/api/data/filters')
      .query({ locale: 'en-us', category: 'exhibitions', filters: `themes:${theme.value}` })
      .expect(200);
    expect(one.body.totalNrOfProducts).toBe(theme.count);
    expect(one.body.appliedFilters).toBe(`themes:${theme.value}`);
    const page = await request(t.app)
      .get('/ssr/rive-droite/calendar/exhibitions')
      .query({ locale: 'en-us', themes: theme.value })
      .expect(200);
    // The same filters as the calendar page itself.
    expect(page.body.totalCards).toBe(theme.count);
    expect(page.body.filters).toEqual(one.body.filters);
  });

  it('answers ERR_CATALOG_1001 for an unknown category and ERR_API_1018 without one', async () => {
    const res = await request(t.app)
      .get('/api/data/filters')
      .query({ locale: 'en-us', category: 'no-such-category' })
      .expect(404);
    expect(res.body.code).toBe('ERR_CATALOG_1001');
    const missing = await request(t.app).get('/api/data/filters').query({ locale: 'en-us' }).expect(400);
    expect(missing.body.code).toBe('ERR_API_1018');
  });
});

describe('listing_facts', () => {
  it('follows variant stock, price and product changes (inside a rolled-back transaction)', async () => {
    const db = t.database.db;
    // The last pid: other test files (baskets) pick theirs from the first.
    const row = [...rows]
      .sort((a, b) => b.pid.localeCompare(a.pid))
      .find((r) => r.sizes.length > 1 && r.sizes.every((v) => v.stock > 0) && r.price !== null) as Row;
    const bits = new Map(
      (await sql<{ code: string; bit: number }>`select code, bit from listing_size_codes`.execute(db)).rows.map((r) => [
        r.code,
        r.bit,
      ]),
    );
    const maskOf = (sizes: string[]) =>
      sizes.reduce((m, s) => m | (1n << BigInt(bits.get(s) as number)), 0n).toString();
    await db
      .transaction()
      .execute(async (trx) => {
        const read = async () =>
          (
            await sql<{
              in_stock: boolean;
              size_mask: string;
              stock_size_mask: string;
              eur: number | null;
              macro_color: string;
            }>`
              select in_stock, size_mask::text, stock_size_mask::text, prices[(select pos from listing_currencies where code = 'EUR')] as eur, macro_color
              from listing_facts where pid = ${row.pid}`.execute(trx)
          ).rows[0];
        const all = row.sizes.map((v) => v.size);
        expect(await read()).toEqual({
          in_stock: true,
          size_mask: maskOf(all),
          stock_size_mask: maskOf(all),
          eur: row.price,
          macro_color: row.macro_color,
        });
        const first = row.sizes[0] as { size: string; stock: number };
        await trx
          .updateTable('product_variants')
          .set({ stock: 0 })
          .where('pid', '=', row.pid)
          .where('size', '=', first.size)
          .execute();
        expect(await read()).toMatchObject({
          in_stock: true,
          size_mask: maskOf(all),
          stock_size_mask: maskOf(all.slice(1)),
        });
        await trx.updateTable('product_variants').set({ stock: 0 }).where('pid', '=', row.pid).execute();
        expect(await read()).toMatchObject({ in_stock: false, stock_size_mask: '0' });
        await trx
          .updateTable('product_prices')
          .set({ sale_price: 1 })
          .where('pid', '=', row.pid)
          .where('currency', '=', 'EUR')
          .execute();
        expect((await read())?.eur).toBe(1);
        await trx.deleteFrom('product_prices').where('pid', '=', row.pid).where('currency', '=', 'EUR').execute();
        expect((await read())?.eur).toBeNull();
        await trx.updateTable('products').set({ macro_color: 'silver' }).where('pid', '=', row.pid).execute();
        expect((await read())?.macro_color).toBe('silver');
        // Every write stamps the row with its transaction: what the listing index asks for when it catches up.
        const stamp = await sql<{
          mine: boolean;
        }>`select changed_by = pg_current_xact_id() as mine from listing_facts where pid = ${row.pid}`.execute(trx);
        expect(stamp.rows[0]?.mine).toBe(true);
        await trx.deleteFrom('products').where('pid', '=', row.pid).execute();
        const removed = await sql<{
          n: number;
        }>`select count(*)::int as n from listing_facts_removed where pid = ${row.pid} and changed_by = pg_current_xact_id()`.execute(
          trx,
        );
        expect(removed.rows[0]?.n).toBe(1);
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });
  });
});
