import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_BRAND } from '../../test/settings.ts';

interface Item {
  id: string;
  parentId: string | null;
  label: string;
  url: string;
  categoryId: string | null;
  position: number;
  isActive: boolean;
}
interface Cat {
  id: string;
  slug: string;
  parentId: string | null;
  level: number;
  name: string;
  position: number;
}

let t: TestApp;
let cats: Cat[];
let rdCategoryIds: Set<string>;
beforeAll(async () => {
  t = await startTestApp();
  cats = (await request(t.app).get('/api/data/category').query({ locale: 'fr-fr' }).expect(200)).body.categories;
  const rd = await t.database.db
    .selectFrom('products')
    .select('category_id')
    .distinct()
    .where('brand', '=', TEST_BRAND)
    .where('is_rd', '=', true)
    .where('is_employee_only', '=', false)
    .execute();
  rdCategoryIds = new Set(rd.map((r) => r.category_id));
});
afterAll(() => t.close());

const nav = (pageEntryId: string, extra: Record<string, string> = {}) =>
  request(t.app)
    .get('/api/data/plp/navigation')
    .query({ locale: 'fr-fr', pageEntryId, ...extra });
const childrenOf = (id: string | null) => cats.filter((c) => c.parentId === id).sort((a, b) => a.position - b.position);

describe('GET /api/data/plp/navigation', () => {
  it('lists a micro category with its siblings and, under it, its children', async () => {
    const micro = cats.find((c) => c.level === 2 && childrenOf(c.id).length > 1) as Cat;
    const res = await nav(micro.id).expect(200);
    expect(res.body).toMatchObject({
      pageEntryId: micro.id,
      isRd: false,
      title: micro.name,
      defaultGridView: 'ViewBy3',
    });
    const items: Item[] = res.body.items;
    const top = items.filter((i) => i.parentId === null);
    expect(top.map((i) => i.categoryId)).toEqual(childrenOf(micro.parentId).map((c) => c.id));
    expect(top.filter((i) => i.isActive).map((i) => i.categoryId)).toEqual([micro.id]);
    const active = top.find((i) => i.isActive) as Item;
    const nested = items.filter((i) => i.parentId === active.id);
    expect(nested.map((i) => i.categoryId)).toEqual(childrenOf(micro.id).map((c) => c.id));
    expect(nested.map((i) => i.position)).toEqual(nested.map((_, i) => i + 1));
    expect(nested.every((i) => !i.isActive && i.url === `/ca/${cats.find((c) => c.id === i.categoryId)?.slug}`)).toBe(
      true,
    );
    // Every parent id names an item of the list.
    for (const i of items) if (i.parentId) expect(items.map((x) => x.id)).toContain(i.parentId);
  });

  it('gives a leaf a link back to its parent, then its siblings, itself active', async () => {
    const leaf = cats.find((c) => c.level === 3) as Cat;
    const parent = cats.find((c) => c.id === leaf.parentId) as Cat;
    const items: Item[] = (await nav(leaf.id).expect(200)).body.items;
    expect(items[0]).toMatchObject({
      label: 'Voir tout',
      categoryId: parent.id,
      url: `/ca/${parent.slug}`,
      isActive: false,
      position: 1,
      parentId: null,
    });
    expect(items.slice(1).map((i) => i.categoryId)).toEqual(childrenOf(parent.id).map((c) => c.id));
    expect(items.filter((i) => i.isActive).map((i) => i.categoryId)).toEqual([leaf.id]);
  });

  it('labels in the market language', async () => {
    const macro = cats.find((c) => c.level === 1) as Cat;
    const en = await request(t.app)
      .get('/api/data/plp/navigation')
      .query({ locale: 'en-us', pageEntryId: macro.id })
      .expect(200);
    const ja = await request(t.app)
      .get('/api/data/plp/navigation')
      .query({ locale: 'ja-jp', pageEntryId: macro.id })
      .expect(200);
    expect(en.body.title).not.toBe(ja.body.title);
    expect(en.body.items.map((i: Item) => i.label)).not.toEqual(ja.body.items.map((i: Item) => i.label));
  });

  it('keeps to the rive droite boutique with isRd', async () => {
    const holds = (c: Cat): boolean => rdCategoryIds.has(c.id) || childrenOf(c.id).some(holds);
    const micro = cats.find((c) => c.level === 2 && holds(c)) as Cat;
    const res = await nav(micro.id, { isRd: 'true' }).expect(200);
    expect(res.body.isRd).toBe(true);
    const items: Item[] = res.body.items;
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) {
      expect(i.url).toMatch(/^\/rive-droite\/ca\//);
      expect(holds(cats.find((c) => c.id === i.categoryId) as Cat)).toBe(true);
    }
    const without = cats.find((c) => c.level === 3 && !holds(c));
    if (without) {
      const refused = await nav(without.id, { isRd: 'true' }).expect(404);
      expect(refused.body.code).toBe('ERR_PAGE_1000');
    }
  });

  it('answers ERR_PAGE_1000 for an unknown id and ERR_API_1018 for a malformed or missing one', async () => {
    const unknown = await nav('ysl-no-such-category').expect(404);
    expect(unknown.body).toMatchObject({ code: 'ERR_PAGE_1000', status: 404 });
    expect(unknown.body.detail).toMatch(/ysl-no-such-category/);
    const malformed = await nav('not a valid id!').expect(400);
    expect(malformed.body.code).toBe('ERR_API_1018');
    const missing = await request(t.app).get('/api/data/plp/navigation').query({ locale: 'fr-fr' }).expect(400);
    expect(missing.body.code).toBe('ERR_API_1018');
    const badFlag = await nav(cats[0]!.id, { isRd: 'maybe' }).expect(400);
    expect(badFlag.body.code).toBe('ERR_API_1018');
  });
});
