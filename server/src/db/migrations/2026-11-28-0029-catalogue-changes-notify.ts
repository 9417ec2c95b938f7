import { sql, type Kysely } from 'kysely';

// The in-memory catalogue indexes (the listing index, the search prefix indexes) answer from memory for a
// moment after catching up, as long as they hear of every catalogue write (`db/write-watch.ts`). Writes of
// their own process they see themselves; the others' they hear from these triggers: every statement that
// writes `listing_facts` or `search_documents` (whatever the writer: an import, another instance's checkout,
// plain SQL) notifies `storefront_catalogue_changed` at its commit (PostgreSQL sends one notification per
// transaction and channel for equal payloads). The payload is empty: a listener only learns that it must
// catch up before its next answer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function catalogue_changed_notify() returns trigger language plpgsql as $$
  begin
    perform pg_notify('storefront_catalogue_changed', '');
    return null;
  end $$`.execute(db);
  for (const table of ['listing_facts', 'search_documents'])
    await sql`create trigger ${sql.raw(`${table}_notify`)} after insert or update or delete on ${sql.table(table)}
      for each statement execute function catalogue_changed_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['listing_facts', 'search_documents'])
    await sql`drop trigger ${sql.raw(`${table}_notify`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function catalogue_changed_notify()`.execute(db);
}
