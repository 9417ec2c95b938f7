import { sql, type Kysely } from 'kysely';

// `listing_facts_removed` (a row per deleted listing fact, read by every listing index catching up) only
// grew. Rows an hour old are now pruned (`pruneListingRemovals`), and `listing_facts_pruned.below` keeps the
// newest transaction whose rows went: an index whose snapshot is older than that (xmin at or below it) may
// have missed a removal and loads afresh instead of catching up (`listingFactsSince` says so).
// `removed_at` is the deleting transaction's start; a transaction that ran long commits rows already "old",
// which the horizon covers: every snapshot taken while it ran has an xmin at or below its id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table listing_facts_removed add column removed_at timestamptz not null default now()`.execute(db);
  await sql`create index listing_facts_removed_at_idx on listing_facts_removed (removed_at)`.execute(db);
  await sql`create table listing_facts_pruned (
    only_row boolean primary key default true check (only_row),
    below xid8 not null
  )`.execute(db);
  await sql`insert into listing_facts_pruned (below) values ('0'::xid8)`.execute(db);
}
