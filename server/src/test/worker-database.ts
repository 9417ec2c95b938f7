// Runs in each test worker before each file (vitest `setupFiles`). On PostgreSQL, points TEST_DATABASE_URL
// at this worker's copy of the seeded database (global-setup.ts made one per worker), so the files of two
// workers never share rows, rate-limit counters or mailboxes. The template is kept in its own variable:
// the worker's process outlives a file, and the rewrite must not compound.
import { workerDatabaseUrl } from './settings.ts';

const template = process.env.STOREFRONT_TEST_DATABASE_TEMPLATE;
if (process.env.TEST_DB === 'postgres' && template) {
  process.env.TEST_DATABASE_URL = workerDatabaseUrl(template, Number(process.env.VITEST_POOL_ID ?? 1));
}
