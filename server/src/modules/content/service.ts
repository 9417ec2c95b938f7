// The content's door: one service over its use cases — pages-and-components.ts (pages, components, layout,
// generic content, FAQ) and events.ts (the "rive droite" calendars) — which share content-kit.ts.
import type { ContentLanguage } from '../../../../reference/content-language.ts';
import type { DB } from '../../db/database.ts';
import type { Schemas } from '../../shared/http.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { Market } from '../markets/index.ts';
import type { PageRow, RdSort } from './repository.ts';
import { ContentKit } from './content-kit.ts';
import { accordions, component, generic, layout, page, pageAt, type PageQuery } from './pages-and-components.ts';
import { calendar, calendarType, events, upcoming, type EventQuery } from './events.ts';

/**
 * The headless content service, served from the content tables (seeded from fixtures/content at every
 * start): pages, components, generic content, FAQ accordions and "rive droite" events, localised for the
 * market's content language. Product islands are priced per market when read. Answers are the same for
 * every visitor of a market with the same context tags: cached for CACHE_TTL_SECONDS.
 */
export class ContentService {
  private readonly kit: ContentKit;
  readonly brand: string;
  constructor(db: DB, catalog: CatalogService, brand: string, cacheTtlMs = 0) {
    this.kit = new ContentKit(db, catalog, brand, cacheTtlMs);
    this.brand = brand;
  }

  /** Empties the cache, or the entries of some keys / locales; answers how many entries were removed. */
  bust(filter?: { keys?: string[] | undefined; locales?: string[] | undefined }): number {
    return this.kit.bust(filter);
  }

  clear(): void {
    this.kit.clear();
  }

  languageOf(market: Market): ContentLanguage {
    return this.kit.languageOf(market);
  }

  // --- pages -------------------------------------------------------------------------------------

  /** Published in the market: every market, unless the page names its countries. */
  isPublishedIn(row: Pick<PageRow, 'countries'>, country: string): boolean {
    return this.kit.isPublishedIn(row, country);
  }

  /** The market's variant of a page by content id, global id or URL slug; undefined when not published there. */
  findPage(
    market: Market,
    q: { pageId?: string | undefined; globalPageId?: string | undefined; url?: string | undefined },
  ): Promise<PageRow | undefined> {
    return this.kit.findPage(market, q);
  }

  /** Pages of the house in a language (for listings such as the calendars or the legal side navigation). */
  pagesOf(market: Market, filter: (p: PageRow) => boolean): Promise<PageRow[]> {
    return this.kit.pagesOf(market, filter);
  }

  /** Countries a page is published in (null: every market), for its hreflang alternates. */
  countriesOfPage(globalPageId: string): Promise<string[] | null> {
    return this.kit.countriesOfPage(globalPageId);
  }

  /** `getContentPage`: the page with its components visible with `tags`; ERR_PAGE_1000 when missing. */
  page(market: Market, q: PageQuery): Promise<Schemas['ContentPage']> {
    return page(this.kit, market, q);
  }

  /** The page at a site URL (`/cp/the-house`), public view; null when there is none in the market. */
  pageAt(market: Market, url: string, navigationLinksPrefix?: string | null): Promise<Schemas['ContentPage'] | null> {
    return pageAt(this.kit, market, url, navigationLinksPrefix);
  }

  // --- components and products -------------------------------------------------------------------

  /** Product tiles of some pids for a market, in that order; products the market does not sell are left out. */
  tiles(market: Market, pids: string[]): Promise<Schemas['ProductTile'][]> {
    return this.kit.tiles(market, pids);
  }

  /** When each page URL's publication last changed, and the whole publication's. */
  versions(): Promise<{ pages: Map<string, Date>; publication: Date | null }> {
    return this.kit.versions();
  }

  /** Number of "rive droite" products per category id (the boutique's own navigation). */
  rdCounts(): Promise<Map<string, number>> {
    return this.kit.rdCounts();
  }

  /** One page of the "rive droite" products of some categories, as tiles priced for the market. */
  rdTiles(
    market: Market,
    q: { categoryIds: string[]; sort: RdSort; limit: number; offset: number },
  ): Promise<{ total: number; tiles: Schemas['ProductTile'][] }> {
    return this.kit.rdTiles(market, q);
  }

  /** `getCmsComponent`: a component and everything nested in it; ERR_CTT_API_1005 when missing or not visible. */
  component(market: Market, componentId: string, tags: readonly string[]): Promise<Schemas['CmsComponentList']> {
    return component(this.kit, market, componentId, tags);
  }

  /** Header, footer and info banner of the market (public view); undefined when the content has no layout. */
  layout(market: Market): Promise<Schemas['PageLayout'] | undefined> {
    return layout(this.kit, market);
  }

  // --- generic content and FAQ -------------------------------------------------------------------

  generic(market: Market, contentId: string): Promise<Schemas['GenericContent']> {
    return generic(this.kit, market, contentId);
  }

  accordions(market: Market, tagSubjectId: string): Promise<Schemas['CmsAccordionList']> {
    return accordions(this.kit, market, tagSubjectId);
  }

  // --- "rive droite" events ----------------------------------------------------------------------

  /** The event type a calendar slug shows, or undefined when there is no such calendar in the market. */
  calendarType(market: Market, slug: string): Promise<string | undefined> {
    return calendarType(this.kit, market, slug);
  }

  /** A calendar's cards and filters (events.ts). */
  calendar(market: Market, q: EventQuery, now = new Date()): ReturnType<typeof calendar> {
    return calendar(this.kit, market, q, now);
  }

  /** `getEvents`. */
  events(market: Market, q: EventQuery & { page?: number | undefined }): Promise<Schemas['EventList']> {
    return events(this.kit, market, q);
  }

  /** Running and next events of every calendar, soonest first (the boutique's home). */
  upcoming(market: Market, count: number): Promise<{ cards: Schemas['CalendarCard'][]; hasCurrentEvents: boolean }> {
    return upcoming(this.kit, market, count);
  }
}
