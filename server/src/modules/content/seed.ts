import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import * as fixtures from '../../../../fixtures/content/index.ts';
import {
  CONTENT_LANGUAGES,
  houseOf,
  localize,
  type ComponentFixture,
  type ContentLanguage,
} from '../../../../fixtures/content/index.ts';
import { offsetMinutes } from '../../../../reference/stores/hours.ts';
import type { DB } from '../../db/database.ts';
import { sanitizeHtml } from './sanitize.ts';

type Row = Record<string, unknown>;
const CHUNK = 500;
const DAY_MS = 86_400_000;

async function insertChunks(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

const PARIS = 'Europe/Paris';

/** The instant of `hour`:00 Paris time on the day `offsetDays` after the UTC day of `seededAt`. */
export function eventStart(seededAt: Date, offsetDays: number, hour: number): Date {
  const day = new Date(
    Date.UTC(seededAt.getUTCFullYear(), seededAt.getUTCMonth(), seededAt.getUTCDate()) + offsetDays * DAY_MS,
  );
  const wall = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour);
  // Two passes settle the offset across a daylight-saving change.
  let instant = wall - offsetMinutes(PARIS, new Date(wall)) * 60_000;
  instant = wall - offsetMinutes(PARIS, new Date(instant)) * 60_000;
  return new Date(instant);
}

/** Sanitises the HTML a component carries (rich text, accordion answers). */
function cleanComponent(c: Record<string, unknown>): Record<string, unknown> {
  if (c.type === 'rich-text' && typeof c.html === 'string') return { ...c, html: sanitizeHtml(c.html) };
  if (c.type === 'accordion' && Array.isArray(c.items)) {
    return {
      ...c,
      items: (c.items as Record<string, unknown>[]).map((i) => ({ ...i, html: sanitizeHtml(String(i.html ?? '')) })),
    };
  }
  return c;
}

/**
 * Replaces the content of `brand` with the fixtures (the content service's publication), in one
 * transaction: texts localised per content language with the house name, HTML sanitised, product
 * islands resolved to pids from the catalogue, event dates placed around `seededAt`.
 * Idempotent; runs at every start, after the catalogue.
 */
export type ContentSource = Pick<
  typeof fixtures,
  'pages' | 'layout' | 'events' | 'eventThemes' | 'eventLocations' | 'genericContents'
>;

export async function seedContent(
  db: DB,
  brand: string,
  seededAt = new Date(),
  source: ContentSource = fixtures,
): Promise<void> {
  const { pages, layout, events, eventThemes, eventLocations, genericContents } = source;
  const house = houseOf(brand).name;
  await db.transaction().execute(async (trx) => {
    for (const table of [
      'content_components',
      'content_pages',
      'content_generic',
      'events',
      'event_themes',
      'event_locations',
    ] as const) {
      await trx.deleteFrom(table).where('brand', '=', brand).execute();
    }

    const picks = new Map<string, string[]>();
    const pidsOf = async (pick: { categorySlug: string; count: number }): Promise<string[]> => {
      const key = `${pick.categorySlug}|${pick.count}`;
      const known = picks.get(key);
      if (known) return known;
      // The first products of the category (and its sub-categories) in recommended order.
      const { rows } = await sql<{ pid: string }>`
        with recursive tree as (
          select id from categories where brand = ${brand} and slug = ${pick.categorySlug}
          union all
          select c.id from categories c join tree t on c.parent_id = t.id
        )
        select p.pid from products p
        where p.brand = ${brand} and p.category_id in (select id from tree)
          and not p.is_employee_only and not p.is_rd
        order by p.rank
        limit ${pick.count}`.execute(trx);
      const pids = rows.map((r) => r.pid);
      picks.set(key, pids);
      return pids;
    };

    const componentRows = async (
      list: readonly ComponentFixture[],
      ownerId: string,
      ownerOrder: number,
      language: ContentLanguage,
    ): Promise<Row[]> => {
      const rows: Row[] = [];
      for (const fixture of list) {
        const { pick, ...authored } = fixture as ComponentFixture & { pick?: { categorySlug: string; count: number } };
        let c = cleanComponent(localize(authored as never, language, house) as Record<string, unknown>);
        if (fixture.type === 'product-island')
          c = { ...c, pids: pick ? await pidsOf(pick) : ((c.pids as string[] | undefined) ?? []) };
        const { id, parentId, position, type, contextTags, ...data } = c as Record<string, unknown> & {
          contextTags?: string[];
        };
        rows.push({
          brand,
          language,
          owner_id: ownerId,
          id: String(id),
          parent_id: (parentId as string | null | undefined) ?? null,
          position: Number(position),
          type: String(type),
          data: JSON.stringify(data),
          context_tags: contextTags ?? [],
          owner_order: ownerOrder,
        });
      }
      return rows;
    };

    const pageRows: Row[] = [];
    const components: Row[] = [];
    const generic: Row[] = [];
    const themeRows: Row[] = [];
    const locationRows: Row[] = [];
    const eventRows: Row[] = [];
    const housePages = pages.filter((p) => !p.brands || p.brands.includes(brand as never));

    for (const language of CONTENT_LANGUAGES) {
      const l = <T>(v: unknown) => localize(v as never, language, house) as T;
      if (layout) {
        const parts = [
          layout.header,
          layout.footer,
          ...(layout.infoBanner ? [layout.infoBanner] : []),
        ] as ComponentFixture[];
        components.push(...(await componentRows(parts, `layout--${language}`, 0, language)));
      }
      for (const [i, page] of housePages.entries()) {
        const cmsPageId = `${page.globalPageId}--${language}`;
        pageRows.push({
          cms_page_id: cmsPageId,
          brand,
          language,
          global_page_id: page.globalPageId,
          page_url: page.pageUrl,
          parent_page_id: page.parentPageId,
          navigation_links_prefix: page.pageNavigationLinksPrefix,
          category: page.category,
          title: l<string>(page.title),
          meta_title: page.metaTitle ? l<string>(page.metaTitle) : null,
          meta_description: l<string>(page.metaDescription),
          navigation_label: l<string>(page.navigationLabel ?? page.title),
          tags: JSON.stringify(page.tags),
          background_color: JSON.stringify(page.backgroundColor),
          is_rd: page.isRd,
          countries: page.countries ?? null,
          position: i + 1,
        });
        components.push(...(await componentRows(page.components, cmsPageId, i + 1, language)));
      }
      for (const [i, g] of genericContents.entries()) {
        generic.push({
          brand,
          language,
          content_id: g.contentId,
          title: l<string>(g.title),
          html: sanitizeHtml(l<string>(g.html)),
        });
        components.push(
          ...(await componentRows(g.components, `generic--${g.contentId}--${language}`, 10_000 + i, language)),
        );
      }
      for (const [i, t] of eventThemes.entries())
        themeRows.push({ brand, language, id: t.id, label: l<string>(t.label), position: i + 1 });
      for (const [i, loc] of eventLocations.entries()) {
        locationRows.push({
          brand,
          language,
          id: loc.id,
          label: l<string>(loc.label),
          city: l<string>(loc.city),
          address: loc.address,
          position: i + 1,
        });
      }
      for (const e of events) {
        const start = eventStart(seededAt, e.startOffsetDays, e.startHour);
        eventRows.push({
          brand,
          language,
          id: e.id,
          slug: e.slug,
          title: l<string>(e.title),
          summary: l<string>(e.summary),
          theme_id: e.themeId,
          location_id: e.locationId,
          event_type: e.eventType,
          start_at: start,
          end_at: new Date(start.getTime() + e.durationDays * DAY_MS),
          image: JSON.stringify(l(e.image)),
          booking: JSON.stringify(e.booking ? l(e.booking) : null),
          featured: e.featured,
        });
      }
    }
    await insertChunks(pageRows, (c) =>
      trx
        .insertInto('content_pages')
        .values(c as never)
        .execute(),
    );
    await insertChunks(components, (c) =>
      trx
        .insertInto('content_components')
        .values(c as never)
        .execute(),
    );
    await insertChunks(generic, (c) =>
      trx
        .insertInto('content_generic')
        .values(c as never)
        .execute(),
    );
    await insertChunks(themeRows, (c) =>
      trx
        .insertInto('event_themes')
        .values(c as never)
        .execute(),
    );
    await insertChunks(locationRows, (c) =>
      trx
        .insertInto('event_locations')
        .values(c as never)
        .execute(),
    );
    await insertChunks(eventRows, (c) =>
      trx
        .insertInto('events')
        .values(c as never)
        .execute(),
    );
    await recordVersions(trx, brand, seededAt, { pageRows, components, generic, themeRows, locationRows, eventRows });
  });
}

const digestOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/** A row without the columns that only order it among others (a page added before it moves it, not changes it). */
const withoutOrder = ({ position: _p, owner_order: _o, ...rest }: Row): Row => rest;

/**
 * Keeps, for each page URL and for the whole publication, a digest of what was just published and when that
 * digest last changed (`changed_at` moves only when it differs): the sitemaps' `lastmod`. A page's digest covers
 * its rows in every language and their components; a calendar's also covers the events, their themes and places.
 */
async function recordVersions(
  trx: DB,
  brand: string,
  at: Date,
  rows: { pageRows: Row[]; components: Row[]; generic: Row[]; themeRows: Row[]; locationRows: Row[]; eventRows: Row[] },
): Promise<void> {
  const urlOfOwner = new Map(rows.pageRows.map((p) => [String(p.cms_page_id), String(p.page_url)]));
  const byUrl = new Map<string, Row[]>();
  const add = (url: string, row: Row) => {
    const list = byUrl.get(url) ?? [];
    list.push(withoutOrder(row));
    byUrl.set(url, list);
  };
  for (const p of rows.pageRows) add(String(p.page_url), p);
  for (const c of rows.components) {
    const url = urlOfOwner.get(String(c.owner_id));
    if (url !== undefined) add(url, c);
  }
  const calendar = digestOf([rows.eventRows, rows.themeRows, rows.locationRows]);
  const versions = [...byUrl].map(([url, list]) => ({
    brand,
    page_url: url,
    digest: digestOf(url.startsWith('/rive-droite/calendar/') ? [list, calendar] : list),
    changed_at: at,
  }));
  const whole = digestOf([[...byUrl.values()], rows.components.map(withoutOrder), rows.generic, calendar]);
  if (versions.length) {
    await trx
      .insertInto('content_versions')
      .values(versions)
      .onConflict((oc) =>
        oc
          .columns(['brand', 'page_url'])
          .doUpdateSet((eb) => ({ digest: eb.ref('excluded.digest'), changed_at: eb.ref('excluded.changed_at') }))
          .whereRef('content_versions.digest', '<>', 'excluded.digest'),
      )
      .execute();
  }
  await trx
    .deleteFrom('content_versions')
    .where('brand', '=', brand)
    .$if(versions.length > 0, (q) =>
      q.where(
        'page_url',
        'not in',
        versions.map((v) => v.page_url),
      ),
    )
    .execute();
  await trx
    .insertInto('content_publications')
    .values({ brand, digest: whole, changed_at: at })
    .onConflict((oc) =>
      oc
        .column('brand')
        .doUpdateSet((eb) => ({ digest: eb.ref('excluded.digest'), changed_at: eb.ref('excluded.changed_at') }))
        .whereRef('content_publications.digest', '<>', 'excluded.digest'),
    )
    .execute();
}
