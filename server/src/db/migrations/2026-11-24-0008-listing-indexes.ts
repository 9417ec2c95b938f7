import { sql, type Kysely } from 'kysely';

// Listing filters and facets at catalogue scale: `listing_facts`, one narrow row per product with
// everything a listing filters, sorts and counts on — category, colour family, material, listable or not,
// rank, arrival date, stock state, its sizes as bit masks and its effective price (sale, else list) per
// currency, as an array indexed by `listing_currencies` (a third of the size of a JSON object: a large
// category is read from fewer pages). A category listing and all its facet counts then read one table in one pass, with no join
// to prices (20 rows per product) nor variants (several per product).
// The rows follow the catalogue through statement-level triggers on products, product_variants and
// product_prices (one set-based refresh per statement, so seeding costs one refresh per chunk).
// `listing_size_codes` gives each size code its bit: a size facet is then a bit test per row instead of
// unnesting every product's size run.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table listing_size_codes (
    code text primary key,
    bit smallint not null unique check (bit between 0 and 62)
  )`.execute(db);
  // Letter sizes, numeric sizes of every run (clothing 34–56, shoes 35–46), one size.
  const codes = ['XS', 'S', 'M', 'L', 'XL', ...Array.from({ length: 23 }, (_, i) => String(34 + i)), 'TU'];
  await sql`insert into listing_size_codes (code, bit) values ${sql.join(codes.map((c, i) => sql`(${c}, ${i})`))}`.execute(
    db,
  );

  // Currencies get their array position on first use (by the refresh below), so a new market currency
  // needs no migration; a row's array is rebuilt whenever its prices change.
  await sql`create table listing_currencies (
    code text primary key,
    pos integer not null unique check (pos > 0)
  )`.execute(db);

  await sql`create table listing_facts (
    pid text primary key references products(pid) on delete cascade,
    brand text not null,
    category_id text not null,
    macro_color text not null,
    material text not null,
    listed boolean not null,
    rank integer not null,
    created_at timestamptz not null,
    in_stock boolean not null,
    size_mask bigint not null,
    stock_size_mask bigint not null,
    prices float8[] not null
  )`.execute(db);
  // Scopes: a category's leaves (bitmap over this index); recommended and newest orders walk the others
  // and stop after a page when the scope is large.
  await sql`create index listing_facts_scope_idx on listing_facts (brand, category_id) where listed`.execute(db);
  await sql`create index listing_facts_rank_idx on listing_facts (brand, rank) where listed`.execute(db);
  await sql`create index listing_facts_newest_idx on listing_facts (brand, created_at desc) where listed`.execute(db);

  await sql`create function listing_facts_refresh(p_pids text[]) returns void language plpgsql as $$
  begin
    insert into listing_currencies (code, pos)
    select n.currency, (select coalesce(max(pos), 0) from listing_currencies) + row_number() over (order by n.currency)
    from (
      select distinct y.currency from unnest(p_pids) as q(pid) join product_prices y on y.pid = q.pid
      where not exists (select 1 from listing_currencies c where c.code = y.currency)
    ) n
    on conflict (code) do nothing;
    insert into listing_facts as f (pid, brand, category_id, macro_color, material, listed, rank, created_at, in_stock, size_mask, stock_size_mask, prices)
    select p.pid, p.brand, p.category_id, p.macro_color, p.material,
      not p.is_employee_only and not p.is_rd, p.rank, p.created_at,
      p.is_sellable_online and p.is_ecom_assortment and coalesce(v.total, 0) > 0,
      coalesce(v.mask, 0), coalesce(v.stock_mask, 0), pr.prices
    -- Joined from the pid list (not pid = any(...)): before the first analyze the planner would take a
    -- pid list for a good share of the table and scan it whole, for every chunk of a seed.
    from unnest(p_pids) as q(pid)
    join products p on p.pid = q.pid
    left join lateral (
      select sum(x.stock)::int as total,
        bit_or(1::bigint << c.bit) as mask,
        bit_or(1::bigint << c.bit) filter (where x.stock > 0) as stock_mask
      from product_variants x left join listing_size_codes c on c.code = x.size
      where x.pid = p.pid
    ) v on true
    cross join lateral (
      select coalesce(array_agg(coalesce(y.sale_price, y.list_price)::float8 order by c.pos), '{}') as prices
      from listing_currencies c left join product_prices y on y.pid = p.pid and y.currency = c.code
    ) pr
    on conflict (pid) do update set
      brand = excluded.brand, category_id = excluded.category_id, macro_color = excluded.macro_color,
      material = excluded.material, listed = excluded.listed, rank = excluded.rank, created_at = excluded.created_at,
      in_stock = excluded.in_stock, size_mask = excluded.size_mask, stock_size_mask = excluded.stock_size_mask,
      prices = excluded.prices
    -- A change that leaves the row as it was (most stock movements) rewrites nothing and dirties no facet cell.
    where (f.brand, f.category_id, f.macro_color, f.material, f.listed, f.rank, f.created_at, f.in_stock, f.size_mask, f.stock_size_mask, f.prices)
      is distinct from (excluded.brand, excluded.category_id, excluded.macro_color, excluded.material, excluded.listed, excluded.rank,
        excluded.created_at, excluded.in_stock, excluded.size_mask, excluded.stock_size_mask, excluded.prices);
  end $$`.execute(db);

  await sql`create function listing_facts_new_rows() returns trigger language plpgsql as $$
  begin
    perform listing_facts_refresh(array(select distinct pid from new_rows));
    return null;
  end $$`.execute(db);
  await sql`create function listing_facts_old_rows() returns trigger language plpgsql as $$
  begin
    perform listing_facts_refresh(array(select distinct pid from old_rows));
    return null;
  end $$`.execute(db);

  // Transition tables allow one event per trigger: hence a trigger per event. Deleted products take their
  // row with them (foreign key); deleted variants or prices refresh what is left.
  for (const table of ['products', 'product_variants', 'product_prices']) {
    for (const event of ['insert', 'update'] as const) {
      await sql`create trigger ${sql.raw(`listing_facts_${table}_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing new table as new_rows for each statement execute function listing_facts_new_rows()`.execute(db);
    }
    if (table !== 'products') {
      await sql`create trigger ${sql.raw(`listing_facts_${table}_delete`)} after delete on ${sql.table(table)}
        referencing old table as old_rows for each statement execute function listing_facts_old_rows()`.execute(db);
    }
  }

  // Facet cells: listing_facts summed per leaf category, colour family, material, size run, sizes in
  // stock and stock state, with per-currency counts and price bounds (arrays by listing_currencies position). A category
  // listing without a price filter counts its facets over cells (a fifth of its products) instead of every product.
  // Cells are rebuilt per leaf category, lazily: changes to listing_facts only mark their leaves dirty
  // (cheap during a 50,000-product seed); the next facet read rebuilds the dirty leaves in one transaction.
  await sql`create table listing_cells (
    brand text not null,
    category_id text not null,
    macro_color text not null,
    material text not null,
    size_mask bigint not null,
    stock_size_mask bigint not null,
    in_stock boolean not null,
    n integer not null,
    counts integer[] not null,
    price_min float8[] not null,
    price_max float8[] not null
  )`.execute(db);
  await sql`create index listing_cells_scope_idx on listing_cells (brand, category_id)`.execute(db);
  await sql`create table listing_cells_dirty (category_id text primary key)`.execute(db);

  await sql`create function listing_cells_mark() returns trigger language plpgsql as $$
  begin
    if tg_op in ('INSERT', 'UPDATE') then
      insert into listing_cells_dirty select distinct category_id from new_rows on conflict do nothing;
    end if;
    if tg_op in ('UPDATE', 'DELETE') then
      insert into listing_cells_dirty select distinct category_id from old_rows on conflict do nothing;
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger listing_cells_insert after insert on listing_facts
    referencing new table as new_rows for each statement execute function listing_cells_mark()`.execute(db);
  await sql`create trigger listing_cells_update after update on listing_facts
    referencing old table as old_rows new table as new_rows for each statement execute function listing_cells_mark()`.execute(
    db,
  );
  await sql`create trigger listing_cells_delete after delete on listing_facts
    referencing old table as old_rows for each statement execute function listing_cells_mark()`.execute(db);

  // Claims the dirty leaves and rebuilds their cells; readers keep seeing the previous cells until the
  // commit. Refreshers queue on a transaction lock (the next one then finds nothing left to do), so two
  // of them never claim rows in different orders.
  await sql`create function listing_cells_refresh() returns void language plpgsql as $$
  declare leaves text[];
  begin
    if not exists (select 1 from listing_cells_dirty) then return; end if;
    perform pg_advisory_xact_lock(hashtext('listing_cells_refresh'));
    with claimed as (delete from listing_cells_dirty returning category_id)
    select coalesce(array_agg(category_id), '{}') into leaves from claimed;
    if cardinality(leaves) = 0 then return; end if;
    delete from listing_cells where category_id = any(leaves);
    with cells as (
      select f.brand, f.category_id, f.macro_color, f.material, f.size_mask, f.stock_size_mask, f.in_stock, count(*)::int as n
      from listing_facts f
      where f.listed and f.category_id = any(leaves)
      group by 1, 2, 3, 4, 5, 6, 7
    ), by_currency as (
      select f.brand, f.category_id, f.macro_color, f.material, f.size_mask, f.stock_size_mask, f.in_stock, x.pos,
        count(x.price)::int as n, min(x.price) as lo, max(x.price) as hi
      from listing_facts f cross join lateral unnest(f.prices) with ordinality as x(price, pos)
      where f.listed and f.category_id = any(leaves)
      group by 1, 2, 3, 4, 5, 6, 7, 8
    ), arrays as (
      select brand, category_id, macro_color, material, size_mask, stock_size_mask, in_stock,
        array_agg(n order by pos) as counts, array_agg(lo order by pos) as lo, array_agg(hi order by pos) as hi
      from by_currency
      group by 1, 2, 3, 4, 5, 6, 7
    )
    insert into listing_cells (brand, category_id, macro_color, material, size_mask, stock_size_mask, in_stock, n, counts, price_min, price_max)
    select c.brand, c.category_id, c.macro_color, c.material, c.size_mask, c.stock_size_mask, c.in_stock, c.n,
      coalesce(a.counts, '{}'), coalesce(a.lo, '{}'), coalesce(a.hi, '{}')
    from cells c
    left join arrays a using (brand, category_id, macro_color, material, size_mask, stock_size_mask, in_stock);
  end $$`.execute(db);

  // Catalogues seeded before this migration get their rows now.
  await sql`select listing_facts_refresh(array(select pid from products))`.execute(db);
}
