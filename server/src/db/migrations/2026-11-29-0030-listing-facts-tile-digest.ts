import { sql, type Kysely } from 'kysely';

// Search hit tiles kept in memory (decision 0182) are forgotten when a catch-up of the listing index or of a
// search prefix index finds a change: a write that changes what a tile shows must therefore rewrite a listing
// fact or a search document. A translation's write rewrites the product's search documents, but the listing
// fact holds only what listings count and sort on, and its refresh rewrites nothing when those are unchanged:
// a new list price under a sale (the fact holds the price paid), a sale price equal to the list price, a size's
// stock falling from two units to one ("last item left"), another first size changed no fact, so no catch-up
// found them and a kept tile outlived them (decision 0192).
// `listing_facts.tile_digest`: a 64-bit digest of everything a hit tile (and the other colours' links it
// lists) reads from `products`, `product_variants` and `product_prices` — every price of every currency, list
// and sale; the stock as a tile shows it (none, one, more); the sizes' skus and positions (the first sku);
// the product's displayed columns (also in the search documents, which every product update rewrites, but
// tiles need not depend on that). The refresh rewrites the row, and so stamps `changed_by`, when the digest
// moves as when any other fact does.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table listing_facts add column tile_digest bigint not null default 0`.execute(db);
  await refreshFunction(db, true);
  // The rows as they stand get their digest (and are rewritten once).
  await sql`select listing_facts_refresh(array(select pid from products))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await refreshFunction(db, false);
  await sql`alter table listing_facts drop column tile_digest`.execute(db);
}

/** `listing_facts_refresh` of migration 0008, with (`digest`) or without the tile digest. */
async function refreshFunction(db: Kysely<unknown>, digest: boolean): Promise<void> {
  const column = digest ? sql`, tile_digest` : sql``;
  const value = digest ? sql`, tile.digest` : sql``;
  const source = digest
    ? sql`
    cross join lateral (
      -- What a tile shows beyond the facts; the first 64 bits of an MD5 (a missed change: one in 2^64).
      select ('x' || left(md5(concat_ws('|',
        coalesce(pr.price_text, ''),
        least(coalesce(v.total, 0), 2), coalesce(v.skus, ''),
        row(p.brand, p.slug, p.image_count, p.is_sellable_online, p.is_ecom_assortment, p.is_preorderable,
          p.is_employee_only, p.is_rd, p.gender_code, p.gender_association, p.micro_color, p.color_hex, p.smc_id,
          p.short_name, p.style_code, p.born_season)::text
      )), 16))::bit(64)::bigint as digest
    ) tile`
    : sql``;
  // Every price of the product, list and sale, read with the prices paid (every currency has a position).
  const priceText = digest
    ? sql`,
        string_agg(c.code || ':' || y.list_price || ':' || coalesce(y.sale_price::text, '-'), ',' order by c.pos)
          filter (where y.pid is not null) as price_text`
    : sql``;
  const set = digest ? sql`, tile_digest = excluded.tile_digest` : sql``;
  const was = digest ? sql`, f.tile_digest` : sql``;
  const now = digest ? sql`, excluded.tile_digest` : sql``;
  await sql`create or replace function listing_facts_refresh(p_pids text[]) returns void language plpgsql as $$
  begin
    insert into listing_currencies (code, pos)
    select n.currency, (select coalesce(max(pos), 0) from listing_currencies) + row_number() over (order by n.currency)
    from (
      select distinct y.currency from unnest(p_pids) as q(pid) join product_prices y on y.pid = q.pid
      where not exists (select 1 from listing_currencies c where c.code = y.currency)
    ) n
    on conflict (code) do nothing;
    insert into listing_facts as f (pid, brand, category_id, macro_color, material, listed, rank, created_at, in_stock, size_mask, stock_size_mask, prices${column})
    select p.pid, p.brand, p.category_id, p.macro_color, p.material,
      not p.is_employee_only and not p.is_rd, p.rank, p.created_at,
      p.is_sellable_online and p.is_ecom_assortment and coalesce(v.total, 0) > 0,
      coalesce(v.mask, 0), coalesce(v.stock_mask, 0), pr.prices${value}
    -- Joined from the pid list (not pid = any(...)): before the first analyze the planner would take a
    -- pid list for a good share of the table and scan it whole, for every chunk of a seed.
    from unnest(p_pids) as q(pid)
    join products p on p.pid = q.pid
    left join lateral (
      select sum(x.stock)::int as total,
        bit_or(1::bigint << c.bit) as mask,
        bit_or(1::bigint << c.bit) filter (where x.stock > 0) as stock_mask,
        string_agg(x.sku || ':' || x.position, ',' order by x.position, x.sku) as skus
      from product_variants x left join listing_size_codes c on c.code = x.size
      where x.pid = p.pid
    ) v on true
    cross join lateral (
      select coalesce(array_agg(coalesce(y.sale_price, y.list_price)::float8 order by c.pos), '{}') as prices${priceText}
      from listing_currencies c left join product_prices y on y.pid = p.pid and y.currency = c.code
    ) pr${source}
    on conflict (pid) do update set
      brand = excluded.brand, category_id = excluded.category_id, macro_color = excluded.macro_color,
      material = excluded.material, listed = excluded.listed, rank = excluded.rank, created_at = excluded.created_at,
      in_stock = excluded.in_stock, size_mask = excluded.size_mask, stock_size_mask = excluded.stock_size_mask,
      prices = excluded.prices${set}
    -- A change that leaves the row as it was (most stock movements) rewrites nothing.
    where (f.brand, f.category_id, f.macro_color, f.material, f.listed, f.rank, f.created_at, f.in_stock, f.size_mask, f.stock_size_mask, f.prices${was})
      is distinct from (excluded.brand, excluded.category_id, excluded.macro_color, excluded.material, excluded.listed, excluded.rank,
        excluded.created_at, excluded.in_stock, excluded.size_mask, excluded.stock_size_mask, excluded.prices${now});
  end $$`.execute(db);
}
