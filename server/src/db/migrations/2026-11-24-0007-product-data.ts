import { sql, type Kysely } from 'kysely';

// Back-in-stock alerts ("notify me"): one per variant and email. The email is stored lower-cased, so the
// unique key refuses a second alert whatever the case the shopper typed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table back_in_stock_subscriptions (
    id bigint generated always as identity primary key,
    sku text not null references product_variants(sku) on delete cascade,
    pid text not null,
    email text not null check (email = lower(email) and length(email) <= 254),
    locale text not null,
    created_at timestamptz not null default now(),
    notified_at timestamptz,
    unique (sku, email)
  )`.execute(db);
  // Manual recommendations read the collections holding a product (the key leads with the collection).
  await sql`create index collection_products_pid_idx on collection_products (pid)`.execute(db);
  // Trending items walk the house's products in recommended order until enough can be bought.
  await sql`create index products_rank_idx on products (brand, rank)`.execute(db);
}
