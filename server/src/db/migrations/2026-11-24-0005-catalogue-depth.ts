import { sql, type Kysely } from 'kysely';

// The catalogue at full depth: styles in several colours (smc), short names, gender associations,
// merchandising and stock states beyond the three commerce flags, looks and collections.
// The catalogue is generated reference data: rows seeded by an earlier generator are dropped here
// (with the basket lines that point at them) so the next start seeds the deeper catalogue.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from basket_items`.execute(db);
  await sql`delete from product_prices`.execute(db);
  await sql`delete from product_variants`.execute(db);
  await sql`delete from product_translations`.execute(db);
  await sql`delete from products`.execute(db);

  await sql`alter table products
    add column style_code text not null default '',
    add column smc_id text not null default '',
    add column short_name text not null default '',
    add column gender_association text,
    add column is_coming_soon boolean not null default false,
    add column sale_channel text not null default 'online' check (sale_channel in ('online', 'call', 'contact')),
    add column notify_me boolean not null default true,
    add column generic_tags text[] not null default '{}'`.execute(db);
  await sql`create index products_style_idx on products (brand, style_code)`.execute(db);
  await sql`create index products_smc_idx on products (smc_id)`.execute(db);

  await sql`create table looks (
    id text primary key,
    brand text not null,
    slug text not null,
    born_event_code text,
    born_season_code text,
    position integer not null,
    image_count smallint not null,
    is_rd boolean not null default false,
    unique (brand, slug)
  )`.execute(db);
  await sql`create index looks_event_idx on looks (brand, born_event_code, born_season_code, position)`.execute(db);
  await sql`create table look_translations (
    look_id text not null references looks(id) on delete cascade,
    language text not null,
    name text not null,
    description text,
    primary key (look_id, language)
  )`.execute(db);
  await sql`create table look_products (
    look_id text not null references looks(id) on delete cascade,
    pid text not null references products(pid) on delete cascade,
    position integer not null,
    primary key (look_id, pid)
  )`.execute(db);
  await sql`create index look_products_pid_idx on look_products (pid)`.execute(db);

  await sql`create table collections (
    id text primary key,
    brand text not null,
    slug text not null,
    born_event_code text,
    born_season_code text,
    position integer not null,
    is_rd boolean not null default false,
    unique (brand, slug)
  )`.execute(db);
  await sql`create table collection_translations (
    collection_id text not null references collections(id) on delete cascade,
    language text not null,
    name text not null,
    description text,
    primary key (collection_id, language)
  )`.execute(db);
  await sql`create table collection_products (
    collection_id text not null references collections(id) on delete cascade,
    pid text not null references products(pid) on delete cascade,
    position integer not null,
    primary key (collection_id, pid)
  )`.execute(db);
  await sql`create index collection_products_order_idx on collection_products (collection_id, position)`.execute(db);
  await sql`create table collection_looks (
    collection_id text not null references collections(id) on delete cascade,
    look_id text not null references looks(id) on delete cascade,
    position integer not null,
    primary key (collection_id, look_id)
  )`.execute(db);
}
