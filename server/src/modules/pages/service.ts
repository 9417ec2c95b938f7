// The storefront's page data: one façade over the use-case files, so that SSR, the routes and the other modules
// keep one service to call. What each page holds is built in catalogue-pages.ts, content-pages.ts,
// rive-droite-pages.ts and collection-pages.ts, from the sources and the head in page-kit.ts.
import type { Schemas } from '../../shared/http.ts';
import type { CacheHold } from '../../shared/ttl-cache.ts';
import type { Market } from '../markets/index.ts';
import { PageKit, type Envelope, type PageSources } from './page-kit.ts';
import { categoryPage, homePage, notFoundPage, productPage, searchPage } from './catalogue-pages.ts';
import { catchAllPage, clientServicePage, contentPage, faqPage, legalPage, marketingPage } from './content-pages.ts';
import {
  riveDroiteCalendarPage,
  riveDroiteCategoryPage,
  riveDroiteContentPage,
  riveDroitePage,
} from './rive-droite-pages.ts';
import {
  collectionItemsPage,
  collectionLooksPage,
  collectionPage,
  collectionsLandingPage,
  lookPage,
} from './collection-pages.ts';

/** Everything each server-rendered page needs, in one response; SSR calls this in-process. */
export class PageDataService {
  private readonly kit: PageKit;
  constructor(sources: PageSources) {
    this.kit = new PageKit(sources);
  }

  get brandName(): string {
    return this.kit.brandName;
  }

  /** Called after every bust: pages rendered from the busted data (the SSR cache) go too. */
  onBust(listener: () => void): void {
    this.kit.onBust(listener);
  }

  /** A hold on the fresh page-data cache entry that gave `data` (the ready answers live as long as it). */
  holdOn(data: unknown): CacheHold | undefined {
    return this.kit.holdOn(data);
  }

  /** Empties the page-data cache, or the entries of some keys / locales (keys are `kind|locale|...`). */
  bust(filter?: { keys?: string[] | undefined; locales?: string[] | undefined }): number {
    return this.kit.bust(filter);
  }

  /** Site-relative URL of a page in a locale: en-us has no prefix (spec §2). */
  localizedPath(locale: string, path: string): string {
    return this.kit.localizedPath(locale, path);
  }

  /** The envelope of a page another module builds (contact): market, navigation, layout, with its own head. */
  shell<T extends Schemas['PageType']>(pageType: T, market: Market, meta: Schemas['PageMeta']): Promise<Envelope<T>> {
    return this.kit.shell(pageType, market, meta);
  }

  /**
   * The envelope of a private or utility page (account area, sign-in, sign-up): canonical to itself,
   * never indexed, no alternates (their content is not the same in every market).
   */
  privateShell<T extends Schemas['PageType']>(
    pageType: T,
    market: Market,
    path: string,
    title: string,
  ): Promise<Envelope<T>> {
    return this.kit.privateShell(pageType, market, path, title);
  }

  // --- the catalogue ------------------------------------------------------------------------------

  home(market: Market): Promise<Schemas['HomePageData']> {
    return homePage(this.kit, market);
  }

  category(
    market: Market,
    slug: string,
    sort: unknown,
    page: number | undefined,
    filters?: string,
  ): Promise<Schemas['CategoryPageData']> {
    return categoryPage(this.kit, market, slug, sort, page, filters);
  }

  product(market: Market, pid: string): Promise<Schemas['ProductPageData']> {
    return productPage(this.kit, market, pid);
  }

  /**
   * `/search`: with `q`, one page of results (never cached: the query space is open-ended, and the
   * search is indexed); without, the market's trending searches. Result pages are not indexed.
   */
  searchPage(
    market: Market,
    input: { q?: string | undefined; filters?: string | undefined; sort?: unknown; page?: number | undefined },
  ): Promise<Schemas['SearchPageData']> {
    return searchPage(this.kit, market, input);
  }

  notFound(market: Market): Promise<Schemas['NotFoundPageData']> {
    return notFoundPage(this.kit, market);
  }

  // --- content pages ------------------------------------------------------------------------------

  /** `/cp/{slug}`. */
  contentPage(market: Market, slug: string): Promise<Schemas['ContentPageData']> {
    return contentPage(this.kit, market, slug);
  }

  /** `/legal/{slug}`, with the other legal pages as side navigation. */
  legal(market: Market, slug: string): Promise<Schemas['ContentPageData']> {
    return legalPage(this.kit, market, slug);
  }

  /** `/{slug}` (catch-all). */
  catchAll(market: Market, slug: string): Promise<Schemas['ContentPageData']> {
    return catchAllPage(this.kit, market, slug);
  }

  faq(market: Market): Promise<Schemas['FaqPageData']> {
    return faqPage(this.kit, market);
  }

  clientService(market: Market): Promise<Schemas['ClientServicePageData']> {
    return clientServicePage(this.kit, market);
  }

  /** `/marketing?cid=&cat=&pid=`: unknown `cat` or `pid` are null, not errors (campaign links outlive products). */
  marketing(
    market: Market,
    cid: string,
    cat: string | undefined,
    pid: string | undefined,
  ): Promise<Schemas['MarketingPageData']> {
    return marketingPage(this.kit, market, cid, cat, pid);
  }

  // --- "rive droite" ------------------------------------------------------------------------------

  riveDroite(market: Market): Promise<Schemas['RiveDroitePageData']> {
    return riveDroitePage(this.kit, market);
  }

  riveDroiteContent(market: Market, slug: string): Promise<Schemas['ContentPageData']> {
    return riveDroiteContentPage(this.kit, market, slug);
  }

  riveDroiteCategory(
    market: Market,
    slug: string,
    sortInput: unknown,
    pageInput: number | undefined,
  ): Promise<Schemas['RiveDroiteCategoryPageData']> {
    return riveDroiteCategoryPage(this.kit, market, slug, sortInput, pageInput);
  }

  riveDroiteCalendar(
    market: Market,
    slug: string,
    themes: string[] | undefined,
    locations: string[] | undefined,
  ): Promise<Schemas['RiveDroiteCalendarPageData']> {
    return riveDroiteCalendarPage(this.kit, market, slug, themes, locations);
  }

  // --- collections and looks ----------------------------------------------------------------------

  collectionsLanding(market: Market): Promise<Schemas['CollectionsPageData']> {
    return collectionsLandingPage(this.kit, market);
  }

  collection(market: Market, slug: string): Promise<Schemas['CollectionPageData']> {
    return collectionPage(this.kit, market, slug);
  }

  collectionItems(
    market: Market,
    slug: string,
    sortInput: unknown,
    page: number | undefined,
  ): Promise<Schemas['CollectionItemsPageData']> {
    return collectionItemsPage(this.kit, market, slug, sortInput, page);
  }

  collectionLooks(market: Market, slug: string, page: number | undefined): Promise<Schemas['CollectionLooksPageData']> {
    return collectionLooksPage(this.kit, market, slug, page);
  }

  look(market: Market, slug: string): Promise<Schemas['LookPageData']> {
    return lookPage(this.kit, market, slug);
  }
}
