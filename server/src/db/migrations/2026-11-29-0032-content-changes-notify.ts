import { sql, type Kysely } from 'kysely';

// The layout's rows are kept in memory while the editorial content stands (decision 0201), as the catalogue's
// rows are while the catalogue does (0029, decision 0200). Writes of their own process the instances see
// themselves; the others' they hear from these triggers: every statement that writes a content table (whatever
// the writer: a publication script, another instance, plain SQL) notifies `storefront_content_changed` at its
// commit (one notification per transaction for equal payloads). The payload is empty.
const TABLES = [
  'content_pages',
  'content_components',
  'content_generic',
  'content_versions',
  'content_publications',
  'event_themes',
  'event_locations',
  'events',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function content_changed_notify() returns trigger language plpgsql as $$
  begin
    perform pg_notify('storefront_content_changed', '');
    return null;
  end $$`.execute(db);
  for (const table of TABLES)
    await sql`create trigger ${sql.raw(`${table}_notify`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function content_changed_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql`drop trigger ${sql.raw(`${table}_notify`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function content_changed_notify()`.execute(db);
}
