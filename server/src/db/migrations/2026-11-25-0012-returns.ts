import { sql, type Kysely } from 'kysely';

// Returns and exchanges (spec §2 return/exchange flow): a request per submission, numbered RMA-00000000, with
// its lines. An exchange line names the replacement size (`replacement_sku`), whose unit is taken from
// `product_variants.stock` by the request's transaction, so two clients can never be promised the last unit.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence return_number_seq start 30000`.execute(db);

  await sql`create table return_requests (
    id uuid primary key default gen_random_uuid(),
    return_number text not null unique,
    order_id uuid not null references orders(id) on delete cascade,
    flow_type text not null check (flow_type in ('Return', 'Exchange')),
    status text not null default 'requested' check (status in ('requested', 'received', 'completed', 'cancelled')),
    requested_by text not null check (requested_by in ('customer', 'guest')),
    return_method text not null check (return_method in ('ShipToReturnCenter', 'ShipToStore')),
    handover text check (handover in ('pickUp', 'dropOff')),
    store_id text,
    comment text,
    locale text not null,
    currency text not null,
    items_amount numeric(14, 2) not null check (items_amount >= 0),
    tax_amount numeric(14, 2) not null check (tax_amount >= 0),
    shipping_amount numeric(14, 2) not null default 0 check (shipping_amount >= 0),
    refund_total numeric(14, 2) not null check (refund_total >= 0),
    return_by date not null,
    created_at timestamptz not null default now(),
    check ((return_method = 'ShipToReturnCenter' and handover is not null and store_id is null)
        or (return_method = 'ShipToStore' and handover is null and store_id is not null))
  )`.execute(db);
  // The thank-you page and the order pages read an order's requests, newest first.
  await sql`create index return_requests_order_idx on return_requests (order_id, created_at desc)`.execute(db);

  await sql`create table return_lines (
    id uuid primary key default gen_random_uuid(),
    return_id uuid not null references return_requests(id) on delete cascade,
    order_item_id uuid not null references order_items(id) on delete cascade,
    line_no integer not null,
    quantity integer not null check (quantity > 0),
    reason_id text not null,
    unit_price numeric(14, 2) not null check (unit_price >= 0),
    amount numeric(14, 2) not null check (amount >= 0),
    replacement_sku text references product_variants(sku),
    replacement_size text,
    check ((replacement_sku is null) = (replacement_size is null)),
    unique (return_id, line_no)
  )`.execute(db);
  // Units already requested per order line (summed under the order's row lock).
  await sql`create index return_lines_item_idx on return_lines (order_item_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table return_lines`.execute(db);
  await sql`drop table return_requests`.execute(db);
  await sql`drop sequence return_number_seq`.execute(db);
}
