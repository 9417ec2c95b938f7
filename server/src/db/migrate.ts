import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './database.ts';
import * as m0001 from './migrations/2026-11-22-0001-foundation.ts';
import * as m0002 from './migrations/2026-11-22-0002-currencies.ts';
import * as m0003 from './migrations/2026-11-22-0003-content.ts';
import * as m0004 from './migrations/2026-11-22-0004-stores.ts';
import * as m0005 from './migrations/2026-11-24-0005-catalogue-depth.ts';
import * as m0006 from './migrations/2026-11-24-0006-search.ts';
import * as m0007 from './migrations/2026-11-24-0007-product-data.ts';
import * as m0008 from './migrations/2026-11-24-0008-listing-indexes.ts';
import * as m0009 from './migrations/2026-11-25-0009-accounts.ts';
import * as m0010 from './migrations/2026-11-25-0010-orders.ts';
import * as m0011 from './migrations/2026-11-25-0011-boutiques.ts';
import * as m0012 from './migrations/2026-11-25-0012-returns.ts';
import * as m0013 from './migrations/2026-11-27-0013-legacy-accounts.ts';
import * as m0015 from './migrations/2026-11-27-0015-sign-in-callback.ts';
import * as m0019 from './migrations/2026-11-27-0019-newsletter-confirmation.ts';
import * as m0020 from './migrations/2026-11-27-0020-return-lapse.ts';
import * as m0021 from './migrations/2026-11-27-0021-catalogue-speed.ts';
import * as m0022 from './migrations/2026-11-27-0022-listing-index.ts';
import * as m0023 from './migrations/2026-11-27-0023-listing-removals-pruning.ts';
import * as m0024 from './migrations/2026-11-27-0024-product-numbers.ts';
import * as m0025 from './migrations/2026-11-27-0025-content-versions.ts';
import * as m0026 from './migrations/2026-11-28-0026-job-leases.ts';
import * as m0027 from './migrations/2026-11-28-0027-search-prefix-index.ts';
import * as m0028 from './migrations/2026-11-28-0028-product-photos.ts';
import * as m0029 from './migrations/2026-11-28-0029-catalogue-changes-notify.ts';
import * as m0030 from './migrations/2026-11-29-0030-listing-facts-tile-digest.ts';
import * as m0031 from './migrations/2026-11-29-0031-search-translation-removed.ts';
import * as m0032 from './migrations/2026-11-29-0032-content-changes-notify.ts';

// A static list: bundlers and tsx resolve it without a file-system scan, and order is explicit.
const migrations: Record<string, Migration> = {
  '2026-11-22-0001-foundation': m0001,
  '2026-11-22-0002-currencies': m0002,
  '2026-11-22-0003-content': m0003,
  '2026-11-22-0004-stores': m0004,
  '2026-11-24-0005-catalogue-depth': m0005,
  '2026-11-24-0006-search': m0006,
  '2026-11-24-0007-product-data': m0007,
  '2026-11-24-0008-listing-indexes': m0008,
  '2026-11-25-0009-accounts': m0009,
  '2026-11-25-0010-orders': m0010,
  '2026-11-25-0011-boutiques': m0011,
  '2026-11-25-0012-returns': m0012,
  '2026-11-27-0013-legacy-accounts': m0013,
  '2026-11-27-0015-sign-in-callback': m0015,
  '2026-11-27-0019-newsletter-confirmation': m0019,
  '2026-11-27-0020-return-lapse': m0020,
  '2026-11-27-0021-catalogue-speed': m0021,
  '2026-11-27-0022-listing-index': m0022,
  '2026-11-27-0023-listing-removals-pruning': m0023,
  '2026-11-27-0024-product-numbers': m0024,
  '2026-11-27-0025-content-versions': m0025,
  '2026-11-28-0026-job-leases': m0026,
  '2026-11-28-0027-search-prefix-index': m0027,
  '2026-11-28-0028-product-photos': m0028,
  '2026-11-28-0029-catalogue-changes-notify': m0029,
  '2026-11-29-0030-listing-facts-tile-digest': m0030,
  '2026-11-29-0031-search-translation-removed': m0031,
  '2026-11-29-0032-content-changes-notify': m0032,
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
