// `npm run media:import -- <folder>`: imports a house's product photographs (docs/how-to/import-product-photos.md).
// Each JPEG or PNG named `PID/VIEW.jpg` or `PID_VIEW.jpg` becomes AVIF, WebP and JPEG files at the standard
// widths under MEDIA_DIR (default .data/media) and a row of `product_photos` in the database the server uses
// (DATABASE_URL, else the embedded PGlite under PGLITE_DIR: stop `npm start` first, PGlite has one process).
// A refused file is reported and skipped; the others are imported. Exit 0 when every file was imported or was
// already, 1 when some were refused, 2 on a usage error.
import { statSync } from 'node:fs';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { importPhotos } from '../server/src/modules/media/photo-import.ts';
import { loadConfig } from '../server/src/shared/config.ts';

const folder = process.argv[2];
if (!folder || process.argv.length > 3) {
  console.error(
    'usage: npm run media:import -- <folder>   (PID/VIEW.jpg or PID_VIEW.jpg, JPEG or PNG; see docs/how-to/import-product-photos.md)',
  );
  process.exit(2);
}
if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
  console.error(`not a folder: ${folder}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
let code = 0;
try {
  await migrateToLatest(database.db);
  const started = Date.now();
  const report = await importPhotos(database.db, folder, {
    mediaDir: config.mediaDir,
    onProgress: (line) => console.log(line),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${report.imported.length} imported, ${report.unchanged.length} unchanged, ${report.problems.length} refused (${seconds} s; files in ${config.mediaDir})`,
  );
  if (report.problems.length > 0) code = 1;
} finally {
  await database.close();
}
process.exit(code);
