import { sql, type Kysely } from 'kysely';

// The listing index (server/src/modules/catalog/listing-index.ts) keeps each house's listable
// `listing_facts` in the storefront's memory, as columns, and counts a category's facets and picks its page
// there. Before each use it asks the database for what changed since the snapshot it holds:
// - `listing_facts.changed_by`: the transaction that last wrote the row (set by a row trigger, whatever
//   the writer), indexed, so "written by a transaction the index's snapshot does not see" is a range scan
//   from that snapshot's xmin;
// - `listing_facts_removed`: a row per deleted fact (the product deleted), for the same question about
//   rows that are gone.
// `listing_tiles()`: the tiles of the page the index chose, in the order of its pids — a PL/pgSQL function,
// so its statement keeps its plan for the session (primary-key lookups whatever the pids) instead of being
// planned on every listing (about 0.45 ms).
// The facet cells (`listing_cells`, rebuilt lazily per dirty leaf) counted the same facets in SQL: the
// index replaces them, so they, their dirty list and their triggers go (no more work on every write).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table listing_facts add column changed_by xid8 not null default pg_current_xact_id()`.execute(db);
  await sql`create index listing_facts_changed_idx on listing_facts (changed_by)`.execute(db);
  await sql`create function listing_facts_stamp() returns trigger language plpgsql as $$
  begin
    new.changed_by := pg_current_xact_id();
    return new;
  end $$`.execute(db);
  await sql`create trigger listing_facts_stamp before insert or update on listing_facts
    for each row execute function listing_facts_stamp()`.execute(db);

  await sql`create table listing_facts_removed (
    pid text not null,
    changed_by xid8 not null default pg_current_xact_id()
  )`.execute(db);
  await sql`create index listing_facts_removed_changed_idx on listing_facts_removed (changed_by)`.execute(db);
  await sql`create function listing_facts_note_removed() returns trigger language plpgsql as $$
  begin
    insert into listing_facts_removed (pid) select pid from old_rows;
    return null;
  end $$`.execute(db);
  await sql`create trigger listing_facts_removed after delete on listing_facts
    referencing old table as old_rows for each statement execute function listing_facts_note_removed()`.execute(db);

  await sql`create function listing_tiles(p_pids text[], p_language text, p_currency text)
  returns table (
    pid text, slug text, name text, color_name text, image_count smallint, list_price numeric, sale_price numeric,
    is_sellable_online boolean, is_ecom_assortment boolean, is_preorderable boolean, total_stock integer
  )
  language plpgsql stable as $$
  #variable_conflict use_column
  begin
    return query
    select x.pid, x.slug, t.name, t.color_name, x.image_count, pr.list_price, pr.sale_price,
      x.is_sellable_online, x.is_ecom_assortment, x.is_preorderable,
      (select coalesce(sum(v.stock), 0)::int from product_variants v where v.pid = x.pid)
    from unnest(p_pids) with ordinality as page(pid, i)
    join products x on x.pid = page.pid
    join product_translations t on t.pid = x.pid and t.language = p_language
    left join product_prices pr on pr.pid = x.pid and pr.currency = coalesce(p_currency, '-')
    order by page.i;
  end $$`.execute(db);

  for (const event of ['insert', 'update', 'delete'])
    await sql`drop trigger ${sql.raw(`listing_cells_${event}`)} on listing_facts`.execute(db);
  await sql`drop function listing_cells_mark()`.execute(db);
  await sql`drop function listing_cells_refresh()`.execute(db);
  await sql`drop table listing_cells_dirty`.execute(db);
  await sql`drop table listing_cells`.execute(db);
}
