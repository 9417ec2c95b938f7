import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { MatchRows } from './listing-scope.ts';

/**
 * The rows of a match set (a search's matched pids and their relevance): what the listing index counts
 * and pages a results page over. Read through the text indexes: the planner prices a prefix query over the
 * GIN index so high that it reads every document of the language instead (26 ms where the index takes
 * 3.5 ms for 1,496 matches of "loulou" in 50,000; about even for the commonest words), so scans are ruled
 * out here.
 */
export async function matchedRows(db: DB, matches: MatchRows): Promise<MatchSet> {
  // One row of two lists rather than a row per match: 11,724 rows for "sac cuir" cost the storefront more
  // in parsing and garbage than the lists (and the driver's array parser is slower still). Product numbers,
  // not pids: the listing index finds a number's slot by position, and no string is made per match.
  const [row] = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return (
      await sql<{ nums: string; relevance: string }>`
        select coalesce(string_agg(m.num::text, ','), '') as nums, coalesce(string_agg(m.relevance::text, ','), '') as relevance
        from ${matches} m`.execute(trx)
    ).rows;
  });
  const nums = parseNumberList(row?.nums ?? '');
  const relevance = row?.relevance ? row.relevance.split(',').map(Number) : [];
  if (relevance.length !== nums.length)
    throw new Error(`match set: ${nums.length} products, ${relevance.length} relevance values`);
  return { nums, relevance };
}

/** Non-negative integers written in decimal, separated by commas ('' → none), without a string per number. */
export function parseNumberList(text: string): Int32Array {
  if (text === '') return new Int32Array(0);
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) n++;
  const out = new Int32Array(n);
  let k = 0;
  let value = 0;
  let digits = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c === 44) {
      if (digits === 0) throw new Error(`number list: an empty entry at ${i}`);
      out[k++] = value;
      value = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57 && digits < 10) {
      value = value * 10 + (c - 48);
      digits++;
      if (value > 2147483647) throw new Error(`number list: ${value} out of range`);
    } else throw new Error(`number list: unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
  return out;
}

/** A search's matches: product numbers and, at the same positions, their relevance (higher first). */
export interface MatchSet {
  nums: Int32Array;
  relevance: ArrayLike<number>;
}
