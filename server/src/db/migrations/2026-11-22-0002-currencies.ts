import { sql, type Kysely } from 'kysely';

// The currency table of spec §9 (how each market currency is written), reference data like countries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table currencies (
    code text primary key,
    position integer not null,
    data jsonb not null
  )`.execute(db);
}
