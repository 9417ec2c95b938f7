import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { DocRow } from './search-documents.ts';

/** Languages whose words are not separated by spaces: matched by substring, not by tokens. */
export const UNSEGMENTED_LANGUAGES = new Set(['ja', 'ko', 'zh']);

// The prefix index's reads: the documents of a house in a language, the changes since a snapshot, and how
// the text search reads each query word.

/** What the prefix index reads of a document (`DocRow`): lexemes and grams as one string each, split in Node. */
const DOC_COLUMNS = (language: string) => sql`d.pid, d.num, d.brand, d.listed, d.rank, d.name_lc,
  ${UNSEGMENTED_LANGUAGES.has(language) ? sql`d.text_lc` : sql`null::text`} as text_lc,
  array_to_string(tsvector_to_array(d.doc), ${LIST_SEPARATOR}) as lexemes, array_to_string(d.grams, ${LIST_SEPARATOR}) as grams`;

/** Separates the lexemes of a document as read (a control character no catalogue text holds). */
const LIST_SEPARATOR = '\u001f';

interface DocText extends Omit<DocRow, 'lexemes' | 'grams'> {
  lexemes: string | null;
  grams: string | null;
}

function docRow(r: DocText): DocRow {
  return {
    ...r,
    lexemes: r.lexemes ? r.lexemes.split(LIST_SEPARATOR) : [],
    grams: r.grams ? r.grams.split(LIST_SEPARATOR) : [],
  };
}

/** The listed documents of a house in a language and the snapshot they are as of (one repeatable-read transaction). */
export async function loadSearchDocuments(
  db: DB,
  brand: string,
  language: string,
): Promise<{ snapshot: string; rows: DocRow[] }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const snap = await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(trx);
      const rows = await sql<DocText>`
        select ${DOC_COLUMNS(language)} from search_documents d
        where d.language = ${sql.lit(language)} and d.brand = ${brand} and d.listed order by d.num`.execute(trx);
      return { snapshot: (snap.rows[0] as { snapshot: string }).snapshot, rows: rows.rows.map(docRow) };
    });
}

/** Listed documents of a house in a language (the prefix index's size bound is checked before loading). */
export async function countSearchDocuments(db: DB, brand: string, language: string): Promise<number> {
  const r = await sql<{
    n: number;
  }>`select count(*)::int as n from search_documents d where d.language = ${sql.lit(language)} and d.brand = ${brand} and d.listed`.execute(
    db,
  );
  return r.rows[0]?.n ?? 0;
}

/**
 * What changed in a language's `search_documents` since a snapshot (as `listingFactsSince` for the listing
 * index): the documents written by transactions the snapshot does not see (any house, listed or not), the
 * pids whose product was deleted since (`listing_facts_removed`: a document goes only with its product), and
 * the snapshot of this read; `stale` when removals it did not see may have been pruned (load afresh).
 */
export async function searchDocumentsSince(
  db: DB,
  language: string,
  snapshot: string,
): Promise<{ snapshot: string; stale: boolean; rows: DocRow[]; removed: string[] }> {
  const lang = sql.lit(language);
  const r = await sql<Partial<DocText> & { snapshot: string; stale: boolean; gone: boolean | null }>`
    select pg_current_snapshot()::text as snapshot,
      (select pg_snapshot_xmin(${snapshot}::pg_snapshot) <= p.below from listing_facts_pruned p) as stale, x.*
    from (select 1) as one
    left join (
      select false as gone, ${DOC_COLUMNS(language)}
      from search_documents d
      where d.language = ${lang} and d.changed_by >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(d.changed_by, ${snapshot}::pg_snapshot)
      union all
      select true, r.pid, null, null, false, null, null, null, null, null
      from listing_facts_removed r
      where r.changed_by >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(r.changed_by, ${snapshot}::pg_snapshot)
        and not exists (select 1 from search_documents d where d.pid = r.pid and d.language = ${lang})
    ) as x on true`.execute(db);
  const { snapshot: next, stale } = r.rows[0] as { snapshot: string; stale: boolean };
  if (stale) return { snapshot: next, stale, rows: [], removed: [] };
  const rows: DocRow[] = [];
  const removed: string[] = [];
  for (const x of r.rows) {
    if (x.gone === true) removed.push(x.pid as string);
    else if (x.gone === false) rows.push(docRow(x as DocText));
  }
  return { snapshot: next, stale, rows, removed };
}

/**
 * How PostgreSQL's text search reads each query word as a prefix (`to_tsquery(…, 'word:*')`): in the
 * language's configuration (stemmed; [] for a stop word) and as typed (`simple`). Null where the answer is
 * not a conjunction of prefixes (the prefix index does not evaluate it; PostgreSQL answers that query).
 */
export async function readWords(
  db: DB,
  language: string,
  words: readonly string[],
): Promise<Map<string, { stemmed: string[] | null; typed: string[] | null }>> {
  const out = new Map<string, { stemmed: string[] | null; typed: string[] | null }>();
  if (words.length === 0) return out;
  const { rows } = await sql<{ word: string; stemmed: string; typed: string }>`
    select w.word, to_tsquery(search_config(${language}), w.word || ':*')::text as stemmed, to_tsquery('simple', w.word || ':*')::text as typed
    from unnest(${sql.val(words)}::text[]) as w(word)`.execute(db);
  for (const r of rows) out.set(r.word, { stemmed: prefixTerms(r.stemmed), typed: prefixTerms(r.typed) });
  return out;
}

/** `'a':* & 'b':*` → ['a', 'b']; '' → []; anything else (phrases, alternatives, negations) → null. */
export function prefixTerms(tsquery: string): string[] | null {
  if (tsquery.trim() === '') return [];
  const terms: string[] = [];
  for (const part of tsquery.split(' & ')) {
    const m = /^'((?:[^'\\]|'')*)':\*$/u.exec(part.trim());
    if (!m) return null;
    terms.push((m[1] as string).replace(/''/g, "'"));
  }
  return terms;
}
