import { sql, type Kysely } from 'kysely';

// Content of the headless content service (pages, components, generic content, "rive droite" events),
// reference data published by the CMS and replaced at every start. One row per house and content
// language: texts are localised when seeded, so a read is a plain lookup.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table content_pages (
    cms_page_id text not null,
    brand text not null,
    language text not null,
    global_page_id text not null,
    page_url text not null,
    parent_page_id text,
    navigation_links_prefix text,
    category text not null,
    title text not null,
    meta_title text,
    meta_description text,
    navigation_label text not null,
    tags jsonb not null,
    background_color jsonb not null,
    is_rd boolean not null default false,
    countries text[],
    position integer not null,
    primary key (brand, cms_page_id)
  )`.execute(db);
  await sql`create unique index content_pages_global on content_pages (brand, language, global_page_id)`.execute(db);
  await sql`create index content_pages_url on content_pages (brand, language, page_url)`.execute(db);

  // Components of pages, of the layout (header, footer, info banner) and of generic content; `owner_id`
  // is the page's cms id, `layout--{language}` or `generic--{contentId}--{language}`.
  await sql`create table content_components (
    brand text not null,
    language text not null,
    owner_id text not null,
    id text not null,
    parent_id text,
    position integer not null,
    type text not null,
    data jsonb not null,
    context_tags text[] not null default '{}',
    owner_order integer not null,
    primary key (brand, owner_id, id)
  )`.execute(db);
  await sql`create index content_components_id on content_components (brand, language, id)`.execute(db);

  await sql`create table content_generic (
    brand text not null,
    language text not null,
    content_id text not null,
    title text not null,
    html text not null,
    primary key (brand, content_id, language)
  )`.execute(db);

  await sql`create table event_themes (
    brand text not null,
    language text not null,
    id text not null,
    label text not null,
    position integer not null,
    primary key (brand, id, language)
  )`.execute(db);
  await sql`create table event_locations (
    brand text not null,
    language text not null,
    id text not null,
    label text not null,
    city text not null,
    address text not null,
    position integer not null,
    primary key (brand, id, language)
  )`.execute(db);
  await sql`create table events (
    brand text not null,
    language text not null,
    id text not null,
    slug text not null,
    title text not null,
    summary text not null,
    theme_id text not null,
    location_id text not null,
    event_type text not null,
    start_at timestamptz not null,
    end_at timestamptz not null,
    image jsonb not null,
    booking jsonb,
    featured boolean not null default false,
    primary key (brand, id, language)
  )`.execute(db);
  await sql`create index events_type on events (brand, language, event_type, start_at)`.execute(db);
}
