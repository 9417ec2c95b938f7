import { sql, type Kysely } from 'kysely';

// The search prefix index (server/src/modules/search/prefix-index.ts) keeps each language's listed search
// documents of the house in the storefront's memory and answers autocomplete and a results page's matches
// there. Like the listing index it asks the database, before each use, for what changed since the snapshot it
// holds:
// - `search_documents.changed_by`: the transaction that last wrote the document (a row trigger, whatever the
//   writer: the refresh triggers of products, translations and category names), indexed per language, so
//   "written by a transaction the index's snapshot does not see" is a range scan of one partition;
// - removals: a document goes only with its product (`on delete cascade`), whose listing fact goes with it,
//   so `listing_facts_removed` (and its pruning horizon, `listing_facts_pruned`) already answers them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_documents add column changed_by xid8 not null default pg_current_xact_id()`.execute(db);
  await sql`create index search_documents_changed_idx on search_documents (language, changed_by)`.execute(db);
  await sql`create function search_documents_stamp() returns trigger language plpgsql as $$
  begin
    new.changed_by := pg_current_xact_id();
    return new;
  end $$`.execute(db);
  await sql`create trigger search_documents_stamp before insert or update on search_documents
    for each row execute function search_documents_stamp()`.execute(db);
}
