// The search prefix index's own memory, for `scripts/bench-catalogue.mjs --memory`: loads each language's index
// from a seeded catalogue (DATABASE_URL, or PGLITE_DIR) the way the storefront does and prints, per language,
// the documents, distinct lexemes, the load time, the index's own estimate of its bytes and the V8 heap it
// added (after a full garbage collection each side). One JSON object on stdout.
//
//   [COPIES=4] node --expose-gc --import tsx scripts/bench-prefix-index.ts
//
// COPIES=n indexes each document n times under new pids and numbers (a catalogue n times as large with the
// same vocabulary): the 200,000-document figure from the 50,000-product catalogue without seeding 200,000.
import { openDatabase } from '../server/src/db/database.ts';
import { PrefixIndex } from '../server/src/modules/search/prefix-index.ts';
import { loadSearchDocuments } from '../server/src/modules/search/repository.ts';

const LANGUAGES = ['fr', 'en', 'de', 'it', 'es', 'pt', 'ja', 'ko', 'zh'];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const database = await openDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL, poolSize: 2 }
    : { pgliteDir: process.env.PGLITE_DIR },
);
const brand = process.env.BRAND ?? 'ysl';
const kept: PrefixIndex[] = [];
const languages = [];
try {
  for (const language of LANGUAGES) {
    gc();
    const before = process.memoryUsage();
    const t0 = performance.now();
    const { snapshot, rows: read } = await loadSearchDocuments(database.db, brand, language);
    const copies = Math.max(1, Number(process.env.COPIES ?? 1));
    const top = read.reduce((m, r) => Math.max(m, r.num), 0) + 1;
    const rows =
      copies === 1
        ? read
        : Array.from({ length: copies }, (_, c) =>
            read.map((r) => ({
              ...r,
              pid: c ? `${r.pid}~${c}` : r.pid,
              num: r.num + c * top,
              rank: r.rank * copies + c,
            })),
          ).flat();
    const index = new PrefixIndex(brand, language, snapshot, rows);
    read.length = 0;
    const loadMs = performance.now() - t0;
    rows.length = 0;
    kept.push(index);
    gc();
    const after = process.memoryUsage();
    languages.push({
      language,
      documents: index.count,
      lexemes: index.vocabularySize,
      loadMs: Math.round(loadMs),
      estimateBytes: index.bytes(),
      heapBytes: after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers),
    });
  }
} finally {
  await database.close();
}
console.log(
  JSON.stringify({
    brand,
    copies: Math.max(1, Number(process.env.COPIES ?? 1)),
    languages,
    rssBytes: process.memoryUsage().rss,
  }),
);
