import { sql, type Kysely } from 'kysely';

// Checkout and orders (issue "Basket, checkout, orders, returns and exchanges"): baskets bound to accounts
// (kept across sign-out, merged at sign-in), orders with their lines, parcels and status history, payment
// attempts and the idempotency keys of order placement. Stock is reserved by the placement's transaction
// (`product_variants.stock` keeps its `check (stock >= 0)`), so an order can never oversell.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A signed-in shopper's basket belongs to the account: detached from the session at sign-out
  // (session_id null), merged into the new session's basket at the next sign-in.
  await sql`alter table baskets alter column session_id drop not null`.execute(db);
  await sql`alter table baskets add column customer_id uuid references customers(id) on delete cascade`.execute(db);
  await sql`create index baskets_customer_idx on baskets (customer_id) where customer_id is not null`.execute(db);

  await sql`create table orders (
    id uuid primary key default gen_random_uuid(),
    order_number text not null unique,
    transaction_uuid uuid not null unique default gen_random_uuid(),
    channel text not null check (channel in ('online', 'offline')),
    status text not null check (status in ('placed', 'paid', 'processing', 'shipped', 'readyForPickup', 'delivered', 'completed', 'cancelled', 'returnRequested', 'returned', 'exchanged')),
    brand text not null,
    country text not null,
    locale text not null,
    currency text not null,
    customer_id uuid references customers(id) on delete set null,
    session_id text,
    basket_id uuid,
    email text not null check (email = lower(email)),
    civility text,
    first_name text not null,
    last_name text not null,
    phone text,
    delivery_method text not null check (delivery_method in ('ShipToAddress', 'ShipToStore', 'PickUpAtStore')),
    delivery_kind text,
    shipping_method_id text,
    store_id text,
    shipping_address jsonb,
    billing_address jsonb,
    gift jsonb,
    subtotal numeric(14, 2) not null check (subtotal >= 0),
    shipping numeric(14, 2) not null check (shipping >= 0),
    tax numeric(14, 2) not null check (tax >= 0),
    discount numeric(14, 2) not null default 0 check (discount >= 0),
    total numeric(14, 2) not null check (total >= 0),
    is_employee_sale boolean not null default false,
    payment_status text not null check (payment_status in ('pending', 'actionRequired', 'authorised', 'declined', 'abandoned', 'voided', 'refunded', 'captured')),
    payment_method text,
    payment_reference text,
    card_brand text,
    card_last4 text,
    estimated_from date,
    estimated_to date,
    cancel_reason text,
    placed_at timestamptz not null default now(),
    paid_at timestamptz,
    cancelled_at timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);
  // The order history reads a customer's orders of one channel, newest first.
  await sql`create index orders_customer_idx on orders (customer_id, channel, placed_at desc) where customer_id is not null`.execute(
    db,
  );
  // The sweep finds payments left pending (a crash, an abandoned authentication).
  await sql`create index orders_pending_idx on orders (placed_at) where payment_status in ('pending', 'actionRequired')`.execute(
    db,
  );
  await sql`create index orders_email_idx on orders (email)`.execute(db);

  await sql`create table order_items (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null references orders(id) on delete cascade,
    line_no integer not null,
    pid text not null,
    sku text not null,
    size text not null,
    name text not null,
    color text not null default '',
    quantity integer not null check (quantity > 0),
    unit_price numeric(14, 2) not null check (unit_price >= 0),
    line_total numeric(14, 2) not null check (line_total >= 0),
    status text not null,
    unique (order_id, line_no)
  )`.execute(db);

  await sql`create table order_shipments (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null references orders(id) on delete cascade,
    shipment_no integer not null,
    delivery_method text not null,
    status text not null,
    carrier text,
    tracking_number text,
    estimated_delivery_date date,
    shipped_at timestamptz,
    delivered_at timestamptz,
    pickup_store_id text,
    item_line_nos integer[] not null,
    unique (order_id, shipment_no)
  )`.execute(db);

  // The life of an order, one row per change of status (who or what changed it in `source`).
  await sql`create table order_events (
    id bigserial primary key,
    order_id uuid not null references orders(id) on delete cascade,
    status text not null,
    source text not null,
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index order_events_order_idx on order_events (order_id, id)`.execute(db);

  // Order numbers: one sequence, formatted BRAND-COUNTRY-00000000.
  await sql`create sequence order_number_seq start 10000`.execute(db);

  // Idempotency-Key of order placement, per session: the first request's digest and, once known, its answer.
  await sql`create table idempotency_keys (
    scope text not null,
    key text not null,
    request_hash text not null,
    order_id uuid references orders(id) on delete set null,
    response_status integer,
    response_body jsonb,
    created_at timestamptz not null default now(),
    primary key (scope, key)
  )`.execute(db);
  await sql`create index idempotency_keys_created_idx on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
  await sql`drop sequence order_number_seq`.execute(db);
  await sql`drop table order_events`.execute(db);
  await sql`drop table order_shipments`.execute(db);
  await sql`drop table order_items`.execute(db);
  await sql`drop table orders`.execute(db);
  await sql`drop index baskets_customer_idx`.execute(db);
  await sql`alter table baskets drop column customer_id`.execute(db);
}
