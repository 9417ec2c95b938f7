import { sql, type Kysely } from 'kysely';

// Store master data (boutiques): reference data seeded from reference/stores on every start (upsert).
// The row keeps the fixture entry as JSONB; brand and country are columns for the store-list query.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table stores (
    id text primary key,
    brand text not null,
    country text not null,
    data jsonb not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index stores_brand_country_idx on stores (brand, country)`.execute(db);
}
