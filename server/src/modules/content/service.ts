import { contentLanguageOf, type ContentLanguage } from '../../../../reference/content-language.ts';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import { perLanguage } from '../../locales/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import {
  accordionsOfSubject,
  contentVersions,
  findComponentOwner,
  findGeneric,
  listEvents,
  listPages,
  ownerComponents,
  rdCategoryCounts,
  rdListing,
  type RdSort,
  tileRowsByPids,
  type ComponentRow,
  type EventRow,
  type PageRow,
} from './repository.ts';

type CmsComponent = Schemas['CmsComponent'];
type ContentPage = Schemas['ContentPage'];
type EventDto = Schemas['Event'];
type Filter = Schemas['Filter'];

/** Context tags of a visitor the server knows nothing about (public page data, server rendering). */
export const PUBLIC_CONTEXT_TAGS: readonly string[] = ['guest'];

export interface PageQuery {
  pageId: string;
  tags: readonly string[];
  globalPageId?: string | undefined;
  parentPageId?: string | undefined;
  navigationLinksPrefix?: string | undefined;
}

export interface EventQuery {
  themes?: string[] | undefined;
  locations?: string[] | undefined;
  eventType?: string | undefined;
  /** Also the events that have ended (a calendar page's "past" tab), after the others, most recent first. */
  includePast?: boolean;
}

const EVENT_PAGE_SIZE = 24;

/** The labels of a calendar's filters: `filters` of content.json in server/src/locales/<language>/. */
const FILTER_LABELS = perLanguage((t) => t.content.filters);

/** A component is visible when it is not restricted, or the visitor has one of its context tags. */
export function visibleWith(tags: readonly string[], restrictedTo: readonly string[]): boolean {
  return restrictedTo.length === 0 || restrictedTo.some((t) => tags.includes(t));
}

/** The filter string of the calendar (`themes:a|b,locations:c`), empty without filters. */
export function filterString(q: EventQuery): string {
  const parts: string[] = [];
  if (q.themes?.length) parts.push(`themes:${q.themes.join('|')}`);
  if (q.locations?.length) parts.push(`locations:${q.locations.join('|')}`);
  return parts.join(',');
}

const singular = (slug: string) => (slug.endsWith('s') ? slug.slice(0, -1) : slug);

/**
 * The headless content service, served from the content tables (seeded from fixtures/content at every
 * start): pages, components, generic content, FAQ accordions and "rive droite" events, localised for the
 * market's content language. Product islands are priced per market when read. Answers are the same for
 * every visitor of a market with the same context tags: cached for CACHE_TTL_SECONDS.
 */
export class ContentService {
  private readonly cache: TtlCache<unknown>;
  constructor(
    private readonly db: DB,
    private readonly catalog: CatalogService,
    readonly brand: string,
    cacheTtlMs = 0,
  ) {
    this.cache = new TtlCache(cacheTtlMs, undefined, 'content');
  }

  private cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.cache.get(key, compute) as Promise<T>;
  }

  /** Empties the cache, or the entries of some keys / locales; answers how many entries were removed. */
  bust(filter?: { keys?: string[] | undefined; locales?: string[] | undefined }): number {
    const keys = filter?.keys;
    const locales = filter?.locales;
    if (!keys?.length && !locales?.length) {
      const n = this.cache.size;
      this.cache.clear();
      return n;
    }
    return this.cache.deleteWhere(
      (k) => (keys?.includes(k) ?? false) || (locales?.some((l) => k.split('|').includes(l)) ?? false),
    );
  }

  clear(): void {
    this.cache.clear();
  }

  languageOf(market: Market): ContentLanguage {
    return contentLanguageOf(market.locale);
  }

  // ---------------------------------------------------------------------------------------------
  // Pages

  /** Every page of a content language, in publication order (small reference data). */
  private pages(language: ContentLanguage): Promise<PageRow[]> {
    return this.cached(`pages|${language}`, () => listPages(this.db, this.brand, language));
  }

  /** Published in the market: every market, unless the page names its countries. */
  isPublishedIn(page: Pick<PageRow, 'countries'>, country: string): boolean {
    return !page.countries || page.countries.includes(country);
  }

  /** The market's variant of a page by content id, global id or URL slug; undefined when not published there. */
  async findPage(
    market: Market,
    q: { pageId?: string | undefined; globalPageId?: string | undefined; url?: string | undefined },
  ): Promise<PageRow | undefined> {
    const pages = await this.pages(this.languageOf(market));
    const found = q.globalPageId
      ? pages.find((p) => p.global_page_id === q.globalPageId)
      : q.url !== undefined
        ? pages.find((p) => p.page_url === q.url)
        : (pages.find((p) => p.cms_page_id === q.pageId || p.global_page_id === q.pageId) ??
          pages.find((p) => p.page_url !== '/' && p.page_url.split('/').pop() === q.pageId));
    return found && this.isPublishedIn(found, market.country) ? found : undefined;
  }

  /** Pages of the house in a language (for listings such as the calendars or the legal side navigation). */
  async pagesOf(market: Market, filter: (p: PageRow) => boolean): Promise<PageRow[]> {
    return (await this.pages(this.languageOf(market))).filter(
      (p) => this.isPublishedIn(p, market.country) && filter(p),
    );
  }

  /** Countries a page is published in (null: every market), for its hreflang alternates. */
  async countriesOfPage(globalPageId: string): Promise<string[] | null> {
    const page = (await this.pages('en')).find((p) => p.global_page_id === globalPageId);
    return page?.countries ?? null;
  }

  /** `getContentPage`: the page with its components visible with `tags`; ERR_PAGE_1000 when missing. */
  page(market: Market, q: PageQuery): Promise<ContentPage> {
    const key = [
      'page',
      market.locale,
      q.pageId,
      q.globalPageId ?? '',
      q.parentPageId ?? '',
      q.navigationLinksPrefix ?? '',
      [...q.tags].sort().join(','),
    ].join('|');
    return this.cached(key, async () => {
      const row = await this.findPage(market, q);
      if (!row || (q.parentPageId !== undefined && row.parent_page_id !== q.parentPageId)) {
        throw new AppError('ERR_PAGE_1000', `No page ${q.globalPageId ?? q.pageId} in ${market.locale}.`);
      }
      return this.buildPage(market, row, q.tags, q.navigationLinksPrefix);
    });
  }

  /** The page at a site URL (`/cp/the-house`), public view; null when there is none in the market. */
  pageAt(market: Market, url: string, navigationLinksPrefix?: string | null): Promise<ContentPage | null> {
    return this.cached(`url|${market.locale}|${url}|${navigationLinksPrefix ?? ''}`, async () => {
      const row = await this.findPage(market, { url });
      return row ? this.buildPage(market, row, PUBLIC_CONTEXT_TAGS, navigationLinksPrefix ?? undefined) : null;
    });
  }

  private async buildPage(
    market: Market,
    row: PageRow,
    tags: readonly string[],
    navigationLinksPrefix?: string,
  ): Promise<ContentPage> {
    const pages = await this.pages(this.languageOf(market));
    const byGlobal = new Map(pages.map((p) => [p.global_page_id, p]));
    const chain: PageRow[] = [];
    for (
      let cur: PageRow | undefined = row;
      cur && chain.length < 10 && !chain.includes(cur);
      cur = cur.parent_page_id ? byGlobal.get(cur.parent_page_id) : undefined
    ) {
      chain.unshift(cur);
    }
    const page: ContentPage = {
      cmsPageId: row.cms_page_id,
      globalPageId: row.global_page_id,
      parentPageId: row.parent_page_id,
      pageNavigationLinksPrefix: row.navigation_links_prefix,
      pageUrl: row.page_url,
      category: row.category as ContentPage['category'],
      title: row.title,
      metaTitle: row.meta_title,
      metaDescription: row.meta_description,
      breadcrumbs: chain.map((p) => ({ name: p.navigation_label, url: p.page_url })),
      tags: row.tags,
      backgroundColor: row.background_color,
      isRd: row.is_rd,
      components: await this.components(market, await ownerComponents(this.db, this.brand, row.cms_page_id), tags),
    };
    if (navigationLinksPrefix) {
      page.navigationLinks = pages
        .filter(
          (p) =>
            this.isPublishedIn(p, market.country) &&
            (p.page_url === navigationLinksPrefix || p.page_url.startsWith(`${navigationLinksPrefix}/`)),
        )
        .map((p) => ({ kind: 'internal' as const, label: p.navigation_label, href: p.page_url }));
    }
    return page;
  }

  // ---------------------------------------------------------------------------------------------
  // Components

  /**
   * Rows → contract components, depth first (a container before its children), leaving out the ones
   * restricted to other context tags together with everything nested in them; product islands priced
   * for the market.
   */
  private async components(
    market: Market,
    rows: ComponentRow[],
    tags: readonly string[],
    rootId?: string,
  ): Promise<CmsComponent[]> {
    const children = new Map<string | null, ComponentRow[]>();
    for (const r of rows) {
      const list = children.get(r.parent_id) ?? [];
      list.push(r);
      children.set(r.parent_id, list);
    }
    const ordered: ComponentRow[] = [];
    const visit = (r: ComponentRow, depth: number) => {
      if (depth > 20 || !visibleWith(tags, r.context_tags)) return;
      ordered.push(r);
      for (const c of (children.get(r.id) ?? []).sort((a, b) => a.position - b.position)) visit(c, depth + 1);
    };
    const roots = rootId
      ? rows.filter((r) => r.id === rootId)
      : (children.get(null) ?? []).sort((a, b) => a.position - b.position);
    for (const r of roots) visit(r, 0);
    return Promise.all(ordered.map((r) => this.toComponent(market, r)));
  }

  private async toComponent(market: Market, r: ComponentRow): Promise<CmsComponent> {
    const c = { id: r.id, type: r.type, parentId: r.parent_id, position: r.position, ...r.data } as Record<
      string,
      unknown
    >;
    if (r.context_tags.length) c.contextTags = r.context_tags;
    if (r.type === 'product-island') c.products = await this.tiles(market, (c.pids as string[] | undefined) ?? []);
    return c as CmsComponent;
  }

  /** Product tiles of some pids for a market, in that order; products the market does not sell are left out. */
  async tiles(market: Market, pids: string[]): Promise<Schemas['ProductTile'][]> {
    const rows = await tileRowsByPids(this.db, this.brand, pids, market.language, market.currency);
    return rows.map((row) => this.catalog.tile(row, market));
  }

  /** When each page URL's publication last changed, and the whole publication's. */
  versions(): Promise<{ pages: Map<string, Date>; publication: Date | null }> {
    return this.cached('versions', () => contentVersions(this.db, this.brand));
  }

  /** Number of "rive droite" products per category id (the boutique's own navigation). */
  rdCounts(): Promise<Map<string, number>> {
    return this.cached('rd-counts', () => rdCategoryCounts(this.db, this.brand));
  }

  /** One page of the "rive droite" products of some categories, as tiles priced for the market. */
  async rdTiles(
    market: Market,
    q: { categoryIds: string[]; sort: RdSort; limit: number; offset: number },
  ): Promise<{ total: number; tiles: Schemas['ProductTile'][] }> {
    const { total, rows } = await rdListing(this.db, {
      brand: this.brand,
      language: market.language,
      currency: market.currency,
      ...q,
    });
    return { total, tiles: rows.map((r) => this.catalog.tile(r, market)) };
  }

  /** `getCmsComponent`: a component and everything nested in it; ERR_CTT_API_1005 when missing or not visible. */
  component(market: Market, componentId: string, tags: readonly string[]): Promise<Schemas['CmsComponentList']> {
    return this.cached(`cpn|${market.locale}|${componentId}|${[...tags].sort().join(',')}`, async () => {
      const language = this.languageOf(market);
      const owner = await findComponentOwner(this.db, this.brand, language, componentId);
      const page =
        owner && !owner.startsWith('layout--') && !owner.startsWith('generic--')
          ? (await this.pages(language)).find((p) => p.cms_page_id === owner)
          : undefined;
      if (!owner || (page && !this.isPublishedIn(page, market.country))) {
        throw new AppError('ERR_CTT_API_1005', `No component ${componentId} in ${market.locale}.`);
      }
      const components = await this.components(
        market,
        await ownerComponents(this.db, this.brand, owner),
        tags,
        componentId,
      );
      if (components.length === 0)
        throw new AppError('ERR_CTT_API_1005', `Component ${componentId} is not shown with these context tags.`);
      return { componentId, components };
    });
  }

  /** Header, footer and info banner of the market (public view); undefined when the content has no layout. */
  layout(market: Market): Promise<Schemas['PageLayout'] | undefined> {
    return this.cached(`layout|${market.locale}`, async () => {
      const rows = await ownerComponents(this.db, this.brand, `layout--${this.languageOf(market)}`);
      const all = await this.components(market, rows, PUBLIC_CONTEXT_TAGS);
      const header = all.find((c) => c.type === 'header') as Schemas['CmsHeaderComponent'] | undefined;
      const footer = all.find((c) => c.type === 'footer') as Schemas['CmsFooterComponent'] | undefined;
      const infoBanner =
        (all.find((c) => c.type === 'info-banner') as Schemas['CmsInfoBannerComponent'] | undefined) ?? null;
      return header && footer ? { header, footer, infoBanner } : undefined;
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Generic content and FAQ

  generic(market: Market, contentId: string): Promise<Schemas['GenericContent']> {
    return this.cached(`gen|${market.locale}|${contentId}`, async () => {
      const language = this.languageOf(market);
      const row = await findGeneric(this.db, this.brand, language, contentId);
      if (!row) throw new AppError('ERR_CTT_API_1005', `No content ${contentId} in ${market.locale}.`);
      const rows = await ownerComponents(this.db, this.brand, `generic--${contentId}--${language}`);
      return {
        contentId,
        title: row.title,
        html: row.html,
        components: await this.components(market, rows, PUBLIC_CONTEXT_TAGS),
      };
    });
  }

  accordions(market: Market, tagSubjectId: string): Promise<Schemas['CmsAccordionList']> {
    return this.cached(`acc|${market.locale}|${tagSubjectId}`, async () => {
      const language = this.languageOf(market);
      const pages = await this.pages(language);
      const rows = (await accordionsOfSubject(this.db, this.brand, language, tagSubjectId)).filter((r) => {
        const page = pages.find((p) => p.cms_page_id === r.owner_id);
        return visibleWith(PUBLIC_CONTEXT_TAGS, r.context_tags) && (!page || this.isPublishedIn(page, market.country));
      });
      // The same subject may be answered on several pages (FAQ, client service): each accordion once.
      const seen = new Set<string>();
      const unique = rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
      if (unique.length === 0)
        throw new AppError('ERR_CTT_API_1002', `No FAQ for ${tagSubjectId} in ${market.locale}.`);
      const accordions = (await Promise.all(
        unique.map((r) => this.toComponent(market, r)),
      )) as Schemas['CmsAccordionComponent'][];
      return { tagSubjectId, accordions };
    });
  }

  // ---------------------------------------------------------------------------------------------
  // "Rive droite" events

  private eventData(market: Market) {
    return this.cached(`events|${market.locale}`, () => listEvents(this.db, this.brand, this.languageOf(market)));
  }

  /** Calendar slug → event type: `exhibitions` shows the events of type `exhibition`. */
  private calendarOf(slug: string, types: Set<string>): string | undefined {
    if (types.has(slug)) return slug;
    if (types.has(singular(slug))) return singular(slug);
    return undefined;
  }

  /** The calendar page (slug) of an event type: the calendar page that shows it, else the plural. */
  private async calendarSlugs(market: Market, types: Set<string>): Promise<Map<string, string>> {
    const calendars = await this.pagesOf(market, (p) => p.page_url.startsWith('/rive-droite/calendar/'));
    const map = new Map<string, string>();
    for (const p of calendars) {
      const slug = p.page_url.slice('/rive-droite/calendar/'.length);
      const type = this.calendarOf(slug, types);
      if (type && !map.has(type)) map.set(type, slug);
    }
    for (const t of types) if (!map.has(t)) map.set(t, `${t}s`);
    return map;
  }

  /**
   * Events as calendar cards: running first, then soonest first; with `includePast`, the events that
   * have ended follow, most recent first.
   */
  private async cards(
    market: Market,
    now: Date,
    includePast = false,
  ): Promise<{ cards: (Schemas['CalendarCard'] & { _row: EventRow })[]; types: Set<string> }> {
    const { events, themes, locations } = await this.eventData(market);
    const types = new Set(events.map((e) => e.event_type));
    const slugs = await this.calendarSlugs(market, types);
    const themeById = new Map(themes.map((t) => [t.id, t]));
    const locationById = new Map(locations.map((l) => [l.id, l]));
    const t = now.getTime();
    const live = events.filter((e) => new Date(e.end_at).getTime() > t);
    const isCurrent = (e: EventRow) => new Date(e.start_at).getTime() <= t && new Date(e.end_at).getTime() > t;
    const past = includePast
      ? events
          .filter((e) => new Date(e.end_at).getTime() <= t)
          .sort((a, b) => new Date(b.end_at).getTime() - new Date(a.end_at).getTime())
      : [];
    const sorted = [...live.filter(isCurrent), ...live.filter((e) => !isCurrent(e)), ...past];
    const cards = sorted.map((e, i) => {
      const theme = themeById.get(e.theme_id);
      const location = locationById.get(e.location_id);
      const card: Schemas['CalendarCard'] & { _row: EventRow } = {
        id: e.id,
        slug: e.slug,
        title: e.title,
        summary: e.summary,
        theme: { id: e.theme_id, label: theme?.label ?? e.theme_id },
        location: {
          id: e.location_id,
          label: location?.label ?? e.location_id,
          city: location?.city ?? '',
          address: location?.address ?? '',
        },
        startDate: new Date(e.start_at).toISOString(),
        endDate: new Date(e.end_at).toISOString(),
        image: { width: 1600, height: 900, ...e.image },
        url: `/rive-droite/calendar/${slugs.get(e.event_type) ?? e.event_type}#${e.slug}`,
        isCurrent: isCurrent(e),
        eventType: e.event_type,
        booking: (e.booking as Schemas['CmsLink'] | null) ?? null,
        position: i + 1,
        featured: e.featured,
        _row: e,
      };
      return card;
    });
    return { cards, types };
  }

  /** The event type a calendar slug shows, or undefined when there is no such calendar in the market. */
  async calendarType(market: Market, slug: string): Promise<string | undefined> {
    const { events } = await this.eventData(market);
    const type = this.calendarOf(slug, new Set(events.map((e) => e.event_type)));
    if (type) return type;
    const page = await this.findPage(market, { url: `/rive-droite/calendar/${slug}` });
    return page && /^[a-z0-9-]{1,40}$/.test(singular(slug)) ? singular(slug) : undefined;
  }

  /**
   * Events of a calendar (every calendar without `eventType`) with the theme and location filters;
   * each filter value counts the events it would leave with the other filter applied.
   */
  async calendar(market: Market, q: EventQuery, now = new Date()) {
    const language = this.languageOf(market);
    const { themes, locations } = await this.eventData(market);
    const { cards: all } = await this.cards(market, now, q.includePast === true);
    const inScope = all.filter((c) => !q.eventType || c.eventType === q.eventType);
    const themeOk = (c: (typeof all)[number]) => !q.themes?.length || q.themes.includes(c.theme.id);
    const locationOk = (c: (typeof all)[number]) => !q.locations?.length || q.locations.includes(c.location.id);
    const matching = inScope
      .filter((c) => themeOk(c) && locationOk(c))
      .map(({ _row, ...card }, i) => ({ ...card, position: i + 1 }));
    const facet = (
      key: 'eventTheme' | 'eventLocation',
      urlName: 'themes' | 'locations',
      options: { id: string; label: string }[],
      selected: string[] | undefined,
      idOf: (c: (typeof all)[number]) => string,
      other: (c: (typeof all)[number]) => boolean,
    ): Filter => ({
      key,
      urlName,
      label: FILTER_LABELS[language][urlName],
      selectionType: 'multiple',
      values: options
        .filter((o) => inScope.some((c) => idOf(c) === o.id))
        .map((o) => ({
          value: o.id,
          label: o.label,
          count: inScope.filter((c) => idOf(c) === o.id && other(c)).length,
          selected: selected?.includes(o.id) ?? false,
        })),
    });
    const filters = [
      facet('eventTheme', 'themes', themes, q.themes, (c) => c.theme.id, locationOk),
      facet('eventLocation', 'locations', locations, q.locations, (c) => c.location.id, themeOk),
    ];
    return {
      cards: matching,
      hasCurrentEvents: inScope.some((c) => c.isCurrent),
      filters,
      appliedFilters: filterString(q),
    };
  }

  /** `getEvents`. */
  events(market: Market, q: EventQuery & { page?: number | undefined }): Promise<Schemas['EventList']> {
    const key = [
      'ev',
      market.locale,
      q.eventType ?? '',
      q.themes?.join(',') ?? '',
      q.locations?.join(',') ?? '',
      q.page ?? 1,
    ].join('|');
    return this.cached(key, async () => {
      const c = await this.calendar(market, q);
      const page = q.page ?? 1;
      const events: EventDto[] = c.cards
        .slice((page - 1) * EVENT_PAGE_SIZE, page * EVENT_PAGE_SIZE)
        .map(({ position: _p, featured: _f, ...e }) => e);
      return {
        market: toMarketDto(market),
        events,
        total: c.cards.length,
        hasCurrentEvents: c.hasCurrentEvents,
        eventType: q.eventType ?? null,
        filters: c.filters,
      };
    });
  }

  /** Running and next events of every calendar, soonest first (the boutique's home). */
  async upcoming(
    market: Market,
    count: number,
  ): Promise<{ cards: Schemas['CalendarCard'][]; hasCurrentEvents: boolean }> {
    const c = await this.calendar(market, {});
    return { cards: c.cards.slice(0, count), hasCurrentEvents: c.hasCurrentEvents };
  }
}
