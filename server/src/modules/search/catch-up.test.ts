// How often the catalogue's in-memory indexes ask the database before answering (db/write-watch.ts): the
// database statements of an autocomplete while the indexes answer from memory and when they catch up before
// every answer; a catalogue write of this process seen by the very next answer however long the window; a
// write this process does not make (plain SQL past its database handle; on PostgreSQL another connection)
// seen within the window; a burst of requests reading what changed once, not once per request; and hit tiles
// kept in memory that show the next write of what they show, even one that leaves the listing facts as they
// were (a list price under a sale, the last unit but one, another first size: decision 0192); and a product page's
// rows kept in memory, read again after a write of what they show, a bust or a second (decision 0200). On PostgreSQL the
// file works on a database of its own: it writes to the catalogue, which the other files read.
import { readFileSync } from 'node:fs';
import { sql, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seed } from '../../db/seed.ts';
import { registerWriteWatch, writeWatchOf, type WriteWatch } from '../../db/write-watch.ts';
import { ownDatabase } from '../../test/own-database.ts';
import { snapshotPath, TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';
import { CatalogService } from '../catalog/index.ts';
import { takeWarehouseStock } from '../checkout/repository.ts';
import { MarketService, type Market } from '../markets/index.ts';
import { SearchService } from './service.ts';

const postgres = testDatabaseKind() === 'postgres';
let database: DatabaseHandle;
let own: Awaited<ReturnType<typeof ownDatabase>> | undefined;
let watch: WriteWatch;
let market: Market;
/** Statements sent through the counted handle. */
let statements = 0;
let counted: DatabaseHandle['db'];

const counter: KyselyPlugin = {
  transformQuery: (args) => {
    statements++;
    return args.node;
  },
  transformResult: async (args) => args.result,
};

beforeAll(async () => {
  if (postgres) {
    own = await ownDatabase(`catch_up_${process.pid}`);
    database = await openDatabase({ databaseUrl: own.url, poolSize: 10 });
    await migrateToLatest(database.db);
    await seed(database.db, { brand: TEST_BRAND, products: 120 });
  } else {
    database = await openDatabase({
      pgliteDir: 'memory://',
      pgliteSnapshot: new Blob([readFileSync(snapshotPath())]),
    });
  }
  watch = writeWatchOf(database.db) as WriteWatch;
  counted = database.db.withPlugin(counter);
  // The counted handle shares the database's connections, so its writes and notifications too.
  registerWriteWatch(counted, watch);
  market = (await MarketService.load(database.db)).resolve('fr-fr');
}, 120_000);

afterAll(async () => {
  await database?.close();
  await own?.drop();
});

/** A search service and its catalogue over the counted handle, answering from memory for `freshForMs` after a catch-up. */
async function services(freshForMs: number) {
  const catalog = new CatalogService(counted, TEST_BRAND);
  catalog.catchUps.freshForMs = freshForMs;
  await catalog.refresh();
  const search = new SearchService(counted, TEST_BRAND, catalog, { minChars: 1, prefixIndex: { freshForMs } });
  const ac = (q: string) => search.search({ market, q, facets: false, pageSize: 6 });
  await search.currentIndex(market.language);
  // On PostgreSQL the other writers are heard once the listening connection listens.
  for (const deadline = Date.now() + 10_000; !watch.heard;) {
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { catalog, search, ac };
}

/** A listed product sold online in euros and in stock, by merchandising order. */
async function product(offset: number): Promise<string> {
  const r = await sql<{ pid: string }>`
    select p.pid from products p where p.brand = ${TEST_BRAND} and not p.is_employee_only and not p.is_rd
      and p.is_sellable_online and p.is_ecom_assortment
      and exists (select 1 from product_variants v where v.pid = p.pid and v.stock > 0)
      and exists (select 1 from product_prices x where x.pid = p.pid and x.currency = 'EUR')
    order by p.rank offset ${offset} limit 1`.execute(database.db);
  return (r.rows[0] as { pid: string }).pid;
}

const QUERIES = ['sac', 'ca', 'b', 'to', 'noir', 'cu', 'po', 'lou'];

describe('catalogue indexes: database round trips', () => {
  it('an autocomplete makes none while the indexes answer from memory, three when they catch up before every answer', async () => {
    const strict = await services(0);
    const coalesced = await services(60_000);
    // Loads, query words and tiles read once.
    for (const q of QUERIES) {
      await strict.ac(q);
      await coalesced.ac(q);
    }
    const perRequest = async (ac: (q: string) => Promise<unknown>) => {
      const before = statements;
      for (const q of QUERIES) await ac(q);
      return (statements - before) / QUERIES.length;
    };
    const before = { strict: strict.search.catchUpReads(), coalesced: coalesced.search.catchUpReads() };
    const strictTrips = await perRequest(strict.ac);
    const coalescedTrips = await perRequest(coalesced.ac);
    console.info(
      `database statements per autocomplete: ${strictTrips} catching up each time, ${coalescedTrips} coalesced`,
    );
    expect(strictTrips).toBeGreaterThanOrEqual(3);
    expect(coalescedTrips).toBe(0);
    const after = { strict: strict.search.catchUpReads(), coalesced: coalesced.search.catchUpReads() };
    expect(after.strict.prefix - before.strict.prefix).toBe(QUERIES.length);
    expect(after.strict.listing - before.strict.listing).toBe(QUERIES.length);
    expect(after.coalesced).toEqual(before.coalesced);
    expect(coalesced.search.tileReads.memory).toBeGreaterThan(0);
  });
});

describe('catalogue indexes: freshness', () => {
  it('shows a catalogue write of this process in the very next answer, however long the window: names, prices and stock', async () => {
    const { ac, search } = await services(60_000);
    const pid = await product(2);
    await ac('sac');
    await sql`update product_translations set name = 'Zorglub Tapir' where pid = ${pid} and language = 'fr'`.execute(
      database.db,
    );
    const named = await ac('zorglub');
    expect(named.products.map((p) => p.id)).toEqual([pid]);
    const price = named.products[0]!.price!.listPriceValue;
    // Again from memory, tile included (on PostgreSQL once the write's own notification has come back: it
    // costs one more catch-up).
    const reads = search.tileReads.memory;
    for (let i = 0; i < 20 && search.tileReads.memory === reads; i++)
      expect((await ac('zorglub')).products[0]!.price!.listPriceValue).toBe(price);
    expect(search.tileReads.memory).toBe(reads + 1);
    // A new price: the kept tile is forgotten.
    await database.db
      .updateTable('product_prices')
      .set({ list_price: price + 1 })
      .where('pid', '=', pid)
      .where('currency', '=', 'EUR')
      .execute();
    expect((await ac('zorglub')).products[0]!.price!.listPriceValue).toBe(price + 1);
    // Sold out, inside a transaction: seen once it commits.
    const stock = await database.db.transaction().execute(async (trx) => {
      const was = await trx.selectFrom('product_variants').select(['sku', 'stock']).where('pid', '=', pid).execute();
      await trx.updateTable('product_variants').set({ stock: 0 }).where('pid', '=', pid).execute();
      return was;
    });
    expect(named.products[0]!.availability.inStock).toBe(true);
    expect((await ac('zorglub')).products[0]!.availability.inStock).toBe(false);
    for (const v of stock)
      await database.db.updateTable('product_variants').set({ stock: v.stock }).where('sku', '=', v.sku).execute();
    expect((await ac('zorglub')).products[0]!.availability).toEqual(named.products[0]!.availability);
    // Unpriced: no longer sold in the market (the listing index's answer, caught up as well).
    await sql`delete from product_prices where pid = ${pid} and currency = 'EUR'`.execute(database.db);
    expect((await ac('zorglub')).totalNrOfProducts).toBe(0);
  });

  it('a translation deleted: the product is no longer found in that language, from memory or from PostgreSQL; restored, found again', async () => {
    const { ac } = await services(60_000);
    const sqlOnly = new SearchService(counted, TEST_BRAND, new CatalogService(counted, TEST_BRAND), {
      minChars: 1,
      prefixIndex: { enabled: false },
    });
    const pid = await product(5);
    await sql`update product_translations set name = 'Wombat Trapèze' where pid = ${pid} and language = 'fr'`.execute(
      database.db,
    );
    expect((await ac('wombat')).products.map((p) => p.id)).toEqual([pid]);
    const row = await database.db
      .selectFrom('product_translations')
      .selectAll()
      .where('pid', '=', pid)
      .where('language', '=', 'fr')
      .executeTakeFirstOrThrow();
    await database.db.deleteFrom('product_translations').where('pid', '=', pid).where('language', '=', 'fr').execute();
    expect((await ac('wombat')).totalNrOfProducts).toBe(0);
    expect((await sqlOnly.search({ market, q: 'wombat', facets: false, pageSize: 6 })).totalNrOfProducts).toBe(0);
    // Its other languages are untouched.
    const listed = await sql<{ language: string; listed: boolean }>`
      select language, listed from search_documents where pid = ${pid} order by language`.execute(database.db);
    expect(listed.rows.filter((r) => !r.listed).map((r) => r.language)).toEqual(['fr']);
    expect(listed.rows.length).toBeGreaterThan(1);
    await database.db.insertInto('product_translations').values(row).execute();
    expect((await ac('wombat')).products.map((p) => p.id)).toEqual([pid]);
    expect(
      (await sqlOnly.search({ market, q: 'wombat', facets: false, pageSize: 6 })).products.map((p) => p.id),
    ).toEqual([pid]);
  });

  it('shows a write it does not see itself within the window (another writer: plain SQL past its handle, another connection)', async () => {
    const window = 300;
    const { ac } = await services(window);
    const pid = await product(4);
    await ac('sac');
    const text = `update product_translations set name = 'Xylophage Okapi' where pid = '${pid}' and language = 'fr'`;
    let written: number;
    if (database.pglite) {
      await database.pglite.query(text);
      written = performance.now();
    } else {
      const other = new pg.Client({ connectionString: own!.url });
      await other.connect();
      try {
        await other.query(text);
        written = performance.now();
      } finally {
        await other.end();
      }
    }
    // Polled with a deadline: the window, and time for the catch-up on a busy machine.
    let seen = false;
    while (!seen) {
      seen = (await ac('xylophage')).products.some((p) => p.id === pid);
      if (!seen) {
        expect(performance.now() - written).toBeLessThan(window + 5_000);
        await new Promise((r) => setTimeout(r, 10));
      }
    }
  });

  it('reads what changed once for a burst, not once per request', async () => {
    const waves = 10;
    const perWave = 10;
    const burst = async (freshForMs: number) => {
      const { search, ac } = await services(freshForMs);
      await ac('sac');
      // A write: the first wave catches up.
      await sql`update product_translations set name = name where pid = ${await product(6)} and language = 'fr'`.execute(
        database.db,
      );
      const before = search.catchUpReads();
      for (let w = 0; w < waves; w++) await Promise.all(Array.from({ length: perWave }, () => ac('sac')));
      const after = search.catchUpReads();
      return { prefix: after.prefix - before.prefix, listing: after.listing - before.listing };
    };
    const strict = await burst(0);
    const coalesced = await burst(60_000);
    console.info(
      `catch-up reads for ${waves} waves of ${perWave} autocompletes: ${JSON.stringify(strict)} catching up each time, ${JSON.stringify(coalesced)} coalesced`,
    );
    // Each wave's concurrent requests share a read or two; the window lets only the first wave read.
    expect(strict.prefix).toBeGreaterThanOrEqual(waves);
    expect(strict.listing).toBeGreaterThanOrEqual(waves);
    expect(coalesced.prefix).toBeLessThanOrEqual(2);
    expect(coalesced.listing).toBeLessThanOrEqual(2);
    expect(coalesced.prefix).toBeGreaterThanOrEqual(1);
  });
});

/** The one hit of an autocomplete, `pid`'s tile. */
function only(result: Awaited<ReturnType<SearchService['search']>>, pid: string) {
  expect(result.products.map((p) => p.id)).toEqual([pid]);
  return result.products[0]!;
}

/**
 * On PostgreSQL, waits until the watch's epoch has moved `moves` times since `epoch`: a write of this process
 * moves it when it settles, and again when its notification comes back. The next answer then catches up and,
 * if that finds no change, serves a kept tile from memory — never reads it by the luck of a late notification.
 */
async function heard(epoch: number, moves: number): Promise<void> {
  if (!postgres) return;
  for (const deadline = Date.now() + 5_000; watch.epoch < epoch + moves;) {
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A listed product sold online in euros, in stock, on sale there (`onSale`) or not, in `sizes` sizes or more. */
async function priced(onSale: boolean, offset = 0, sizes = 1): Promise<string> {
  const r = await sql<{ pid: string }>`
    select p.pid from products p join product_prices x on x.pid = p.pid and x.currency = 'EUR'
    where p.brand = ${TEST_BRAND} and not p.is_employee_only and not p.is_rd and p.is_sellable_online
      and p.is_ecom_assortment and (x.sale_price is not null) = ${onSale}
      and exists (select 1 from product_variants v where v.pid = p.pid and v.stock > 0)
      and (select count(*) from product_variants v where v.pid = p.pid) >= ${sizes}
    order by p.rank offset ${offset} limit 1`.execute(database.db);
  return (r.rows[0] as { pid: string }).pid;
}

describe('catalogue indexes: hit tiles kept in memory', () => {
  type Services = Awaited<ReturnType<typeof services>>;

  /** `pid` renamed `name` in French (through this process); its autocomplete tile once it is served from memory. */
  async function keptTile(s: Services, pid: string, name: string) {
    const epoch = watch.epoch;
    await sql`update product_translations set name = ${name} where pid = ${pid} and language = 'fr'`.execute(
      database.db,
    );
    await heard(epoch, 2);
    const reads = s.search.tileReads.memory;
    let tile = only(await s.ac(name), pid);
    for (let i = 0; i < 5 && s.search.tileReads.memory === reads; i++) tile = only(await s.ac(name), pid);
    expect(s.search.tileReads.memory).toBe(reads + 1);
    // From the kept row once more: the hit tile made once with it (and its JSON), not made again.
    expect(only(await s.ac(name), pid)).toBe(tile);
    return tile;
  }

  /** The tile of the next autocomplete after a write of this process (once heard back on PostgreSQL). */
  async function after(s: Services, pid: string, name: string, write: () => Promise<unknown>) {
    const epoch = watch.epoch;
    await write();
    await heard(epoch, 2);
    return only(await s.ac(name), pid);
  }

  it('a price, stock or size written by this process that leaves the listing facts as they were: the next answer shows it', async () => {
    const s = await services(60_000);
    await s.ac('sac');

    // A new list price under a sale: the listing fact holds the price paid, the sale price, unchanged.
    const onSale = await priced(true);
    const was = (await keptTile(s, onSale, 'Quokka Soldé')).price!;
    expect(was.salePriceValue).not.toBeNull();
    const list = await after(s, onSale, 'quokka', () =>
      database.db
        .updateTable('product_prices')
        .set({ list_price: was.listPriceValue + 10 })
        .where('pid', '=', onSale)
        .where('currency', '=', 'EUR')
        .execute(),
    );
    expect(list.price).toEqual({ ...was, listPriceValue: was.listPriceValue + 10 });

    // A sale price equal to the list price: the price paid is the same.
    const full = await priced(false);
    const before = (await keptTile(s, full, 'Quetzal Plein')).price!;
    expect(before.salePriceValue).toBeNull();
    const sale = await after(s, full, 'quetzal', () =>
      sql`update product_prices set sale_price = list_price where pid = ${full} and currency = 'EUR'`.execute(
        database.db,
      ),
    );
    expect(sale.price).toEqual({ ...before, salePriceValue: before.listPriceValue });

    // The last unit but one sold through the checkout's stock decrement, in a transaction: the product stays in
    // stock in the same sizes, and its tile says "last item left".
    const stocked = await priced(false, 1, 2);
    const [first] = await database.db
      .selectFrom('product_variants')
      .select('sku')
      .where('pid', '=', stocked)
      .where('stock', '>', 0)
      .orderBy('position')
      .execute();
    await database.db.updateTable('product_variants').set({ stock: 0 }).where('pid', '=', stocked).execute();
    await database.db.updateTable('product_variants').set({ stock: 2 }).where('sku', '=', first!.sku).execute();
    const two = await keptTile(s, stocked, 'Quagga Stock');
    expect(two.availability.statusTags).toEqual(['available online']);
    const one = await after(s, stocked, 'quagga', () =>
      database.db.transaction().execute(async (trx) => expect(await takeWarehouseStock(trx, first!.sku, 1)).toBe(true)),
    );
    expect(one.availability.statusTags).toEqual(['available online', 'last item left']);

    // Another first size (the tile's object id is its sku): the same sizes, in another order.
    const skus = await database.db
      .selectFrom('product_variants')
      .select(['sku', 'position'])
      .where('pid', '=', stocked)
      .orderBy('position')
      .execute();
    expect(skus.length).toBeGreaterThan(1);
    expect((await keptTile(s, stocked, 'Quagga Taille')).objectID).toBe(skus[0]!.sku);
    const last = Math.max(...skus.map((v) => v.position));
    const reordered = await after(s, stocked, 'quagga', () =>
      database.db
        .updateTable('product_variants')
        .set({ position: last + 1 })
        .where('sku', '=', skus[0]!.sku)
        .execute(),
    );
    expect(reordered.objectID).toBe(skus[1]!.sku);
  });

  it('a new list price under a sale written by another writer (plain SQL past its handle, another connection): shown within the window', async () => {
    const window = 300;
    const s = await services(window);
    await s.ac('sac');
    const pid = await priced(true, 1);
    const was = (await keptTile(s, pid, 'Quinoa Soldé')).price!;
    const text = `update product_prices set list_price = list_price + 10 where pid = '${pid}' and currency = 'EUR'`;
    let written: number;
    if (database.pglite) {
      await database.pglite.query(text);
      written = performance.now();
    } else {
      const other = new pg.Client({ connectionString: own!.url });
      await other.connect();
      try {
        await other.query(text);
        written = performance.now();
      } finally {
        await other.end();
      }
    }
    // Polled with a deadline: the window (PGlite: nothing else tells of a write past the handle) or the
    // notification, and time for the catch-up on a busy machine.
    for (;;) {
      const tile = only(await s.ac('quinoa'), pid);
      if (tile.price!.listPriceValue === was.listPriceValue + 10) {
        expect(tile.price).toEqual({ ...was, listPriceValue: was.listPriceValue + 10 });
        break;
      }
      expect(performance.now() - written).toBeLessThan(window + 5_000);
      await new Promise((r) => setTimeout(r, 10));
    }
  });
});

describe('catalogue indexes: listing tiles kept in memory', () => {
  /** The leaf category `pid` is listed in, and its tile in that category's listing (every product on one page). */
  async function listed(catalog: CatalogService, pid: string) {
    const { slug } = await database.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select('c.slug')
      .where('p.pid', '=', pid)
      .executeTakeFirstOrThrow();
    const tile = async () => {
      const found = (await catalog.listing({ slug, market, pageSize: 500 })).products.find((p) => p.id === pid);
      expect(found).toBeDefined();
      return found!;
    };
    return { slug, tile };
  }

  it('a listing makes no statement while the index answers from memory; a catch-up and a tile read when it catches up before every answer', async () => {
    const strict = (await services(0)).catalog;
    const coalesced = (await services(60_000)).catalog;
    const pid = await product(0);
    const a = await listed(strict, pid);
    const b = await listed(coalesced, pid);
    await a.tile();
    await b.tile();
    const perListing = async (tile: () => Promise<unknown>) => {
      const before = statements;
      for (let i = 0; i < 5; i++) await tile();
      return (statements - before) / 5;
    };
    const strictTrips = await perListing(a.tile);
    const coalescedTrips = await perListing(b.tile);
    console.info(`database statements per listing: ${strictTrips} catching up each time, ${coalescedTrips} coalesced`);
    expect(strictTrips).toBeGreaterThanOrEqual(2);
    expect(coalescedTrips).toBe(0);
    expect(coalesced.tileReads.memory).toBeGreaterThan(0);
    expect(strict.tileReads.memory).toBe(0);
  });

  it('a name, a list price under a sale, the last unit but one written by this process: the next listing shows them', async () => {
    const { catalog } = await services(60_000);
    const pid = await priced(true, 2, 2);
    const { tile } = await listed(catalog, pid);
    /** The tile after a write of this process, once its notification is back on PostgreSQL, served from memory next. */
    const after = async (write: () => Promise<unknown>) => {
      const epoch = watch.epoch;
      await write();
      await heard(epoch, 2);
      const shown = await tile();
      const memory = catalog.tileReads.memory;
      const again = await tile();
      expect(again).toEqual(shown);
      expect(catalog.tileReads.memory).toBeGreaterThan(memory);
      // From the kept row once more: the tile made once with it (and its JSON), not made again.
      expect(await tile()).toBe(again);
      return shown;
    };
    const was = await tile();
    expect(was.price!.salePriceValue).not.toBeNull();

    const renamed = await after(() =>
      sql`update product_translations set name = 'Ocelot Listé' where pid = ${pid} and language = 'fr'`.execute(
        database.db,
      ),
    );
    expect(renamed.name).toBe('Ocelot Listé');

    const repriced = await after(() =>
      database.db
        .updateTable('product_prices')
        .set({ list_price: was.price!.listPriceValue + 10 })
        .where('pid', '=', pid)
        .where('currency', '=', 'EUR')
        .execute(),
    );
    expect(repriced.price).toEqual({ ...was.price, listPriceValue: was.price!.listPriceValue + 10 });

    const [first] = await database.db
      .selectFrom('product_variants')
      .select('sku')
      .where('pid', '=', pid)
      .orderBy('position')
      .execute();
    await after(() =>
      sql`update product_variants set stock = case when sku = ${first!.sku} then 2 else 0 end where pid = ${pid}`.execute(
        database.db,
      ),
    );
    const one = await after(() =>
      database.db.transaction().execute(async (trx) => expect(await takeWarehouseStock(trx, first!.sku, 1)).toBe(true)),
    );
    expect(one.availability.statusTags).toContain('last item left');
  });

  it.skipIf(!postgres)('a name written by another connection: shown once its notification arrives', async () => {
    const { catalog } = await services(60_000);
    const pid = await product(3);
    const { tile } = await listed(catalog, pid);
    await tile();
    const memory = catalog.tileReads.memory;
    await tile();
    expect(catalog.tileReads.memory).toBeGreaterThan(memory);
    const other = new pg.Client({ connectionString: own!.url });
    await other.connect();
    try {
      await other.query(
        `update product_translations set name = 'Pangolin Ailleurs' where pid = $1 and language = 'fr'`,
        [pid],
      );
    } finally {
      await other.end();
    }
    const written = performance.now();
    while ((await tile()).name !== 'Pangolin Ailleurs') {
      expect(performance.now() - written).toBeLessThan(5_000);
      await new Promise((r) => setTimeout(r, 10));
    }
  });
});

describe('catalogue indexes: product rows kept in memory', () => {
  /**
   * The product as its page shows it, the statements it sent (its read is compiled once, past the counting
   * plugin: counted by the catalogue) and whether it came from memory.
   */
  async function page(catalog: CatalogService, pid: string) {
    const { memory, database: before } = catalog.productReads;
    const { product: shown } = await catalog.product(pid, market);
    return {
      shown,
      statements: catalog.productReads.database - before,
      fromMemory: catalog.productReads.memory > memory,
    };
  }

  /** `pid` with two sizes in stock, the first holding `units`. */
  async function stocked(pid: string, units: number) {
    const sizes = await database.db
      .selectFrom('product_variants')
      .select('sku')
      .where('pid', '=', pid)
      .orderBy('position')
      .execute();
    await sql`update product_variants set stock = case when sku = ${sizes[0]!.sku} then ${units}::int else 3 end
      where pid = ${pid}`.execute(database.db);
    return sizes[0]!.sku;
  }

  it('a product page read twice makes one statement; none kept with CATALOGUE_FRESH_MS=0 or after a bust', async () => {
    const { catalog } = await services(60_000);
    const strict = (await services(0)).catalog;
    const pid = await product(5);
    const first = await page(catalog, pid);
    expect(first.statements).toBe(1);
    const second = await page(catalog, pid);
    expect(second).toEqual({ shown: first.shown, statements: 0, fromMemory: true });
    // Another market's language reads its own row.
    const english = await catalog.product(pid, (await MarketService.load(database.db)).resolve('en-gb'));
    expect(english.product.id).toBe(pid);
    expect(catalog.productReads.database).toBe(2);

    catalog.bustCache();
    expect((await page(catalog, pid)).statements).toBe(1);

    await page(strict, pid);
    expect((await page(strict, pid)).statements).toBe(1);
    expect(strict.productReads.memory).toBe(0);
  });

  it('the last unit of a size and a new description written by this process: the next page shows them', async () => {
    const { catalog } = await services(60_000);
    const pid = await priced(false, 4, 2);
    /** The page after a write of this process, once its notification is back on PostgreSQL; from memory next. */
    const after = async (write: () => Promise<unknown>) => {
      const epoch = watch.epoch;
      await write();
      await heard(epoch, 2);
      const shown = (await page(catalog, pid)).shown;
      expect(await page(catalog, pid)).toEqual({ shown, statements: 0, fromMemory: true });
      return shown;
    };
    const was = await after(() => stocked(pid, 2));
    expect(was.sizes[0]).toMatchObject({ inStock: true, lowStock: false });

    // 2 → 1 unit leaves the listing facts as they were (the product still has stock in both sizes).
    const sku = (
      await database.db
        .selectFrom('product_variants')
        .select('sku')
        .where('pid', '=', pid)
        .orderBy('position')
        .executeTakeFirstOrThrow()
    ).sku;
    const last = await after(() =>
      database.db.transaction().execute(async (trx) => expect(await takeWarehouseStock(trx, sku, 1)).toBe(true)),
    );
    expect(last.sizes[0]).toMatchObject({ inStock: true, lowStock: true });

    const described = await after(() =>
      sql`update product_translations set description = 'Un sac décrit autrement.' where pid = ${pid} and language = 'fr'`.execute(
        database.db,
      ),
    );
    expect(described.description).toBe('Un sac décrit autrement.');
  });

  it('kept for at most a second without any write', async () => {
    const { catalog } = await services(60_000);
    const pid = await product(6);
    await page(catalog, pid);
    expect((await page(catalog, pid)).fromMemory).toBe(true);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await page(catalog, pid)).statements).toBe(1);
  });

  it.skipIf(!postgres)('a size sold out by another connection: shown once its notification arrives', async () => {
    const { catalog } = await services(60_000);
    const pid = await priced(false, 7, 2);
    const epoch = watch.epoch;
    const sku = await stocked(pid, 2);
    await heard(epoch, 2);
    await page(catalog, pid);
    expect((await page(catalog, pid)).fromMemory).toBe(true);
    const other = new pg.Client({ connectionString: own!.url });
    await other.connect();
    try {
      await other.query(`update product_variants set stock = 0 where sku = $1`, [sku]);
    } finally {
      await other.end();
    }
    const written = performance.now();
    while ((await page(catalog, pid)).shown.sizes[0]!.inStock) {
      expect(performance.now() - written).toBeLessThan(5_000);
      await new Promise((r) => setTimeout(r, 10));
    }
  });
});
