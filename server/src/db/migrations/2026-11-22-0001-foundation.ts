import { sql, type Kysely } from 'kysely';

// Migrations never import application code: they describe tables as they were on their date.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await sql`create table countries (
    country text primary key,
    position integer not null,
    data jsonb not null
  )`.execute(db);

  await sql`create table regions (
    region_id text primary key,
    position integer not null,
    data jsonb not null
  )`.execute(db);

  await sql`create table categories (
    id text primary key,
    brand text not null,
    slug text not null,
    parent_id text references categories(id),
    level smallint not null check (level between 1 and 3),
    gender text not null,
    position integer not null,
    unique (brand, slug)
  )`.execute(db);
  await sql`create index categories_parent_idx on categories (parent_id)`.execute(db);

  await sql`create table category_translations (
    category_id text not null references categories(id) on delete cascade,
    language text not null,
    name text not null,
    primary key (category_id, language)
  )`.execute(db);

  await sql`create table products (
    pid text primary key,
    brand text not null,
    category_id text not null references categories(id),
    gender_code text,
    slug text not null,
    color_code text not null,
    color_hex text not null,
    macro_color text not null,
    micro_color text not null,
    material text not null,
    size_group text,
    image_count smallint not null,
    born_season text not null,
    created_at timestamptz not null,
    rank integer not null,
    is_employee_only boolean not null default false,
    is_rd boolean not null default false,
    is_sellable_online boolean not null default true,
    is_ecom_assortment boolean not null default true,
    is_preorderable boolean not null default false
  )`.execute(db);
  await sql`create index products_listing_idx on products (brand, category_id, rank)`.execute(db);
  await sql`create index products_newest_idx on products (brand, created_at desc)`.execute(db);

  await sql`create table product_translations (
    pid text not null references products(pid) on delete cascade,
    language text not null,
    name text not null,
    description text not null,
    composition text not null,
    color_name text not null,
    primary key (pid, language)
  )`.execute(db);

  await sql`create table product_variants (
    sku text primary key,
    pid text not null references products(pid) on delete cascade,
    size text not null,
    position integer not null,
    stock integer not null check (stock >= 0),
    unique (pid, size)
  )`.execute(db);

  await sql`create table product_prices (
    pid text not null references products(pid) on delete cascade,
    currency text not null,
    list_price numeric(12, 2) not null check (list_price >= 0),
    sale_price numeric(12, 2) check (sale_price >= 0),
    primary key (pid, currency)
  )`.execute(db);
  await sql`create index product_prices_currency_idx on product_prices (currency, pid)`.execute(db);

  // Sessions are stored by the SHA-256 of the cookie token: a database leak gives no usable cookie.
  await sql`create table sessions (
    id text primary key,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    data jsonb not null default '{}'::jsonb
  )`.execute(db);
  await sql`create index sessions_expires_idx on sessions (expires_at)`.execute(db);

  await sql`create table baskets (
    id uuid primary key default gen_random_uuid(),
    session_id text not null unique references sessions(id) on delete cascade,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table basket_items (
    id uuid primary key default gen_random_uuid(),
    basket_id uuid not null references baskets(id) on delete cascade,
    pid text not null references products(pid),
    sku text not null references product_variants(sku),
    quantity integer not null check (quantity > 0),
    added_at timestamptz not null default now(),
    unique (basket_id, sku)
  )`.execute(db);
}
