import { sql, type Kysely } from 'kysely';

// Boutiques (issue "Boutiques"): each boutique's stock of each size, reservations ("reserve in store") and
// appointment requests. Stock is seeded by the stores module (deterministic, set-based); reservations and
// appointments keep the boutique's id without a foreign key, so a boutique leaving the master data does
// not erase a client's history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table store_stock (
    store_id text not null references stores(id) on delete cascade,
    sku text not null references product_variants(sku) on delete cascade,
    quantity integer not null check (quantity >= 0),
    updated_at timestamptz not null default now(),
    primary key (store_id, sku)
  )`.execute(db);
  // "Which boutiques hold this size": the find-in-store query reads by sku.
  await sql`create index store_stock_sku_idx on store_stock (sku)`.execute(db);

  await sql`create table store_reservations (
    id bigint generated always as identity primary key,
    reference text not null unique check (reference ~ '^RES-[0-9]{8}-[A-Z0-9]{6}$'),
    store_id text not null,
    pid text not null,
    sku text not null,
    size text not null,
    quantity integer not null check (quantity between 1 and 2),
    status text not null default 'requested' check (status in ('requested', 'confirmed', 'ready', 'collected', 'expired', 'cancelled')),
    civility text not null,
    first_name text not null,
    last_name text not null,
    email text not null check (email = lower(email) and length(email) <= 254),
    phone text not null,
    message text,
    customer_id uuid references customers(id) on delete set null,
    locale text not null,
    hold_until timestamptz not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  // Units held by active reservations are counted against the boutique's stock of the size.
  await sql`create index store_reservations_active_idx on store_reservations (store_id, sku) where status in ('requested', 'confirmed', 'ready')`.execute(
    db,
  );
  await sql`create index store_reservations_email_idx on store_reservations (email, created_at)`.execute(db);

  await sql`create table store_appointments (
    id bigint generated always as identity primary key,
    reference text not null unique check (reference ~ '^APT-[0-9]{8}-[A-Z0-9]{6}$'),
    store_id text not null,
    reason text not null check (reason in ('discovery', 'personalShopping', 'productTryOn', 'alterations', 'afterSales', 'leatherCare')),
    starts_at timestamptz not null,
    duration_minutes integer not null check (duration_minutes >= 15),
    pids text[] not null default '{}',
    status text not null default 'requested' check (status in ('requested', 'confirmed', 'cancelled', 'completed')),
    civility text not null,
    first_name text not null,
    last_name text not null,
    email text not null check (email = lower(email) and length(email) <= 254),
    phone text not null,
    preferred_channel text check (preferred_channel in ('phoneCall', 'email', 'whatsapp')),
    message text,
    customer_id uuid references customers(id) on delete set null,
    locale text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  // One open request per client, boutique and time: a second click answers the first request.
  await sql`create unique index store_appointments_once_idx on store_appointments (store_id, email, starts_at) where status in ('requested', 'confirmed')`.execute(
    db,
  );
  await sql`create index store_appointments_store_idx on store_appointments (store_id, starts_at)`.execute(db);
}
