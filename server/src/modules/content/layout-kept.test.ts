// The layout's rows kept in memory while the content stands (decision 0201): read once, then from memory until a
// content write of this process settles, another writer's is heard of (PostgreSQL: migration 0032's triggers), a
// bust, or a second has passed. Shown through the layout a page's data carries.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seed } from '../../db/seed.ts';
import { writeWatchOf, type WriteWatch } from '../../db/write-watch.ts';
import { ownDatabase } from '../../test/own-database.ts';
import { snapshotPath, TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';
import { CatalogService } from '../catalog/index.ts';
import { MarketService, type Market } from '../markets/index.ts';
import { ContentKit } from './content-kit.ts';
import { layout, page } from './pages-and-components.ts';

const postgres = testDatabaseKind() === 'postgres';
let database: DatabaseHandle;
let own: Awaited<ReturnType<typeof ownDatabase>> | undefined;
let watch: WriteWatch;
let market: Market;
let kit: ContentKit;

beforeAll(async () => {
  if (postgres) {
    own = await ownDatabase(`layout_kept_${process.pid}`);
    database = await openDatabase({ databaseUrl: own.url, poolSize: 4 });
    await migrateToLatest(database.db);
    await seed(database.db, { brand: TEST_BRAND, products: 20 });
  } else {
    database = await openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: new Blob([readFileSync(snapshotPath())]) });
  }
  watch = writeWatchOf(database.db) as WriteWatch;
  market = (await MarketService.load(database.db)).resolve('fr-fr');
  const catalog = new CatalogService(database.db, TEST_BRAND);
  await catalog.refresh();
  kit = new ContentKit(database.db, catalog, TEST_BRAND, 0);
  await kit.layoutRows('fr');
  // On PostgreSQL another writer is heard once the listening connection listens.
  for (const deadline = Date.now() + 10_000; !watch.heard;) {
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 20));
  }
}, 120_000);

afterAll(async () => {
  await database?.close();
  await own?.drop();
});

/**
 * Waits until the content's epoch has stood still for 300 ms (at most 5 s): on PostgreSQL the notifications of an
 * earlier test's own writes arrive when they arrive, and one arriving mid-test would rightly read the layout again.
 */
async function quiet(): Promise<void> {
  let epoch = watch.contentEpoch;
  for (let still = Date.now(), deadline = Date.now() + 5_000; Date.now() - still < 300;) {
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 20));
    if (watch.contentEpoch !== epoch) [epoch, still] = [watch.contentEpoch, Date.now()];
  }
}

/** Another connection (another writer, as a second instance would be) marks a component of `owner` of a type. */
async function markElsewhere(owner: string, type: string): Promise<void> {
  const other = new pg.Client({ connectionString: own!.url });
  await other.connect();
  try {
    await other.query(
      `update content_components set data = data || '{"testMark":"elsewhere"}'::jsonb
        where brand = $1 and owner_id = $2 and type = $3`,
      [TEST_BRAND, owner, type],
    );
  } finally {
    await other.end();
  }
}

/** The layout as a page shows it, and whether its rows were read from the database for it. */
async function shown() {
  const before = kit.keptComponents.reads.database;
  const l = await layout(kit, market);
  return { header: l?.header as Record<string, unknown> | undefined, read: kit.keptComponents.reads.database > before };
}

/** The header's row gains (or loses, `undefined`) a mark in its data. */
const mark = (value: string | undefined) =>
  value === undefined
    ? sql`update content_components set data = data - 'testMark' where brand = ${TEST_BRAND} and owner_id = 'layout--fr' and type = 'header'`
    : sql`update content_components set data = data || ${JSON.stringify({ testMark: value })}::jsonb
        where brand = ${TEST_BRAND} and owner_id = 'layout--fr' and type = 'header'`;

describe('the layout kept in memory while the content stands', () => {
  it('read once, then from memory; a write of this process shows in the very next layout', async () => {
    await shown();
    expect((await shown()).read).toBe(false);
    await mark('one').execute(database.db);
    const after = await shown();
    expect(after.read).toBe(true);
    expect(after.header?.testMark).toBe('one');
    // Written inside a transaction: kept until it commits, then read again.
    await database.db.transaction().execute(async (tx) => {
      await mark('two').execute(tx);
    });
    expect((await shown()).header?.testMark).toBe('two');
    await mark(undefined).execute(database.db);
    expect((await shown()).header?.testMark).toBeUndefined();
  });

  it('is made once from the same rows: the same layout, serialised once, for every page of the market', async () => {
    await quiet();
    const first = await layout(kit, market);
    const again = await layout(kit, market);
    expect(again).toBe(first);
    // Shared JSON: frozen, so that the text made once stays the value's.
    expect(Object.isFrozen(first)).toBe(true);
    // Another market of the same language makes its own (its visibility, its links).
    const belgium = (await MarketService.load(database.db)).resolve('fr-be');
    const other = await layout(kit, belgium);
    expect(other).not.toBe(first);
    expect(await layout(kit, belgium)).toBe(other);
    // New rows (a write) make a new layout.
    await mark('three').execute(database.db);
    const changed = await layout(kit, market);
    expect(changed).not.toBe(first);
    expect((changed?.header as Record<string, unknown> | undefined)?.testMark).toBe('three');
    await mark(undefined).execute(database.db);
  });

  it('a bust reads it again; a second after its read it is read again', async () => {
    await quiet();
    await shown();
    expect((await shown()).read).toBe(false);
    kit.bust({ locales: ['fr-fr'] });
    expect((await shown()).read).toBe(true);
    expect((await shown()).read).toBe(false);
    await new Promise((r) => setTimeout(r, 1_050));
    expect((await shown()).read).toBe(true);
  });

  it('requests at once while it is read make one statement', async () => {
    await quiet();
    kit.bust();
    const before = kit.keptComponents.reads.database;
    await Promise.all(Array.from({ length: 20 }, () => layout(kit, market)));
    expect(kit.keptComponents.reads.database - before).toBe(1);
  });

  it.skipIf(!postgres)('a write of another connection: shown once its notification arrives', async () => {
    await quiet();
    kit.bust();
    await shown();
    expect((await shown()).read).toBe(false);
    await markElsewhere('layout--fr', 'header');
    const written = performance.now();
    while ((await shown()).header?.testMark !== 'elsewhere') {
      // Well within the second of the age bound: the notification, not the bound, ended the kept rows.
      expect(performance.now() - written).toBeLessThan(500);
      await new Promise((r) => setTimeout(r, 5));
    }
  });
});

describe("a page's components and the language's pages, kept the same way", () => {
  /** The home page as its data shows it, and how many owners' and languages' rows were read for it. */
  async function home() {
    const before = kit.keptComponents.reads.database + kit.keptPages.reads.database;
    const p = await page(kit, market, { pageId: 'home--fr', tags: ['guest'] });
    const reads = kit.keptComponents.reads.database + kit.keptPages.reads.database - before;
    const hero = p.components.find((c) => c.type === 'hero') as Record<string, unknown> | undefined;
    return { title: p.title, hero, reads };
  }
  const markHero = (value: string | undefined) =>
    value === undefined
      ? sql`update content_components set data = data - 'testMark' where brand = ${TEST_BRAND} and owner_id = 'home--fr' and type = 'hero'`
      : sql`update content_components set data = data || ${JSON.stringify({ testMark: value })}::jsonb
          where brand = ${TEST_BRAND} and owner_id = 'home--fr' and type = 'hero'`;

  it('read once, then from memory; a write to them shows in the very next page', async () => {
    await quiet();
    kit.bust();
    expect((await home()).reads).toBe(2);
    expect((await home()).reads).toBe(0);
    await markHero('kept').execute(database.db);
    const after = await home();
    // Read again (on PostgreSQL the write's own notification may arrive during the page and read it once more).
    expect(after.reads).toBeGreaterThanOrEqual(2);
    expect(after.hero?.testMark).toBe('kept');
    await sql`update content_pages set title = title || ' (test)' where brand = ${TEST_BRAND} and cms_page_id = 'home--fr'`.execute(
      database.db,
    );
    expect((await home()).title).toMatch(/ \(test\)$/);
    await sql`update content_pages set title = replace(title, ' (test)', '') where brand = ${TEST_BRAND} and cms_page_id = 'home--fr'`.execute(
      database.db,
    );
    await markHero(undefined).execute(database.db);
    const back = await home();
    expect(back.hero?.testMark).toBeUndefined();
    expect(back.title).not.toMatch(/\(test\)/);
  });

  it.skipIf(!postgres)('a write of another connection: shown once its notification arrives', async () => {
    await quiet();
    kit.bust();
    await home();
    expect((await home()).reads).toBe(0);
    await markElsewhere('home--fr', 'hero');
    const written = performance.now();
    while ((await home()).hero?.testMark !== 'elsewhere') {
      expect(performance.now() - written).toBeLessThan(500);
      await new Promise((r) => setTimeout(r, 5));
    }
  });
});
