// The listing index against the SQL it replaces for category listings, and how it follows the database:
// committed changes, removed products, a transaction that commits after the index read past it
// (PostgreSQL), and listings answered while changes land (PostgreSQL). On PostgreSQL the file works on a
// database of its own: it writes to the catalogue, which the other files read.
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seed } from '../../db/seed.ts';
import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ownDatabase } from '../../test/own-database.ts';
import { TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';
import { firstByKey, firstInOrder } from './first-in-order.ts';
import { ListingIndex } from './listing-index.ts';
import {
  facetCounts,
  listFilteredTiles,
  loadCategories,
  loadListingFacts,
  loadSizeBits,
  matchFacetsAndPage,
  matchedRows,
  parseNumberList,
  pruneListingRemovals,
  type CategoryRow,
  type FacetCounts,
  type ResolvedFilters,
  type SortKey,
} from './repository.ts';

const postgres = testDatabaseKind() === 'postgres';
let t: TestApp;
let own: Awaited<ReturnType<typeof ownDatabase>> | undefined;

beforeAll(async () => {
  if (!postgres) {
    t = await startTestApp();
    return;
  }
  own = await ownDatabase(`listing_index_${process.pid}`);
  const database = await openDatabase({ databaseUrl: own.url, poolSize: 10 });
  await migrateToLatest(database.db);
  await seed(database.db, { brand: TEST_BRAND, products: 120 });
  const config = loadConfig({
    NODE_ENV: 'test',
    BRAND: TEST_BRAND,
    VALIDATE_RESPONSES: 'true',
    CACHE_TTL_SECONDS: '0',
  });
  const { app, close } = await createApp({ config, database, logger: createLogger(config.logLevel), pages: false });
  t = {
    app,
    database,
    close: async () => {
      await close();
      await database.close();
    },
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
  await own?.drop();
});

const entries = (m: Map<string, number>) => [...m.entries()].sort((a, b) => a[0].localeCompare(b[0]));
const plain = (c: FacetCounts) => ({
  ...c,
  colors: entries(c.colors),
  leaves: entries(c.leaves),
  materials: entries(c.materials),
  sizes: entries(c.sizes),
});

async function listing(slug: string, filters = '', extra: Record<string, string | number> = {}) {
  const res = await request(t.app)
    .get(`/api/data/category/${slug}`)
    .query({ locale: 'fr-fr', pageSize: 96, ...(filters ? { filters } : {}), ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    totalNrOfProducts: number;
    products: { id: string }[];
    filters: { urlName: string; values: { value: string; count: number }[] }[];
  };
}

const countOf = (body: Awaited<ReturnType<typeof listing>>, urlName: string, value: string) =>
  body.filters.find((f) => f.urlName === urlName)?.values.find((v) => v.value === value)?.count ?? 0;

/** A listed product of `women` sold in euros and in stock, of another colour family than `not`. */
async function someProduct(offset: number, not = 'silver') {
  const r = await sql<{ pid: string; macro_color: string; category_id: string }>`
    select f.pid, f.macro_color, f.category_id from listing_facts f
    where f.listed and f.brand = ${TEST_BRAND} and f.category_id like ${`${TEST_BRAND}-w-%`} and f.macro_color <> ${not}
      and f.prices[(select pos from listing_currencies where code = 'EUR')] is not null and f.in_stock
    order by f.pid offset ${offset} limit 1`.execute(t.database.db);
  return r.rows[0] as { pid: string; macro_color: string; category_id: string };
}

describe('the listing index answers what the SQL answers', () => {
  it('for every scope, selection, sort, page and currency tried', async () => {
    const db = t.database.db;
    const [categories, sizeBits, loaded] = await Promise.all([
      loadCategories(db, TEST_BRAND),
      loadSizeBits(db),
      loadListingFacts(db, TEST_BRAND),
    ]);
    const index = new ListingIndex(TEST_BRAND, loaded.snapshot, loaded.rows, loaded.currencies);
    const below = (c: CategoryRow): string[] => [
      c.id,
      ...categories.filter((x) => x.parent_id === c.id).flatMap(below),
    ];
    const bySlug = (slug: string) => categories.find((c) => c.slug === slug) as CategoryRow;
    const women = bySlug('women');
    const leaves = categories.filter((c) => c.level === 3);
    const leafOfWomen = leaves.find((c) => below(women).includes(c.id)) as CategoryRow;
    const micro = categories.find((c) => c.level === 2 && c.parent_id === women.id) as CategoryRow;
    const scopes: (string[] | undefined)[] = [
      below(women),
      below(bySlug('men')),
      below(micro),
      [leafOfWomen.id],
      undefined,
      [],
    ];

    // Values that occur, so the selections narrow without emptying everything.
    const colors = [...new Set(loaded.rows.map((r) => r.macro_color))].slice(0, 3);
    const materials = [...new Set(loaded.rows.map((r) => r.material))].slice(0, 2);
    const selections: ResolvedFilters[] = [
      {},
      { colors: [colors[0] as string] },
      { colors: colors.slice(0, 2), materials: [materials[0] as string] },
      { sizes: ['38'] },
      { sizes: ['38', 'M'], inStock: true },
      { inStock: true },
      { price: { min: 500, max: 2500 } },
      { leafIds: [leafOfWomen.id], materials },
      { colors, sizes: ['38', '40', 'TU'], inStock: true, price: { min: 0, max: 5000 }, materials },
      { colors: ['no-such-colour'], leafIds: ['no-such-leaf'] },
    ];
    const sorts: SortKey[] = ['recommended', 'price_asc', 'price_desc', 'newest'];
    let compared = 0;
    for (const currency of ['EUR', 'JPY', null]) {
      const ctx = { brand: TEST_BRAND, currency, language: 'fr', sizeBits };
      for (const categoryIds of scopes) {
        for (const filters of selections) {
          const applied = currency ? filters : { ...filters, price: undefined };
          const expected = await facetCounts(db, ctx, { categoryIds }, applied);
          const got = index.query(ctx, categoryIds, applied);
          expect(plain(got.counts), JSON.stringify({ currency, categoryIds, applied })).toEqual(plain(expected));
          for (const sort of sorts) {
            for (const offset of [0, 24]) {
              const window = { sort, limit: 24, offset };
              const tiles = await listFilteredTiles(db, ctx, { categoryIds }, applied, window);
              expect(
                index.query(ctx, categoryIds, applied, window).pids,
                JSON.stringify({ currency, categoryIds, applied, window }),
              ).toEqual(tiles.map((x) => x.pid));
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBe(3 * scopes.length * selections.length * sorts.length * 2);
  }, 120_000);
});

describe('the listing index answers a search as the SQL does', () => {
  it('for match sets with tied and fractional relevance, unlisted and unknown pids, every selection, sort, page and currency', async () => {
    const db = t.database.db;
    const [sizeBits, loaded, products] = await Promise.all([
      loadSizeBits(db),
      loadListingFacts(db, TEST_BRAND),
      sql<{ pid: string; num: number }>`select pid, num from products order by pid`.execute(db),
    ]);
    const index = new ListingIndex(TEST_BRAND, loaded.snapshot, loaded.rows, loaded.currencies);
    const all = products.rows;
    // Text searches score 0, 1 or 2 (many ties, broken by rank); typo searches a closeness between 0 and 1.
    // Every product is offered, listed or not (the scope keeps the listed ones), with products nobody has
    // (a number past every slot, and 0, below the first identity).
    const sets: { pid: string; num: number; relevance: number }[][] = [
      all.filter((_, i) => i % 2 === 0).map((p, i) => ({ ...p, relevance: i % 3 })),
      [
        { pid: 'NO-SUCH-PID', num: 2_000_000_000, relevance: 2 },
        ...all.map((p, i) => ({ ...p, relevance: ((i * 7) % 10) / 10 })),
        { pid: 'NOR-THIS', num: 0, relevance: 2 },
      ],
      all.slice(0, 5).map((p) => ({ ...p, relevance: 1 })),
      [],
    ];
    const colors = [...new Set(loaded.rows.map((r) => r.macro_color))].slice(0, 2);
    const materials = [...new Set(loaded.rows.map((r) => r.material))].slice(0, 2);
    const selections: ResolvedFilters[] = [
      {},
      { colors },
      { sizes: ['38', 'M'], inStock: true },
      { price: { min: 500, max: 2500 }, materials },
      { colors: ['no-such-colour'] },
    ];
    const sorts: SortKey[] = ['recommended', 'price_asc', 'price_desc', 'newest'];
    let compared = 0;
    for (const currency of ['EUR', 'JPY', null]) {
      const ctx = { brand: TEST_BRAND, currency, language: 'fr', sizeBits };
      for (const set of sets) {
        const matches = sql<{ pid: string; num: number; relevance: number }>`(select v.pid, v.num, v.relevance
          from unnest(${sql.val(set.map((m) => m.pid))}::text[], ${sql.val(set.map((m) => m.num))}::int[], ${sql.val(set.map((m) => m.relevance))}::real[]) as v(pid, num, relevance))`;
        // What the storefront reads of a match set: the same pairs (relevance through real, as searches score).
        const read = await matchedRows(db, matches);
        const pairs = (nums: ArrayLike<number>, relevance: ArrayLike<number>) =>
          Array.from(nums, (num, i) => `${num}=${Math.fround(relevance[i] as number)}`).sort();
        expect(pairs(read.nums, read.relevance)).toEqual(
          pairs(
            set.map((m) => m.num),
            set.map((m) => m.relevance),
          ),
        );
        for (const filters of selections) {
          const applied = currency ? filters : { ...filters, price: undefined };
          for (const sort of sorts) {
            for (const offset of [0, 24]) {
              const window = { sort, limit: 24, offset };
              const what = JSON.stringify({ currency, set: set.length, applied, window });
              const expected = await matchFacetsAndPage(db, ctx, { matches }, applied, window);
              const got = index.queryMatches(ctx, read, applied, window);
              expect(plain(got.counts), what).toEqual(plain(expected.counts));
              expect(got.pids, what).toEqual(expected.pids);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBe(3 * sets.length * selections.length * sorts.length * 2);
  }, 120_000);
});

describe('the listing index follows the database', () => {
  it('shows a committed change of colour, stock and price on the next listing', async () => {
    const db = t.database.db;
    const p = await someProduct(0);
    const before = await listing('women', 'color:silver');
    expect(before.products.map((x) => x.id)).not.toContain(p.pid);
    await db.updateTable('products').set({ macro_color: 'silver' }).where('pid', '=', p.pid).execute();
    const after = await listing('women', 'color:silver');
    expect(after.products.map((x) => x.id)).toContain(p.pid);
    expect(after.totalNrOfProducts).toBe(before.totalNrOfProducts + 1);
    expect(countOf(after, 'color', 'silver')).toBe(countOf(before, 'color', 'silver') + 1);

    const inStock = await listing('women', 'instock:true');
    expect(
      inStock.products
        .map((x) => x.id)
        .concat((await listing('women', 'instock:true', { page: 2 })).products.map((x) => x.id)),
    ).toContain(p.pid);
    await db.updateTable('product_variants').set({ stock: 0 }).where('pid', '=', p.pid).execute();
    expect((await listing('women', 'instock:true')).totalNrOfProducts).toBe(inStock.totalNrOfProducts - 1);

    // Cheapest in euros, then no longer sold in euros: gone from the French listing.
    await db
      .updateTable('product_prices')
      .set({ list_price: 0.5, sale_price: null })
      .where('pid', '=', p.pid)
      .where('currency', '=', 'EUR')
      .execute();
    const cheapest = await listing('women', '', { sort: 'price_asc', pageSize: 1 });
    expect(cheapest.products[0]?.id).toBe(p.pid);
    await db.deleteFrom('product_prices').where('pid', '=', p.pid).where('currency', '=', 'EUR').execute();
    const unpriced = await listing('women', '', { sort: 'price_asc', pageSize: 1 });
    expect(unpriced.products[0]?.id).not.toBe(p.pid);
    expect(unpriced.totalNrOfProducts).toBe(cheapest.totalNrOfProducts - 1);
  });

  it('forgets a product that leaves the listing or is deleted, and lists it again when it returns', async () => {
    const db = t.database.db;
    const p = await someProduct(1);
    const color = `color:${p.macro_color}`;
    const before = await listing('women', color);
    expect(before.products.map((x) => x.id)).toContain(p.pid);
    await db.updateTable('products').set({ is_employee_only: true }).where('pid', '=', p.pid).execute();
    expect((await listing('women', color)).totalNrOfProducts).toBe(before.totalNrOfProducts - 1);
    await db.updateTable('products').set({ is_employee_only: false }).where('pid', '=', p.pid).execute();
    expect((await listing('women', color)).products.map((x) => x.id)).toContain(p.pid);

    // A deleted product: its row leaves listing_facts (foreign key), a removal the index reads.
    const q = await someProduct(2);
    const qColor = `color:${q.macro_color}`;
    const withQ = await listing('women', qColor);
    await sql`delete from products where pid = ${q.pid}`.execute(db);
    const withoutQ = await listing('women', qColor);
    expect(withoutQ.totalNrOfProducts).toBe(withQ.totalNrOfProducts - 1);
    expect(withoutQ.products.map((x) => x.id)).not.toContain(q.pid);
    // The facets endpoint reads the same index.
    const res = await request(t.app)
      .get('/api/data/filters')
      .query({ locale: 'fr-fr', category: 'women', filters: qColor })
      .expect(200);
    expect(res.body.totalNrOfProducts).toBe(withoutQ.totalNrOfProducts);
  });

  it('loads afresh when removals it had not read yet were pruned, and prunes only old removals', async () => {
    const db = t.database.db;
    const r = await someProduct(5);
    const color = `color:${r.macro_color}`;
    const withR = await listing('women', color);
    expect(withR.products.map((x) => x.id)).toContain(r.pid);
    const removals = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from listing_facts_removed where pid = ${r.pid}`.execute(db))
        .rows[0]?.n;
    await sql`delete from products where pid = ${r.pid}`.execute(db);
    expect(await removals()).toBe(1);
    // An hour's grace: the removal stays.
    await pruneListingRemovals(db, 3_600);
    expect(await removals()).toBe(1);
    // Two hours later (the removal backdated: PGlite's clock ticks in milliseconds, so a grace of 0 could keep a
    // removal written in the same millisecond), it goes before the index read it: the index cannot learn of it
    // by catching up, so it loads afresh.
    await sql`update listing_facts_removed set removed_at = removed_at - interval '2 hours' where pid = ${r.pid}`.execute(
      db,
    );
    expect(await pruneListingRemovals(db, 3_600)).toBeGreaterThanOrEqual(1);
    expect(await removals()).toBe(0);
    const below = (await sql<{ below: string }>`select below::text as below from listing_facts_pruned`.execute(db))
      .rows[0]?.below;
    expect(Number(below)).toBeGreaterThan(0);
    const withoutR = await listing('women', color);
    expect(withoutR.totalNrOfProducts).toBe(withR.totalNrOfProducts - 1);
    expect(withoutR.products.map((x) => x.id)).not.toContain(r.pid);
    // Caught up past the horizon, the next listings catch up as before.
    const s = await someProduct(6);
    const withS = await listing('women', `color:${s.macro_color}`);
    await db.updateTable('products').set({ is_employee_only: true }).where('pid', '=', s.pid).execute();
    expect((await listing('women', `color:${s.macro_color}`)).totalNrOfProducts).toBe(withS.totalNrOfProducts - 1);
  });

  it.skipIf(!postgres)(
    'sees a change whose transaction began before the listing and committed after it (PostgreSQL)',
    async () => {
      const db = t.database.db;
      const p = await someProduct(3, 'gold');
      const other = await someProduct(4, 'gold');
      const before = await listing('women', 'color:gold');
      await db.connection().execute(async (conn) => {
        await sql`begin`.execute(conn);
        try {
          await conn.updateTable('products').set({ macro_color: 'gold' }).where('pid', '=', p.pid).execute();
          // The index catches up to a snapshot in which this transaction is still running…
          expect((await listing('women', 'color:gold')).totalNrOfProducts).toBe(before.totalNrOfProducts);
          // …a later transaction commits first…
          await db.updateTable('products').set({ macro_color: 'gold' }).where('pid', '=', other.pid).execute();
          expect((await listing('women', 'color:gold')).totalNrOfProducts).toBe(before.totalNrOfProducts + 1);
          await sql`commit`.execute(conn);
        } catch (err) {
          await sql`rollback`.execute(conn);
          throw err;
        }
      });
      // …and this one, committed last with the older transaction id, is not missed.
      const after = await listing('women', 'color:gold');
      expect(after.totalNrOfProducts).toBe(before.totalNrOfProducts + 2);
      expect(after.products.map((x) => x.id)).toContain(p.pid);
    },
  );

  it.skipIf(!postgres)('answers every listing exactly while changes commit beside it (PostgreSQL)', async () => {
    const db = t.database.db;
    const sizeBits = await loadSizeBits(db);
    const categories = await loadCategories(db, TEST_BRAND);
    const below = (id: string): string[] => [
      id,
      ...categories.filter((x) => x.parent_id === id).flatMap((x) => below(x.id)),
    ];
    const women = below((categories.find((c) => c.slug === 'women') as CategoryRow).id);
    const pids = (
      await sql<{
        pid: string;
      }>`select pid from products where brand = ${TEST_BRAND} order by pid desc limit 20`.execute(db)
    ).rows.map((r) => r.pid);
    const colors = ['black', 'silver', 'gold', 'red'];
    const writes = pids.map(async (pid, i) => {
      await new Promise((r) => setTimeout(r, i * 5));
      await db
        .updateTable('products')
        .set({ macro_color: colors[i % colors.length] as string })
        .where('pid', '=', pid)
        .execute();
      await db
        .updateTable('product_variants')
        .set({ stock: i % 3 })
        .where('pid', '=', pid)
        .execute();
    });
    const reads = Array.from({ length: 30 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * 4));
      return listing('women', i % 2 ? 'instock:true' : '', { pageSize: 1 });
    });
    const bodies = await Promise.all(reads);
    await Promise.all(writes);
    for (const b of bodies) expect(b.totalNrOfProducts).toBeGreaterThan(0);
    // Once the writes are in, the listing and its facets are those of the SQL over the same rows.
    const ctx = { brand: TEST_BRAND, currency: 'EUR', sizeBits };
    for (const filters of [{}, { inStock: true }, { colors: ['silver'] }] as ResolvedFilters[]) {
      const expected = await facetCounts(db, ctx, { categoryIds: women }, filters);
      const res = await request(t.app)
        .get('/api/data/filters')
        .query({
          locale: 'fr-fr',
          category: 'women',
          filters: filters.inStock ? 'instock:true' : filters.colors ? 'color:silver' : undefined,
        })
        .expect(200);
      expect(res.body.totalNrOfProducts).toBe(expected.total);
      const colorFacet = res.body.filters.find((f: { urlName: string }) => f.urlName === 'color');
      for (const [value, count] of expected.colors)
        expect(colorFacet.values.find((v: { value: string }) => v.value === value)?.count ?? 0, value).toBe(count);
    }
  });
});

describe('ListingIndex on its own', () => {
  const sizeBits = new Map([
    ['38', 9],
    ['TU', 28],
    ['XL', 40],
  ]);
  const row = (pid: string, over: Partial<Parameters<ListingIndex['apply']>[1][number]> = {}) => ({
    pid,
    num: pid.charCodeAt(0),
    brand: 'ysl',
    listed: true,
    category_id: 'leaf-a',
    macro_color: 'black',
    material: 'leather',
    rank: 1,
    created: 1,
    in_stock: true,
    size_lo: 1 << 9,
    size_hi: 0,
    stock_lo: 1 << 9,
    stock_hi: 0,
    prices: [100, null] as (number | null)[],
    ...over,
  });
  const ctx = { currency: 'EUR', sizeBits };
  const page = { sort: 'recommended' as SortKey, limit: 10, offset: 0 };

  it('moves a product between categories, reuses the slot of a removed one and keeps the orders right', () => {
    const index = new ListingIndex(
      'ysl',
      '1:1:',
      [row('a', { rank: 3 }), row('b', { rank: 1 }), row('c', { rank: 2, category_id: 'leaf-b' })],
      new Map([
        ['EUR', 1],
        ['JPY', 2],
      ]),
    );
    expect(index.query(ctx, ['leaf-a'], {}, page).pids).toEqual(['b', 'a']);
    index.apply('2:2:', [row('a', { rank: 3, category_id: 'leaf-b' })], ['b']);
    expect(index.query(ctx, ['leaf-a'], {}, page)).toMatchObject({ pids: [], counts: { total: 0 } });
    expect(index.query(ctx, ['leaf-b'], {}, page).pids).toEqual(['c', 'a']);
    // A new product takes the freed slot and its place in the rank order.
    index.apply('3:3:', [row('d', { rank: 0, category_id: 'leaf-b' })], []);
    expect(index.count).toBe(3);
    expect(index.query(ctx, ['leaf-b'], {}, page).pids).toEqual(['d', 'c', 'a']);
    // A category left without products is no longer offered.
    expect(index.query(ctx, undefined, {}, page).counts.leaves).toEqual(new Map([['leaf-b', 3]]));
    // A search's matches by product number: the removed product's number finds nothing, the slot's new
    // product is found by its own.
    const byNum = (...pids: string[]) => ({
      nums: Int32Array.from(pids, (p) => p.charCodeAt(0)),
      relevance: pids.map(() => 0),
    });
    expect(index.queryMatches(ctx, byNum('b', 'd', 'z'), {}, page)).toMatchObject({
      pids: ['d'],
      counts: { total: 1 },
    });
    expect(index.queryMatches(ctx, byNum('a', 'b', 'c', 'd'), {}, page).pids).toEqual(['d', 'c', 'a']);
    // Another house's row, or a delisted one, leaves the index.
    index.apply('4:4:', [row('d', { brand: 'bv' }), row('c', { listed: false })], []);
    expect(index.query(ctx, undefined, {}, page).pids).toEqual(['a']);
    expect(index.queryMatches(ctx, byNum('a', 'b', 'c', 'd'), {}, page).pids).toEqual(['a']);
  });

  it("reads a search's matches as another index's slots, through a table made again when either index renumbers", () => {
    const index = new ListingIndex(
      'ysl',
      '1:1:',
      [row('a', { rank: 3 }), row('b', { rank: 1 }), row('c', { rank: 2 })],
      new Map([
        ['EUR', 1],
        ['JPY', 2],
      ]),
    );
    // The other index (the search prefix index): its own slots, in another order, with a free one.
    const layout = { layoutVersion: 0, slots: ['c', null, 'a', 'b', 'd'] as (string | null)[] };
    const source = {
      get layoutVersion() {
        return layout.layoutVersion;
      },
      get slotCount() {
        return layout.slots.length;
      },
      numAt: (slot: number) => layout.slots[slot]?.charCodeAt(0) ?? -1,
    };
    const bySlot = (pids: string[], leads: [string, number][] = []) => {
      const slotOf = (pid: string) => layout.slots.indexOf(pid);
      const bits = new Uint32Array(1);
      for (const pid of pids) if (slotOf(pid) >= 0) bits[0] = ((bits[0] as number) | (1 << slotOf(pid))) >>> 0;
      return {
        layout: source,
        version: layout.layoutVersion,
        bits,
        leads: Int32Array.from(leads, ([pid]) => slotOf(pid)),
        leadRelevance: Uint8Array.from(leads, ([, r]) => r),
      };
    };
    expect(index.queryMatches(ctx, bySlot(['a', 'b', 'c']), {}, page)).toMatchObject({
      pids: ['b', 'c', 'a'],
      counts: { total: 3 },
    });
    // A match with a relevance leads; the relevance does not stay for the next search.
    expect(index.queryMatches(ctx, bySlot(['a', 'b', 'c'], [['a', 1]]), {}, page).pids).toEqual(['a', 'b', 'c']);
    expect(index.queryMatches(ctx, bySlot(['a', 'b', 'c'], [['c', 1]]), {}, page).pids).toEqual(['c', 'b', 'a']);
    // The listing index drops b and gives its slot to d: b's slot in the other index finds nothing, d's finds d.
    index.apply('2:2:', [row('d', { rank: 0 })], ['b']);
    expect(index.queryMatches(ctx, bySlot(['b', 'c']), {}, page)).toMatchObject({
      pids: ['c'],
      counts: { total: 1 },
    });
    expect(index.queryMatches(ctx, bySlot(['a', 'd']), {}, page).pids).toEqual(['d', 'a']);
    // The other index frees c's slot and gives it to b: found as b (not listed), c no longer matches.
    layout.slots[0] = 'b';
    layout.layoutVersion++;
    expect(index.queryMatches(ctx, bySlot(['b', 'a']), {}, page)).toMatchObject({ pids: ['a'], counts: { total: 1 } });
    // Matches read before the other index changed name its earlier slots: refused, not misread.
    const stale = bySlot(['a']);
    layout.layoutVersion++;
    expect(() => index.queryMatches(ctx, stale, {}, page)).toThrow(/earlier layout/);
    // The same answers as by product number.
    const byNum = (...pids: string[]) => ({
      nums: Int32Array.from(pids, (p) => p.charCodeAt(0)),
      relevance: pids.map(() => 0),
    });
    expect(index.queryMatches(ctx, bySlot(['a', 'd']), {}, page)).toEqual(
      index.queryMatches(ctx, byNum('a', 'd'), {}, page),
    );
  });

  it('sorts by price in each currency, counts sizes above bit 31, and learns a new currency', () => {
    const index = new ListingIndex(
      'ysl',
      '1:1:',
      [
        row('a', { prices: [300, 5] }),
        row('b', { prices: [100, null], size_hi: 1 << 8, stock_hi: 0 }),
        row('c', { prices: [200, 7] }),
      ],
      new Map([
        ['EUR', 1],
        ['JPY', 2],
      ]),
    );
    expect(index.query(ctx, undefined, {}, { ...page, sort: 'price_asc' }).pids).toEqual(['b', 'c', 'a']);
    expect(index.query({ currency: 'JPY', sizeBits }, undefined, {}, { ...page, sort: 'price_desc' }).pids).toEqual([
      'c',
      'a',
    ]);
    const xl = index.query(ctx, undefined, { sizes: ['XL'] }, page);
    expect(xl.pids).toEqual(['b']);
    expect(xl.counts.sizes.get('XL')).toBe(1);
    expect(index.query(ctx, undefined, { sizes: ['XL'], inStock: true }, page).counts.total).toBe(0);
    expect(index.query({ currency: 'CHF', sizeBits }, undefined, {}, page).counts.total).toBe(0);
    index.setCurrencies(new Map([['CHF', 3]]));
    index.apply('2:2:', [row('a', { prices: [300, 5, 280] })], []);
    expect(index.query({ currency: 'CHF', sizeBits }, undefined, {}, page)).toMatchObject({
      pids: ['a'],
      counts: { total: 1, priceMin: 280, priceMax: 280 },
    });
  });

  it('keeps each order right when only the key it sorts by changes', () => {
    const index = new ListingIndex(
      'ysl',
      '1:1:',
      [row('a', { rank: 1, prices: [300, null] }), row('b', { rank: 2, prices: [100, null] }), row('c', { rank: 3 })],
      new Map([
        ['EUR', 1],
        ['JPY', 2],
      ]),
    );
    const sorted = (sort: SortKey) => index.query(ctx, undefined, {}, { ...page, sort }).pids;
    expect(sorted('price_asc')).toEqual(['b', 'c', 'a']);
    expect(sorted('recommended')).toEqual(['a', 'b', 'c']);
    // A sale empties a's stock: the default order changes, the price order stands.
    index.apply('2:2:', [row('a', { rank: 1, prices: [300, null], in_stock: false, stock_lo: 0 })], []);
    expect(sorted('recommended')).toEqual(['b', 'c', 'a']);
    expect(sorted('price_asc')).toEqual(['b', 'c', 'a']);
    // A new price reorders by price; a new date, by date; a new rank, every order.
    index.apply('3:3:', [row('b', { rank: 2, prices: [500, null] })], []);
    expect(sorted('price_asc')).toEqual(['c', 'a', 'b']);
    index.apply('4:4:', [row('c', { rank: 3, created: 9 })], []);
    expect(sorted('newest')).toEqual(['c', 'a', 'b']);
    index.apply('5:5:', [row('c', { rank: 0, created: 9 })], []);
    expect(sorted('recommended')).toEqual(['c', 'b', 'a']);
    expect(sorted('price_asc')).toEqual(['c', 'a', 'b']);
  });

  it('pages a large search in the default order by walking the rank order, as ranking its matches would', () => {
    // 400 products in four categories and two colours, every third sold out; the matches are two in three, a
    // few with a relevance: more than enough for the walk (page × products < matches²).
    const letters = (i: number) => String.fromCharCode(0x4e00 + i);
    const rows = Array.from({ length: 400 }, (_, i) =>
      row(letters(i), {
        rank: (i * 37) % 400,
        category_id: `leaf-${i % 4}`,
        macro_color: i % 2 ? 'black' : 'red',
        in_stock: i % 3 !== 0,
        prices: [100 + ((i * 13) % 50), null],
      }),
    );
    const index = new ListingIndex(
      'ysl',
      '1:1:',
      rows,
      new Map([
        ['EUR', 1],
        ['JPY', 2],
      ]),
    );
    const matched = rows.filter((_, i) => i % 3 !== 1);
    const matches = {
      nums: Int32Array.from(matched, (r) => r.num),
      relevance: matched.map((_, k) => (k % 50 === 0 ? 3 : k % 70 === 0 ? 1 : 0)),
    };
    // The reference: every match ranked by relevance, then rank.
    const byRank = new Map(rows.map((r) => [r.pid, r.rank]));
    const expected = matched
      .map((r, k) => ({ pid: r.pid, relevance: matches.relevance[k] as number }))
      .sort((a, b) => b.relevance - a.relevance || (byRank.get(a.pid) as number) - (byRank.get(b.pid) as number))
      .map((m) => m.pid);
    for (const offset of [0, 24, 48]) {
      const got = index.queryMatches(ctx, matches, {}, { sort: 'recommended', limit: 24, offset });
      expect(got.pids).toEqual(expected.slice(offset, offset + 24));
      expect(got.counts.total).toBe(matched.length);
      expect(got.counts.colors).toEqual(
        new Map([
          ['red', matched.filter((r) => r.macro_color === 'red').length],
          ['black', matched.filter((r) => r.macro_color === 'black').length],
        ]),
      );
      expect(got.counts.inStock).toBe(matched.filter((r) => r.in_stock).length);
      expect(got.counts.priceMin).toBe(Math.min(...matched.map((r) => r.prices[0] as number)));
    }
    // Twice in a row: the marks of one search are not the next one's.
    const fewer = { nums: matches.nums.subarray(0, 200), relevance: matches.relevance.slice(0, 200) };
    expect(index.queryMatches(ctx, fewer, {}, { sort: 'recommended', limit: 24, offset: 0 }).pids).toEqual(
      expected.filter((pid) => matched.slice(0, 200).some((r) => r.pid === pid)).slice(0, 24),
    );
  });
});

describe('parseNumberList', () => {
  it('reads back any list of non-negative 32-bit integers written with commas, and refuses anything else', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let n = 0; n < 200; n++) {
      const list = Array.from({ length: n }, (_, i) => (i % 5 === 0 ? random() : random() % 1000));
      expect(Array.from(parseNumberList(list.join(',')))).toEqual(list);
    }
    expect(Array.from(parseNumberList('0,2147483647'))).toEqual([0, 2147483647]);
    for (const bad of ['1,,2', ',1', '1,', '-1', '1.5', '2147483648', '1 ,2', 'a'])
      expect(() => parseNumberList(bad), bad).toThrow();
  });
});

describe('firstInOrder', () => {
  it('gives the first k positions of the full sort, ties and all, for any k', () => {
    // A small deterministic generator: many ties on the key, broken by the position itself.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (const n of [0, 1, 2, 5, 50, 1000]) {
      const key = Array.from({ length: n }, () => next() % 7);
      const before = (a: number, b: number) => (key[a] as number) - (key[b] as number) || a - b;
      const sorted = Array.from({ length: n }, (_, i) => i).sort(before);
      for (const k of [0, 1, 3, 24, n, n + 5])
        expect(firstInOrder(n, k, before), `n=${n} k=${k}`).toEqual(sorted.slice(0, Math.max(0, k)));
    }
  });
});

describe('firstByKey', () => {
  it('gives the first k positions by key, then rank, then position, for any k', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (const n of [0, 1, 2, 5, 50, 1000, 5000]) {
      // Few distinct keys (negative zero among them, as a descending sort writes them) and ranks shared by
      // several positions through their slots: ties on both.
      const key = Float64Array.from({ length: n }, () => -(next() % 5) / 2);
      const slots = Int32Array.from({ length: n }, () => next() % 40);
      const rank = Float64Array.from({ length: 40 }, () => next() % 9);
      const tie = (x: number) => rank[slots[x] as number] as number;
      const order = (a: number, b: number) => (key[a] as number) - (key[b] as number) || tie(a) - tie(b) || a - b;
      const sorted = Array.from({ length: n }, (_, i) => i).sort(order);
      for (const k of [0, 1, 3, 24, n, n + 5])
        expect(firstByKey(n, k, key, slots, rank), `n=${n} k=${k}`).toEqual(sorted.slice(0, Math.max(0, k)));
    }
  });
});

describe('the default order of a listing', () => {
  type Tile = { id: string; availability: { inStock: boolean } };
  const pageOne = async (slug: string) => (await listing(slug, '', { pageSize: 24 })).products as unknown as Tile[];

  it('puts a sold-out product after every product in stock of page 1, in the index and in the SQL alike', async () => {
    const db = t.database.db;
    // The first product of the default order, in stock: sold out now, it must leave the top of page 1.
    const before = await pageOne('women');
    const first = before[0] as Tile;
    expect(first.availability.inStock).toBe(true);
    await db.updateTable('product_variants').set({ stock: 0 }).where('pid', '=', first.id).execute();

    const after = await pageOne('women');
    const inStock = after.filter((x) => x.availability.inStock);
    expect(inStock.length).toBeGreaterThan(0);
    const at = after.findIndex((x) => x.id === first.id);
    // On page 1 only if every product in stock fits above it; never above one of them.
    if (at >= 0) expect(at).toBeGreaterThanOrEqual(inStock.length);
    const firstSoldOut = after.findIndex((x) => !x.availability.inStock);
    if (firstSoldOut >= 0) expect(after.slice(firstSoldOut).every((x) => !x.availability.inStock)).toBe(true);
    expect(after[0]?.id).not.toBe(first.id);

    // The SQL fallback orders the same way.
    const [sizeBits, categories] = await Promise.all([loadSizeBits(db), loadCategories(db, TEST_BRAND)]);
    const women = categories.find((c) => c.slug === 'women') as CategoryRow;
    const below = (c: CategoryRow): string[] => [
      c.id,
      ...categories.filter((x) => x.parent_id === c.id).flatMap(below),
    ];
    const ctx = { brand: TEST_BRAND, currency: 'EUR', language: 'fr', sizeBits };
    const tiles = await listFilteredTiles(
      db,
      ctx,
      { categoryIds: below(women) },
      {},
      { sort: 'recommended', limit: 24, offset: 0 },
    );
    expect(tiles.map((x) => x.pid)).toEqual(after.map((x) => x.id));
  });
});
