// The search prefix index's own memory, for `scripts/bench-catalogue.mjs --memory`: loads each language's index
// from a seeded catalogue (DATABASE_URL, or PGLITE_DIR) the way the storefront does and prints, per language,
// the documents, distinct lexemes, the load time, the index's own estimate of its bytes and the V8 heap it
// added (after a full garbage collection each side). One JSON object on stdout.
//
//   node --expose-gc --import tsx scripts/bench-prefix-index.ts
import { openDatabase } from '../server/src/db/database.ts';
import { PrefixIndex } from '../server/src/modules/search/prefix-index.ts';
import { loadSearchDocuments } from '../server/src/modules/search/repository.ts';

const LANGUAGES = ['fr', 'en', 'de', 'it', 'es', 'pt', 'ja', 'ko', 'zh'];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, poolSize: 2 } : { pgliteDir: process.env.PGLITE_DIR });
const brand = process.env.BRAND ?? 'ysl';
const kept: PrefixIndex[] = [];
const languages = [];
try {
  for (const language of LANGUAGES) {
    gc();
    const before = process.memoryUsage();
    const t0 = performance.now();
    const { snapshot, rows } = await loadSearchDocuments(database.db, brand, language);
    const index = new PrefixIndex(brand, language, snapshot, rows);
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
console.log(JSON.stringify({ brand, languages, rssBytes: process.memoryUsage().rss }));
