import { join } from 'node:path';

export const TEST_BRAND = 'ysl' as const;
/** Enough products for pagination and every stock case, small enough to seed in seconds. */
export const TEST_PRODUCTS = 240;
export const SNAPSHOT_PATH = join(import.meta.dirname, '../../../node_modules/.cache/storefront-test/pglite.tar.gz');

/** `TEST_DB=postgres` runs the API suite on TEST_DATABASE_URL; the default is in-memory PGlite. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}
