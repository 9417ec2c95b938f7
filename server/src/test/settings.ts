import { createServer } from 'node:net';
import { join } from 'node:path';

export const TEST_BRAND = 'ysl' as const;
/** Enough products for pagination and every stock case, small enough to seed in seconds. */
export const TEST_PRODUCTS = 240;
/**
 * Where the run's PGlite snapshot lives: one file per run (the global setup names it after its process and
 * passes it to the test workers), so two runs on one machine never read each other's half-written snapshot.
 */
export function snapshotPath(): string {
  return (
    process.env.STOREFRONT_TEST_SNAPSHOT ??
    join(import.meta.dirname, '../../../node_modules/.cache/storefront-test', `pglite-${process.pid}.tar.gz`)
  );
}

/** `TEST_DB=postgres` runs the API suite on TEST_DATABASE_URL; the default is in-memory PGlite. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** The database of test worker `pool` (1 … maxWorkers) on the server of `url`: its name with `_w<pool>`. */
export function workerDatabaseUrl(url: string, pool: number): string {
  const u = new URL(url);
  u.pathname = `${u.pathname}_w${pool}`;
  return u.toString();
}

/** A port nothing listens on, chosen by the system: a random one from a fixed range can be another server's (MariaDB's 3306 once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
