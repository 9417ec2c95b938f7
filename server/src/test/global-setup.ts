// Prepares the test database once per run. PGlite: migrate + seed, then save a data-dir snapshot
// that each test file restores in well under a second. PostgreSQL (TEST_DB=postgres): reset the
// schema of TEST_DATABASE_URL, migrate and seed it once; test files share it, each owning its rows.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seed } from '../db/seed.ts';
import { snapshotPath, TEST_BRAND, TEST_PRODUCTS, testDatabaseKind } from './settings.ts';

export default async function setup() {
  if (testDatabaseKind() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
    await sql`drop schema if exists public cascade`.execute(handle.db);
    await sql`create schema public`.execute(handle.db);
    await migrateToLatest(handle.db);
    await seed(handle.db, { brand: TEST_BRAND, products: TEST_PRODUCTS });
    await handle.close();
    return;
  }
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  await migrateToLatest(handle.db);
  await seed(handle.db, { brand: TEST_BRAND, products: TEST_PRODUCTS });
  const client = handle.pglite;
  if (!client) throw new Error('expected an embedded database');
  const dump = await client.dumpDataDir('gzip');
  const path = snapshotPath();
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  // The workers start after this setup and inherit the variable.
  process.env.STOREFRONT_TEST_SNAPSHOT = path;
  await handle.close();
  return () => rmSync(path, { force: true });
}
