import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { FactRow } from './listing-columns.ts';

// The listing index's rows: `listing_facts` loaded whole, then the changes since a snapshot.

/** `listing_facts` columns as the listing index reads them (`FactRow`). */
const FACT_COLUMNS = sql`f.pid, f.num, f.brand, f.listed, f.category_id, f.macro_color, f.material, f.rank,
  (extract(epoch from f.created_at) * 1000000)::float8 as created, f.in_stock,
  (f.size_mask & 4294967295)::float8 as size_lo, (f.size_mask >> 32)::float8 as size_hi,
  (f.stock_size_mask & 4294967295)::float8 as stock_lo, (f.stock_size_mask >> 32)::float8 as stock_hi, f.prices`;

async function loadCurrencies(db: DB): Promise<Map<string, number>> {
  const r = await sql<{ code: string; pos: number }>`select code, pos from listing_currencies`.execute(db);
  return new Map(r.rows.map((x) => [x.code, x.pos]));
}

/** The listable facts of a house and the snapshot they are as of (one repeatable-read transaction). */
export async function loadListingFacts(
  db: DB,
  brand: string,
): Promise<{ snapshot: string; rows: FactRow[]; currencies: Map<string, number> }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const snap = await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(trx);
      const rows =
        await sql<FactRow>`select ${FACT_COLUMNS} from listing_facts f where f.listed and f.brand = ${brand} order by f.num`.execute(
          trx,
        );
      return {
        snapshot: (snap.rows[0] as { snapshot: string }).snapshot,
        rows: rows.rows,
        currencies: await loadCurrencies(trx),
      };
    });
}

/**
 * What changed in `listing_facts` since a snapshot: the rows written by transactions that snapshot does not
 * see (any house, listed or not), the pids whose row was deleted since (and not written again), and the
 * snapshot of this read. One statement; with nothing changed, one row of nulls but the snapshot. `stale`:
 * removals the snapshot does not see may have been pruned since (`pruneListingRemovals`), so the changes are
 * not the whole story and the caller must load afresh.
 */
export async function listingFactsSince(
  db: DB,
  snapshot: string,
): Promise<{
  snapshot: string;
  stale: boolean;
  rows: FactRow[];
  removed: string[];
  currencies: Map<string, number> | null;
}> {
  const r = await sql<Partial<FactRow> & { snapshot: string; stale: boolean; gone: boolean | null }>`
    select pg_current_snapshot()::text as snapshot,
      (select pg_snapshot_xmin(${snapshot}::pg_snapshot) <= p.below from listing_facts_pruned p) as stale, d.*
    from (select 1) as one
    left join (
      select false as gone, ${FACT_COLUMNS}
      from listing_facts f
      where f.changed_by >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(f.changed_by, ${snapshot}::pg_snapshot)
      union all
      select true, r.pid, null, null, false, null, null, null, null, null, null, null, null, null, null, null
      from listing_facts_removed r
      where r.changed_by >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(r.changed_by, ${snapshot}::pg_snapshot)
        and not exists (select 1 from listing_facts f where f.pid = r.pid)
    ) as d on true`.execute(db);
  const { snapshot: next, stale } = r.rows[0] as { snapshot: string; stale: boolean };
  if (stale) return { snapshot: next, stale, rows: [], removed: [], currencies: null };
  const rows: FactRow[] = [];
  const removed: string[] = [];
  for (const x of r.rows) {
    if (x.gone === true) removed.push(x.pid as string);
    else if (x.gone === false) rows.push(x as FactRow);
  }
  // Positions of currencies first used since: a row's price array may be longer than the index knows.
  return { snapshot: next, stale, rows, removed, currencies: rows.length ? await loadCurrencies(db) : null };
}

/**
 * Forgets the removals older than `olderThanSeconds` (listing indexes read them while catching up, within
 * moments) and raises `listing_facts_pruned.below` to the newest transaction whose rows went, in one
 * statement: an index that had not caught up past them then loads afresh (`listingFactsSince`). Answers how
 * many rows went.
 */
export async function pruneListingRemovals(db: DB, olderThanSeconds: number): Promise<number> {
  const r = await sql<{ n: number }>`
    with gone as (
      delete from listing_facts_removed where removed_at < now() - make_interval(secs => ${olderThanSeconds})
      returning changed_by
    ), raised as (
      update listing_facts_pruned set below = greatest(below, (select max(changed_by) from gone))
      where exists (select 1 from gone)
    )
    select count(*)::int as n from gone`.execute(db);
  return r.rows[0]?.n ?? 0;
}
