import { sql, type Kysely } from 'kysely';

// Full-text search over the catalogue: one search document per product and language, kept in step with
// the catalogue by statement-level triggers (one set-based refresh per insert/update statement, so seeding
// 50,000 products costs one refresh per chunk, not one per row). A document holds:
// - `doc`: the language's stemmed tsvector (name and model A, colour and categories B, material C) plus the
//   'simple' tokens, so a half-typed word still prefix-matches when the stemmer would have cut it;
// - `name_lc`: the lower-cased name (model names included), to rank exact and prefix name matches first,
//   and for trigram similarity (typos: names are what shoppers misspell, and short texts keep it fast);
// - `text_lc`: the lower-cased searchable text, for substring matching;
// - `grams`: the characters and character pairs of `text_lc` for Japanese, Korean and Chinese, where words
//   are not separated: a substring query of one or two characters cannot use trigrams, these grams can.
const SEARCH_LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'zh'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await sql`create function search_config(language text) returns regconfig language sql immutable parallel safe as $$
    select (case language
      when 'fr' then 'french' when 'en' then 'english' when 'de' then 'german' when 'it' then 'italian'
      when 'es' then 'spanish' when 'pt' then 'portuguese' else 'simple' end)::regconfig
  $$`.execute(db);

  await sql`create function search_grams(s text) returns text[] language sql immutable parallel safe as $$
    select coalesce(array_agg(distinct g), '{}') from (
      select substr(s, i, 1) as g from generate_series(1, length(s)) as i
      union all
      select substr(s, i, 2) from generate_series(1, length(s) - 1) as i
    ) x where g !~ '\\s'
  $$`.execute(db);

  // Partitioned by language: a query names its language, so it reads one partition — its own postings in
  // the text indexes (a one-letter prefix in one shared index would gather the matches of all nine
  // languages) and its own rows when the planner scans.
  await sql`create table search_documents (
    pid text not null references products(pid) on delete cascade,
    language text not null,
    brand text not null,
    listed boolean not null,
    rank integer not null,
    name_lc text not null,
    text_lc text not null,
    doc tsvector not null,
    grams text[] not null,
    primary key (pid, language)
  ) partition by list (language)`.execute(db);
  for (const language of SEARCH_LANGUAGES) {
    await sql`create table ${sql.raw(`search_documents_${language}`)} partition of search_documents for values in (${sql.lit(language)})`.execute(
      db,
    );
  }
  await sql`create table search_documents_other partition of search_documents default`.execute(db);
  // Over listed products only (every query asks for them).
  await sql`create index search_documents_doc_idx on search_documents using gin (doc) where listed`.execute(db);
  // GiST, not GIN: it hands out names closest first (`<<->`), so a typo search stops after a page.
  await sql`create index search_documents_trgm_idx on search_documents using gist (name_lc gist_trgm_ops) where listed`.execute(
    db,
  );
  for (const language of ['ja', 'ko', 'zh']) {
    await sql`create index ${sql.raw(`search_documents_${language}_grams_idx`)} on ${sql.raw(`search_documents_${language}`)} using gin (grams) where listed`.execute(
      db,
    );
  }
  // Autocomplete walks the listed documents of a language in merchandising order and stops after a few
  // hits; names starting with the query are found by range. Both carry what the name tiers test, so
  // those are answered from the index alone.
  await sql`create index search_documents_rank_idx on search_documents (brand, rank) include (name_lc, pid) where listed`.execute(
    db,
  );
  await sql`create index search_documents_name_idx on search_documents (brand, name_lc text_pattern_ops) include (rank, pid) where listed`.execute(
    db,
  );

  await sql`create function search_refresh(p_pids text[]) returns void language plpgsql as $$
  begin
    insert into search_documents as d (pid, language, brand, listed, rank, name_lc, text_lc, doc, grams)
    select p.pid, t.language, p.brand, not p.is_employee_only and not p.is_rd, p.rank,
      lower(t.name),
      lower(concat_ws(' ', t.name, nullif(p.short_name, ''), t.color_name, cats.names, t.composition, replace(p.material, '-', ' '))),
      setweight(to_tsvector(search_config(t.language), concat_ws(' ', t.name, p.short_name)), 'A')
        || setweight(to_tsvector(search_config(t.language), concat_ws(' ', t.color_name, cats.names)), 'B')
        || setweight(to_tsvector(search_config(t.language), concat_ws(' ', t.composition, replace(p.material, '-', ' '))), 'C')
        || to_tsvector('simple', concat_ws(' ', t.name, p.short_name, t.color_name, cats.names)),
      case when t.language in ('ja', 'ko', 'zh')
        then search_grams(lower(concat_ws(' ', t.name, nullif(p.short_name, ''), t.color_name, cats.names)))
        else '{}'::text[] end
    from product_translations t
    join products p on p.pid = t.pid
    left join lateral (
      select string_agg(ct.name, ' ' order by c.level) as names
      from categories c
      join category_translations ct on ct.category_id = c.id and ct.language = t.language
      where c.id = p.category_id
         or c.id = (select c1.parent_id from categories c1 where c1.id = p.category_id)
         or c.id = (select c2.parent_id from categories c1 join categories c2 on c2.id = c1.parent_id where c1.id = p.category_id)
    ) cats on true
    where t.pid = any(p_pids)
    on conflict (pid, language) do update set
      brand = excluded.brand, listed = excluded.listed, rank = excluded.rank, name_lc = excluded.name_lc,
      text_lc = excluded.text_lc, doc = excluded.doc, grams = excluded.grams;
  end $$`.execute(db);

  await sql`create function search_refresh_rows() returns trigger language plpgsql as $$
  begin
    perform search_refresh(array(select distinct pid from new_rows));
    return null;
  end $$`.execute(db);

  await sql`create function search_refresh_categories() returns trigger language plpgsql as $$
  begin
    perform search_refresh(array(
      select p.pid from products p
      join categories c1 on c1.id = p.category_id
      left join categories c2 on c2.id = c1.parent_id
      where c1.id in (select category_id from new_rows) or c2.id in (select category_id from new_rows)
         or c2.parent_id in (select category_id from new_rows)));
    return null;
  end $$`.execute(db);

  // Transition tables allow one event per trigger: hence a trigger per event.
  await sql`create trigger search_translations_insert after insert on product_translations
    referencing new table as new_rows for each statement execute function search_refresh_rows()`.execute(db);
  await sql`create trigger search_translations_update after update on product_translations
    referencing new table as new_rows for each statement execute function search_refresh_rows()`.execute(db);
  await sql`create trigger search_products_update after update on products
    referencing new table as new_rows for each statement execute function search_refresh_rows()`.execute(db);
  await sql`create trigger search_category_names_insert after insert on category_translations
    referencing new table as new_rows for each statement execute function search_refresh_categories()`.execute(db);
  await sql`create trigger search_category_names_update after update on category_translations
    referencing new table as new_rows for each statement execute function search_refresh_categories()`.execute(db);

  // Trending searches per house and language (merchandised, seeded from reference/catalog/trending.ts).
  await sql`create table trending_searches (
    brand text not null,
    language text not null,
    position integer not null,
    query text not null,
    primary key (brand, language, position)
  )`.execute(db);

  // Catalogues seeded before this migration get their documents now.
  await sql`select search_refresh(array(select pid from products))`.execute(db);
}
