// Each language's prefix index kept up to date: loaded on first use, caught up with the database, and the query
// as it evaluates it.
import { PrefixIndex, MAX_QUERY_TERMS, type IndexQuery } from './prefix-index.ts';
import { queryWords } from './query.ts';
import {
  UNSEGMENTED_LANGUAGES,
  countSearchDocuments,
  loadSearchDocuments,
  readWords,
  searchDocumentsSince,
  type MatchPlan,
  type SearchScope,
} from './repository.ts';
import type { Keeper, SearchKit } from './search-kit.ts';

/** Listed documents of one language above which it stays with PostgreSQL (about 100 MB of index at 250,000). */
const DEFAULT_MAX_DOCUMENTS = 250_000;
/** Most query words whose reading by PostgreSQL's text search is kept, per language. */
const MAX_WORD_READINGS = 20_000;

/**
 * The language's prefix index brought up to date, with the query as it evaluates it; null when PostgreSQL
 * answers instead: the index is off, still loading (the first use starts the load), over its size bound,
 * failing, or the query's words are not plain prefixes to the text search.
 */
export async function indexed(
  kit: SearchKit,
  scope: SearchScope,
  plan: MatchPlan,
): Promise<[PrefixIndex, IndexQuery] | null> {
  const o = kit.options.prefixIndex;
  if (o?.enabled === false) return null;
  const keeper = kit.keeper(scope.language);
  if (!keeper.ready) {
    if (!keeper.index) currentIndex(kit, scope.language).catch(() => undefined);
    return null;
  }
  try {
    const [index, q] = await Promise.all([
      currentIndex(kit, scope.language),
      indexQuery(kit, keeper, scope.language, plan),
    ]);
    return index && q ? [index, q] : null;
  } catch (err) {
    o?.onError?.(err, `search prefix index (${scope.language}): catch-up failed, answered by PostgreSQL`);
    return null;
  }
}

/** The query as the index evaluates it, its words read by PostgreSQL's text search once per language (kept). */
async function indexQuery(
  kit: SearchKit,
  keeper: Keeper,
  language: string,
  plan: MatchPlan,
): Promise<IndexQuery | null> {
  const words = queryWords(plan);
  const unknown = words.filter((w) => !keeper.words.has(w));
  if (unknown.length > 0) {
    const read = await readWords(kit.db, language, unknown);
    for (const [w, r] of read) {
      if (keeper.words.size >= MAX_WORD_READINGS) keeper.words.delete(keeper.words.keys().next().value as string);
      keeper.words.set(w, r);
    }
  }
  const stemmed: string[] = [];
  const typed: string[] = [];
  for (const w of words) {
    const r = keeper.words.get(w);
    if (!r?.stemmed || !r.typed) return null;
    stemmed.push(...r.stemmed);
    typed.push(...r.typed);
  }
  if (stemmed.length > MAX_QUERY_TERMS || typed.length > MAX_QUERY_TERMS) return null;
  const unsegmented = UNSEGMENTED_LANGUAGES.has(language);
  return {
    text: plan.text,
    words: plan.prefixQuery !== '' && !(unsegmented && plan.onlyUnsegmented),
    stemmed,
    typed,
    substrings: unsegmented ? plan.substrings : [],
    grams: unsegmented ? plan.grams : [],
  };
}

/**
 * The prefix index of a language as of a database snapshot taken after this call (the listing index's
 * scheme, `CatalogKit.currentIndex`): loaded on first use, then brought up to date by one read of what
 * changed since its snapshot; reads do not overlap, and a caller arriving while one runs waits for the next.
 * An index that caught up less than `freshForMs` ago, with no catalogue write seen or heard of since,
 * answers as it stands (`CatchUpGate`).
 */
export function currentIndex(kit: SearchKit, language: string): Promise<PrefixIndex | null> {
  const k = kit.keeper(language);
  if (k.ready && k.index && k.gate.fresh()) return k.index;
  if (!k.index) {
    const mark = k.gate.begin();
    const loading = loadIndex(kit, language);
    k.index = loading;
    loading.then(
      () => {
        if (k.index === loading) {
          k.ready = true;
          k.gate.done(mark, true);
        }
      },
      (err: unknown) => {
        kit.options.prefixIndex?.onError?.(
          err,
          `search prefix index (${language}): load failed (the next search tries again)`,
        );
        if (k.index === loading) k.index = null;
      },
    );
    return loading;
  }
  if (!k.catchUp) {
    const run = catchUpOnce(kit, k, language).finally(() => {
      k.catchUp = null;
    });
    k.catchUp = run;
    return run;
  }
  if (!k.nextCatchUp) {
    k.nextCatchUp = k.catchUp
      .catch(() => undefined)
      .then(() => {
        k.nextCatchUp = null;
        return currentIndex(kit, language);
      });
  }
  return k.nextCatchUp;
}

async function loadIndex(kit: SearchKit, language: string): Promise<PrefixIndex | null> {
  const max = kit.options.prefixIndex?.maxDocuments ?? DEFAULT_MAX_DOCUMENTS;
  if ((await countSearchDocuments(kit.db, kit.brand, language)) > max) return null;
  const { snapshot, rows } = await loadSearchDocuments(kit.db, kit.brand, language);
  return new PrefixIndex(kit.brand, language, snapshot, rows);
}

async function catchUpOnce(kit: SearchKit, k: Keeper, language: string): Promise<PrefixIndex | null> {
  const index = await (k.index as Promise<PrefixIndex | null>);
  if (!index) return null;
  const mark = k.gate.begin();
  const changes = await searchDocumentsSince(kit.db, language, index.snapshot);
  if (changes.stale) {
    // Removals it never read were pruned (an index idle for an hour): load afresh.
    const fresh = await loadIndex(kit, language);
    k.index = Promise.resolve(fresh);
    k.gate.done(mark, true);
    return fresh;
  }
  index.apply(changes.snapshot, changes.rows, changes.removed);
  k.gate.done(mark, changes.rows.length > 0 || changes.removed.length > 0);
  return index;
}

/** What the loaded prefix indexes hold: documents, distinct lexemes and approximate bytes, per language. */
export async function prefixIndexStats(
  kit: SearchKit,
): Promise<{ language: string; documents: number; lexemes: number; bytes: number }[]> {
  const out: { language: string; documents: number; lexemes: number; bytes: number }[] = [];
  for (const [language, k] of kit.keepers) {
    const index = k.ready ? await k.index?.catch(() => null) : null;
    if (index) out.push({ language, documents: index.count, lexemes: index.vocabularySize, bytes: index.bytes() });
  }
  return out;
}

/** Catch-up reads (and loads) of the prefix indexes and of the listing index so far. */
export function catchUpReads(kit: SearchKit): { prefix: number; listing: number } {
  let prefix = 0;
  for (const k of kit.keepers.values()) prefix += k.gate.reads;
  return { prefix, listing: kit.catalog.catchUps.reads };
}
