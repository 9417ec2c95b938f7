import { sql, type Kysely } from 'kysely';

// Photographs of product views, imported by `npm run media:import` (server/src/modules/media/photo-import.ts).
// One row per product view that has a photo: the content hash that names its files (under MEDIA_DIR, and in
// their URLs, which therefore never change meaning), the photo's intrinsic size, the widths and formats made,
// and a tiny blurred placeholder. A row is written only once every file exists, in one statement: a view has
// a complete photo or none. A view without a row keeps its drawing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table product_photos (
    pid text not null references products (pid) on delete cascade,
    view smallint not null check (view between 1 and 8),
    hash text not null check (hash ~ '^[0-9a-f]{16}$'),
    width integer not null check (width > 0),
    height integer not null check (height > 0),
    widths integer[] not null check (cardinality(widths) > 0),
    formats text[] not null check (cardinality(formats) > 0),
    placeholder text not null,
    source_name text not null,
    imported_at timestamptz not null default now(),
    primary key (pid, view)
  )`.execute(db);
}
