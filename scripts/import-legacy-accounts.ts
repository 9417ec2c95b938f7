// `npm run accounts:import -- <file.jsonl>`: reads the former site's customer export into the database the
// server uses (DATABASE_URL, else the embedded PGlite under PGLITE_DIR), so that its clients can retrieve their
// accounts (docs/accounts.md, "Importing the former site's customers"). The whole file is checked first: one
// refused line and nothing is written. Exit 0 when imported, 1 on refused lines, 2 on a usage error.
import { readFileSync } from 'node:fs';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { importLegacyAccounts } from '../server/src/modules/accounts/legacy/legacy-import.ts';
import { loadConfig } from '../server/src/shared/config.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error(
    'usage: npm run accounts:import -- <export.jsonl>   (one former account per line; see docs/accounts.md)',
  );
  process.exit(2);
}
let content: string;
try {
  content = readFileSync(file, 'utf8');
} catch (err) {
  console.error(`cannot read ${file}: ${(err as Error).message}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
let code = 0;
try {
  await migrateToLatest(database.db);
  const result = await importLegacyAccounts(database.db, content);
  if (result.problems.length > 0) {
    const shown = result.problems.slice(0, 100);
    for (const p of shown) console.error(`line ${p.line}${p.path ? `, ${p.path}` : ''}: ${p.message}`);
    if (result.problems.length > shown.length) console.error(`… and ${result.problems.length - shown.length} more`);
    console.error(`nothing imported: ${result.problems.length} problem(s) in ${file}`);
    code = 1;
  } else {
    console.log(
      `${result.read} former account(s) read, ${result.written} imported, ${result.read - result.written} already there`,
    );
  }
} finally {
  await database.close();
}
process.exit(code);
