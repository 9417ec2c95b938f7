// Prepares the test database once per run. PGlite: migrate + seed, then save a data-dir snapshot
// that each test file restores in well under a second. PostgreSQL (TEST_DB=postgres): reset the
// schema of TEST_DATABASE_URL, migrate and seed it once, then copy it into one database per test worker
// (`<name>_w1` … `<name>_wN`, see worker-database.ts): the files of one worker run one after another and
// share its database, each owning its rows; two workers never see each other's writes.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seed } from '../db/seed.ts';
import { backendsGone } from './own-database.ts';
import { snapshotPath, TEST_BRAND, TEST_PRODUCTS, testDatabaseKind, workerDatabaseUrl } from './settings.ts';

export default async function setup(project: TestProject) {
  if (testDatabaseKind() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
    await sql`drop schema if exists public cascade`.execute(handle.db);
    await sql`create schema public`.execute(handle.db);
    await migrateToLatest(handle.db);
    await seed(handle.db, { brand: TEST_BRAND, products: TEST_PRODUCTS });
    await handle.close();
    // The copies are made from the seeded database through the server's maintenance database: a template
    // must have no connection open while it is copied.
    const template = new URL(url).pathname.slice(1);
    const maintenance = new URL(url);
    maintenance.pathname = '/postgres';
    const admin = await openDatabase({ databaseUrl: maintenance.toString(), poolSize: 1 });
    await backendsGone(admin.db, template);
    // Vitest's own default (no --maxWorkers) is left unresolved here; it is below the number of cores.
    const workers = Math.max(
      1,
      Number(project.config.maxWorkers || project.globalConfig.maxWorkers) || availableParallelism(),
    );
    const names = Array.from({ length: workers }, (_, i) => new URL(workerDatabaseUrl(url, i + 1)).pathname.slice(1));
    for (const name of names) {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin.db);
    }
    await admin.close();
    // The workers start after this setup and inherit the variable (worker-database.ts reads it).
    process.env.STOREFRONT_TEST_DATABASE_TEMPLATE = url;
    return async () => {
      const after = await openDatabase({ databaseUrl: maintenance.toString(), poolSize: 1 });
      for (const name of names) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(after.db);
      await after.close();
    };
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
