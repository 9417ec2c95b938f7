// `npm run contract:coverage`: for every operation of the contract, whether the real server implements
// it (a handler is registered) or answers 501 ERR_API_1036. Starts the app on a throw-away database.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { seed } from '../server/src/db/seed.ts';
import { loadConfig } from '../server/src/shared/config.ts';
import { createLogger } from '../server/src/shared/logger.ts';

const root = join(import.meta.dirname, '..');
const database = await openDatabase({ pgliteDir: 'memory://' });
await migrateToLatest(database.db);
await seed(database.db, { brand: 'ysl', products: 10 });
const config = loadConfig({ NODE_ENV: 'test' });
const { operations } = await createApp({ config, database, logger: createLogger('silent'), pages: false });
const rows = operations
  .all()
  .map((op) => ({ ...op, implemented: operations.implemented(op.id) }))
  .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
const done = rows.filter((r) => r.implemented).length;
const width = Math.max(...rows.map((r) => r.id.length));
for (const r of rows)
  console.log(`${r.implemented ? '✓' : '·'} ${r.id.padEnd(width)}  ${r.method.toUpperCase().padEnd(6)} ${r.path}`);
console.log(
  `\n${done} of ${rows.length} operations implemented (${Math.round((100 * done) / rows.length)} %); the others answer 501 ERR_API_1036.`,
);
mkdirSync(join(root, '.reports'), { recursive: true });
writeFileSync(
  join(root, '.reports/contract-coverage.json'),
  JSON.stringify({ implemented: done, total: rows.length, operations: rows }, null, 2),
);
await database.close();
