import { sql, type Kysely } from 'kysely';

// Content is published at every start (`seedContent`), so the sitemaps gave every content page the start's
// time as its `lastmod`: each deployment told search engines that every page had changed. Each publication
// now keeps a digest of every page (its rows in every language and its components; a calendar's events too)
// and of the whole publication, with the time that digest last changed: an unchanged page keeps its date.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table content_versions (
    brand text not null,
    page_url text not null,
    digest text not null,
    changed_at timestamptz not null,
    primary key (brand, page_url)
  )`.execute(db);
  await sql`create table content_publications (
    brand text primary key,
    digest text not null,
    changed_at timestamptz not null
  )`.execute(db);
}
