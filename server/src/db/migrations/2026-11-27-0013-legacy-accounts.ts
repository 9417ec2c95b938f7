import { sql, type Kysely } from 'kysely';

// Account migration (issue #6, spec "account migration"): the customer file of the former site, kept by the
// storefront. A row is a former account; its addresses stay in the former site's shape (jsonb) until the
// customer asks for the migration, when they are mapped into the address book. `migrated_at` and
// `migrated_customer_id` record that the new account was created from it (a former account migrates once).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table legacy_accounts (
    customer_number text primary key,
    email text not null unique check (email = lower(email) and length(email) <= 254),
    civility text,
    first_name text,
    last_name text,
    country text not null check (country ~ '^[A-Z]{2}$'),
    preferred_locale text not null check (preferred_locale ~ '^[a-z]{2}-[a-z]{2}$'),
    phone text,
    addresses jsonb not null default '[]'::jsonb check (jsonb_typeof(addresses) = 'array'),
    registered_at timestamptz,
    migrated_at timestamptz,
    migrated_customer_id uuid references customers(id) on delete set null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table legacy_accounts`.execute(db);
}
