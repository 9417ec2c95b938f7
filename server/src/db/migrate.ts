import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './database.ts';
import * as m0001 from './migrations/2026-11-22-0001-foundation.ts';
import * as m0002 from './migrations/2026-11-22-0002-currencies.ts';
import * as m0003 from './migrations/2026-11-22-0003-content.ts';
import * as m0004 from './migrations/2026-11-22-0004-stores.ts';

// A static list: bundlers and tsx resolve it without a file-system scan, and order is explicit.
const migrations: Record<string, Migration> = {
  '2026-11-22-0001-foundation': m0001,
  '2026-11-22-0002-currencies': m0002,
  '2026-11-22-0003-content': m0003,
  '2026-11-22-0004-stores': m0004,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
