import { sql, type Kysely } from 'kysely';

// A product's search document in a language is made from its translation in that language (migration 0006's
// `search_refresh`, on every insert or update of `product_translations`). Deleting a translation left its
// document as it was: the product stayed findable in that language, by a name it no longer has, and its hit
// led to a page that no longer exists. The document is now unlisted when its translation goes (a statement
// trigger, one update per delete statement): `listed = false` is what the SQL search and the prefix index
// already leave out, and the update stamps `changed_by` (migration 0027), so every instance's prefix index
// forgets the document at its next catch-up. A new translation lists it again (the refresh's upsert).
// A product deleted with its translations takes its documents with it (`on delete cascade`): nothing to do.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function search_unlist_translations() returns trigger language plpgsql as $$
  begin
    update search_documents d set listed = false
    from old_rows o
    where d.pid = o.pid and d.language = o.language and d.listed;
    return null;
  end $$`.execute(db);
  await sql`create trigger search_translations_delete after delete on product_translations
    referencing old table as old_rows for each statement execute function search_unlist_translations()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger search_translations_delete on product_translations`.execute(db);
  await sql`drop function search_unlist_translations()`.execute(db);
}
