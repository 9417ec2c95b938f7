import { houseOf } from '../../../../reference/houses.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { normalizeSort, DEFAULT_PAGE_SIZE, type CatalogService } from '../catalog/index.ts';
import type { Market, MarketService } from '../markets/index.ts';
import { DEFAULT_LOCALE, toMarketDto } from '../markets/index.ts';
import type { ContentService, PageRow } from '../content/index.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import { contactChannels } from './contact-channels.ts';
import type { CollectionService } from '../collections/index.ts';
import type { ProductDataService } from '../products/index.ts';
import type { SearchService } from '../search/index.ts';

type ContentPage = Schemas['ContentPage'];
type NavItem = Schemas['CategoryNavItem'];
/** The envelope of a page of one type: what every page's data starts from, its `pageType` the constant its schema names. */
export type Envelope<T extends Schemas['PageType']> = Omit<Schemas['PageEnvelope'], 'pageType'> & { pageType: T };

/** Shell of a page from its content tags (spec §2 and §4). */
export function shellOf(
  tags: readonly { id: string }[] | undefined,
  rd = false,
): { theme: 'light' | 'dark'; layoutVariant: 'default' | 'rive-droite' } {
  const ids = new Set((tags ?? []).map((t) => t.id));
  return {
    theme: ids.has('theme-dark') ? 'dark' : 'light',
    layoutVariant: rd || ids.has('rive-droite') ? 'rive-droite' : 'default',
  };
}

/** Everything each server-rendered page needs, in one response; SSR calls this in-process. */
export class PageDataService {
  readonly brandName: string;
  // Page data is public and the same for every visitor of a market: cached briefly (CACHE_TTL_SECONDS).
  private readonly cache: TtlCache<unknown>;
  constructor(
    private readonly catalog: CatalogService,
    private readonly markets: MarketService,
    private readonly origin: string,
    private readonly brand: string,
    cacheTtlMs: number,
    private readonly content: ContentService,
    private readonly collections?: CollectionService,
  ) {
    this.brandName = houseOf(brand).name;
    this.cache = new TtlCache(cacheTtlMs, undefined, 'page-data');
  }

  private cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.cache.get(key, compute) as Promise<T>;
  }

  /** Empties the page-data cache, or the entries of some keys / locales (keys are `kind|locale|...`). */
  private readonly bustListeners: (() => void)[] = [];

  /** Called after every bust: pages rendered from the busted data (the SSR cache) go too. */
  onBust(listener: () => void): void {
    this.bustListeners.push(listener);
  }

  bust(filter?: { keys?: string[] | undefined; locales?: string[] | undefined }): number {
    for (const listener of this.bustListeners) listener();
    const { keys, locales } = filter ?? {};
    if (!keys?.length && !locales?.length) {
      const n = this.cache.size;
      this.cache.clear();
      return n;
    }
    return this.cache.deleteWhere(
      (k) => (keys?.includes(k) ?? false) || (locales?.some((l) => k.split('|')[1] === l) ?? false),
    );
  }

  /** Site-relative URL of a page in a locale: en-us has no prefix (spec §2). */
  localizedPath(locale: string, path: string): string {
    if (locale === DEFAULT_LOCALE) return path;
    return path === '/' ? `/${locale}/` : `/${locale}${path}`;
  }

  /**
   * Head of a page: canonical in the market's locale, hreflang alternates in every locale where the
   * page exists (`countries`: the countries it is published in; null = every market).
   */
  /** `pathIn(language)`: the page's path in another language when it differs (product URLs, spec §2). */
  private meta(
    market: Market,
    path: string,
    title: string,
    description: string,
    robots = 'index, follow',
    countries: string[] | null = null,
    pathIn?: (language: string) => string,
  ): Schemas['PageMeta'] {
    const published = (country: string) => !countries || countries.includes(country);
    const alternates = this.markets
      .countries()
      .filter((c) => !c.urlOverride && published(c.country))
      .flatMap((c) => c.locales)
      .map((l) => ({ hreflang: l, href: this.origin + this.localizedPath(l, pathIn ? pathIn(l.slice(0, 2)) : path) }));
    if (published('US')) alternates.push({ hreflang: 'x-default', href: this.origin + (pathIn ? pathIn('en') : path) });
    return { title, description, canonical: this.origin + this.localizedPath(market.locale, path), robots, alternates };
  }

  private async envelope<T extends Schemas['PageType']>(
    pageType: T,
    market: Market,
    meta: Schemas['PageMeta'],
    shell: ReturnType<typeof shellOf> = shellOf(undefined),
  ): Promise<Envelope<T>> {
    const layout = await this.content.layout(market);
    return {
      pageType,
      market: toMarketDto(market),
      meta,
      navigation: this.catalog.navigation(market),
      ...(layout ? { layout } : {}),
      ...shell,
    };
  }

  /** The envelope of a page another module builds (contact): market, navigation, layout, with its own head. */
  shell<T extends Schemas['PageType']>(pageType: T, market: Market, meta: Schemas['PageMeta']): Promise<Envelope<T>> {
    return this.envelope(pageType, market, meta);
  }

  /**
   * The envelope of a private or utility page (account area, sign-in, sign-up): canonical to itself,
   * never indexed, no alternates (their content is not the same in every market).
   */
  async privateShell<T extends Schemas['PageType']>(
    pageType: T,
    market: Market,
    path: string,
    title: string,
  ): Promise<Envelope<T>> {
    const meta: Schemas['PageMeta'] = {
      title: `${title} | ${this.brandName}`,
      description: '',
      canonical: this.origin + this.localizedPath(market.locale, path),
      robots: 'noindex, nofollow',
      alternates: [],
    };
    return this.envelope(pageType, market, meta);
  }

  /** Meta of a content page: its own title and description, alternates where it is published. */
  private contentMeta(
    market: Market,
    page: ContentPage,
    row: Pick<PageRow, 'countries'> | null,
    robots = 'index, follow',
    path = page.pageUrl,
  ): Schemas['PageMeta'] {
    const title = page.metaTitle ?? `${page.title} | ${this.brandName}`;
    return this.meta(market, path, title, page.metaDescription ?? '', robots, row?.countries ?? null);
  }

  /** A content page at a site URL, public view, with the row it comes from; ERR_PAGE_1000 when missing. */
  private async contentAt(
    market: Market,
    url: string,
    navigationPrefix?: string,
  ): Promise<{ page: ContentPage; row: PageRow }> {
    const row = await this.content.findPage(market, { url });
    if (!row) throw new AppError('ERR_PAGE_1000', `No page ${url} in ${market.locale}.`);
    const page = await this.content.pageAt(market, url, navigationPrefix ?? row.navigation_links_prefix);
    if (!page) throw new AppError('ERR_PAGE_1000', `No page ${url} in ${market.locale}.`);
    return { page, row };
  }

  /** A page the storefront cannot do without (FAQ, client service, boutique home): its absence is a source failure. */
  private async requiredContentAt(market: Market, url: string): Promise<{ page: ContentPage; row: PageRow }> {
    try {
      return await this.contentAt(market, url);
    } catch (err) {
      if (err instanceof AppError && err.code === 'ERR_PAGE_1000')
        throw new AppError('ERR_DATA_1000', `content: no page ${url} published in ${market.locale}.`);
      throw err;
    }
  }

  // ---------------------------------------------------------------------------------------------

  home(market: Market): Promise<Schemas['HomePageData']> {
    return this.cached(`home|${market.locale}`, () => this.buildHome(market));
  }

  private async buildHome(market: Market): Promise<Schemas['HomePageData']> {
    const featured = this.catalog.featuredCategories(market);
    const first = featured[0];
    const row = await this.content.findPage(market, { url: '/' });
    const content = row ? await this.content.pageAt(market, '/') : null;
    const page: ContentPage = content ?? {
      cmsPageId: `home--${this.content.languageOf(market)}`,
      globalPageId: 'home',
      parentPageId: null,
      pageNavigationLinksPrefix: null,
      pageUrl: '/',
      category: 'custom',
      title: this.brandName,
      metaTitle: null,
      metaDescription: null,
      breadcrumbs: [],
      tags: [],
      backgroundColor: { desktop: '#ffffff', tablet: '#ffffff', mobile: '#ffffff' },
      isRd: false,
      components: [],
    };
    const hero = page.components.find((c) => c.type === 'hero') as Schemas['CmsHeroComponent'] | undefined;
    const tagline = houseOf(this.brand).tagline[this.content.languageOf(market)];
    const heroTitle = hero?.title ?? page.title;
    const title = page.metaTitle ?? `${this.brandName} — ${heroTitle}`;
    const description = page.metaDescription ?? `${this.brandName}, ${tagline}.`;
    return {
      ...(await this.envelope('home', market, this.meta(market, '/', title, description), shellOf(page.tags))),
      content: page,
      hero: {
        title: heroTitle,
        subtitle: hero?.subtitle ?? tagline,
        image: { src: `/media/categories/${first?.id ?? 'home'}.svg?view=2`, alt: heroTitle, width: 1600, height: 900 },
        cta: { name: hero?.links[0]?.label ?? first?.name ?? this.brandName, url: first?.url ?? '/' },
      },
      featuredCategories: featured.map((category) => ({
        category,
        image: { src: `/media/categories/${category.id}.svg`, alt: category.name, width: 600, height: 750 },
      })),
      featuredProducts: await this.catalog.featuredProducts(market, 8),
    };
  }

  category(
    market: Market,
    slug: string,
    sort: unknown,
    page: number | undefined,
    filters?: string,
  ): Promise<Schemas['CategoryPageData']> {
    return this.cached(`ca|${market.locale}|${slug}|${normalizeSort(sort)}|${page ?? 1}|${filters ?? ''}`, () =>
      this.buildCategory(market, slug, sort, page, filters),
    );
  }

  private async buildCategory(
    market: Market,
    slug: string,
    sort: unknown,
    page: number | undefined,
    filters: string | undefined,
  ): Promise<Schemas['CategoryPageData']> {
    const listing = await this.catalog.listing({ slug, market, sort, page, filters });
    const path = `/ca/${slug}`;
    const title = `${listing.breadcrumbs.map((b) => b.name).join(' ')} | ${this.brandName}`;
    const description = `${listing.category.name} — ${this.brandName}. ${listing.totalNrOfProducts} ${listing.breadcrumbs.map((b) => b.name).join(' · ')}.`;
    // Sorted, paginated or filtered variants of a listing are not indexed separately.
    const robots =
      (page ?? 1) > 1 || listing.sort !== 'recommended' || listing.appliedFilters ? 'noindex, follow' : 'index, follow';
    return {
      ...(await this.envelope('category', market, this.meta(market, path, title, description, robots))),
      listing,
    };
  }

  product(market: Market, pid: string): Promise<Schemas['ProductPageData']> {
    return this.cached(`pr|${market.locale}|${pid.toUpperCase()}`, () => this.buildProduct(market, pid));
  }

  private async buildProduct(market: Market, pid: string): Promise<Schemas['ProductPageData']> {
    const found = await this.catalog.product(pid, market);
    const { breadcrumbs, slug } = found;
    // Style, colours, tags and display statuses come from the product-data module when it is wired.
    const product = this.productData ? await this.productData.productPage(found.product, market) : found.product;
    const pathIn = await this.catalog.productPathsByLanguage(product.id, slug);
    const meta = this.meta(
      market,
      product.url,
      `${product.name} | ${this.brandName}`,
      product.description.slice(0, 160),
      'index, follow',
      null,
      pathIn,
    );
    const price = product.price;
    meta.jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      sku: product.id,
      productID: product.id,
      description: product.description,
      color: product.color.name,
      image: product.images.map((i) => this.origin + i.src),
      brand: { '@type': 'Brand', name: this.brandName },
      ...(price
        ? {
            offers: {
              '@type': 'Offer',
              url: meta.canonical,
              priceCurrency: price.currencyCode,
              // Spec §7: the offer price has two decimals.
              price: (price.salePriceValue ?? price.listPriceValue).toFixed(2),
              availability: product.availability.inStock
                ? 'https://schema.org/InStock'
                : 'https://schema.org/OutOfStock',
              itemCondition: 'https://schema.org/NewCondition',
            },
          }
        : {}),
    };
    // Spec §4: the product may mark the page dark — a "rive droite" product is shown in the boutique's
    // dark shell, like the boutique's own pages.
    const shell = product.isRd ? shellOf([{ id: 'theme-dark' }], true) : shellOf(undefined);
    return { ...(await this.envelope('product', market, meta, shell)), product, breadcrumbs };
  }

  private productData?: Pick<ProductDataService, 'productPage'>;

  /** The product page's style, colour and availability data (set once at start). */
  withProductData(productData: Pick<ProductDataService, 'productPage'>): void {
    this.productData = productData;
  }

  private search?: SearchService;

  /** The search page's source (set once at start). */
  withSearch(search: SearchService): void {
    this.search = search;
  }

  /**
   * `/search`: with `q`, one page of results (never cached: the query space is open-ended, and the
   * search is indexed); without, the market's trending searches. Result pages are not indexed.
   */
  async searchPage(
    market: Market,
    input: { q?: string | undefined; filters?: string | undefined; sort?: unknown; page?: number | undefined },
  ): Promise<Schemas['SearchPageData']> {
    const search = this.search;
    if (!search) throw new AppError('ERR_DATA_1000', 'search: no search service.');
    if (input.q === undefined) {
      return this.cached(`search|${market.locale}`, async () => {
        const meta = this.meta(market, '/search', this.brandName, '', 'noindex, follow');
        return {
          ...(await this.envelope('search', market, meta)),
          search: null,
          trending: await search.trending(market),
        };
      });
    }
    const result = await search.search({
      market,
      q: input.q,
      filters: input.filters,
      sort: input.sort,
      page: input.page,
    });
    const meta = this.meta(
      market,
      `/search?${new URLSearchParams({ q: result.query })}`,
      `${result.query} | ${this.brandName}`,
      '',
      'noindex, follow',
    );
    return { ...(await this.envelope('search', market, meta)), search: result, trending: null };
  }

  notFound(market: Market): Promise<Schemas['NotFoundPageData']> {
    return this.cached(`404|${market.locale}`, () =>
      this.envelope('not-found', market, this.meta(market, '/404', `${this.brandName}`, '', 'noindex, follow')),
    );
  }

  // ---------------------------------------------------------------------------------------------
  // Content pages

  /** `/cp/{slug}`. */
  contentPage(market: Market, slug: string): Promise<Schemas['ContentPageData']> {
    return this.cached(`cp|${market.locale}|${slug}`, async () => {
      const { page, row } = await this.contentAt(market, `/cp/${slug}`);
      return {
        ...(await this.envelope('content', market, this.contentMeta(market, page, row), shellOf(page.tags, page.isRd))),
        content: page,
      };
    });
  }

  /** `/legal/{slug}`, with the other legal pages as side navigation. */
  legal(market: Market, slug: string): Promise<Schemas['ContentPageData']> {
    return this.cached(`legal|${market.locale}|${slug}`, async () => {
      const row = await this.content.findPage(market, { url: `/legal/${slug}` });
      const { page } = await this.contentAt(market, `/legal/${slug}`, row?.navigation_links_prefix ?? '/legal');
      return {
        ...(await this.envelope('legal', market, this.contentMeta(market, page, row ?? null), shellOf(page.tags))),
        content: page,
      };
    });
  }

  /** `/{slug}` (catch-all). */
  catchAll(market: Market, slug: string): Promise<Schemas['ContentPageData']> {
    return this.cached(`page|${market.locale}|${slug}`, async () => {
      const { page, row } = await this.contentAt(market, `/${slug}`);
      return {
        ...(await this.envelope('content', market, this.contentMeta(market, page, row), shellOf(page.tags, page.isRd))),
        content: page,
      };
    });
  }

  faq(market: Market): Promise<Schemas['FaqPageData']> {
    return this.cached(`faq|${market.locale}`, async () => {
      const { page, row } = await this.requiredContentAt(market, '/faq');
      const subjects = page.components
        .filter((c): c is Schemas['CmsAccordionComponent'] => c.type === 'accordion' && !!c.tagSubjectId)
        .map((a) => ({ id: a.tagSubjectId as string, label: a.title, questionCount: a.items.length }));
      return {
        ...(await this.envelope('faq', market, this.contentMeta(market, page, row), shellOf(page.tags))),
        content: page,
        subjects,
      };
    });
  }

  clientService(market: Market): Promise<Schemas['ClientServicePageData']> {
    return this.cached(`client-service|${market.locale}`, async () => {
      const { page, row } = await this.requiredContentAt(market, '/client-service');
      return {
        ...(await this.envelope('client-service', market, this.contentMeta(market, page, row), shellOf(page.tags))),
        content: page,
        contactChannels: contactChannels(market.country, this.content.languageOf(market), market.locale),
      };
    });
  }

  /** `/marketing?cid=&cat=&pid=`: unknown `cat` or `pid` are null, not errors (campaign links outlive products). */
  marketing(
    market: Market,
    cid: string,
    cat: string | undefined,
    pid: string | undefined,
  ): Promise<Schemas['MarketingPageData']> {
    return this.cached(`marketing|${market.locale}|${cid}|${cat ?? ''}|${pid?.toUpperCase() ?? ''}`, async () => {
      const row = await this.content.findPage(market, { pageId: cid });
      const content = row ? await this.content.pageAt(market, row.page_url) : null;
      if (!row || !content) throw new AppError('ERR_PAGE_1000', `No campaign ${cid} in ${market.locale}.`);
      let category: NavItem | null = null;
      let products: Schemas['ProductTile'][] = [];
      if (cat) {
        try {
          category = this.catalog.navItem(this.catalog.categoryBySlug(cat), market);
          products = (await this.catalog.listing({ slug: cat, market, pageSize: DEFAULT_PAGE_SIZE + 1 })).products;
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'ERR_CATALOG_1001')) throw err;
        }
      }
      const product = pid ? ((await this.content.tiles(market, [pid.toUpperCase()]))[0] ?? null) : null;
      products = products.filter((p) => p.id !== product?.id).slice(0, DEFAULT_PAGE_SIZE);
      const query = new URLSearchParams({ cid, ...(cat ? { cat } : {}), ...(pid ? { pid } : {}) });
      // Campaign landings are not indexed: their audience arrives from the campaign.
      const meta = this.contentMeta(market, content, row, 'noindex, follow', `/marketing?${query}`);
      return {
        ...(await this.envelope('marketing', market, meta, shellOf(content.tags, content.isRd))),
        campaignId: cid,
        content,
        category,
        product,
        products,
      };
    });
  }

  // ---------------------------------------------------------------------------------------------
  // "Rive droite"

  /** Categories of the boutique: those holding "rive droite" products (directly or below), linked under /rive-droite/ca/. */
  private async rdCategories(market: Market): Promise<{ items: NavItem[]; idsUnder: (id: string) => string[] }> {
    const counts = await this.content.rdCounts();
    const all = this.catalog.navigation(market);
    const idsUnder = (id: string) => {
      const ids = [id];
      for (let i = 0; i < ids.length; i++) for (const c of all) if (c.parentId === ids[i]) ids.push(c.id);
      return ids;
    };
    const items = all
      .filter((c) => idsUnder(c.id).some((id) => (counts.get(id) ?? 0) > 0))
      .map((c) => ({ ...c, url: `/rive-droite/ca/${c.slug}` }));
    return { items, idsUnder };
  }

  riveDroite(market: Market): Promise<Schemas['RiveDroitePageData']> {
    return this.cached(`rd|${market.locale}`, async () => {
      const { page, row } = await this.requiredContentAt(market, '/rive-droite');
      const [{ items }, upcoming] = await Promise.all([this.rdCategories(market), this.content.upcoming(market, 6)]);
      return {
        ...(await this.envelope('rive-droite', market, this.contentMeta(market, page, row), shellOf(page.tags, true))),
        content: page,
        categories: items.filter((c) => c.level <= 2),
        upcomingEvents: upcoming.cards,
        hasCurrentEvents: upcoming.hasCurrentEvents,
      };
    });
  }

  riveDroiteContent(market: Market, slug: string): Promise<Schemas['ContentPageData']> {
    return this.cached(`rd-cp|${market.locale}|${slug}`, async () => {
      const { page, row } = await this.contentAt(market, `/rive-droite/cp/${slug}`);
      return {
        ...(await this.envelope(
          'rive-droite-content',
          market,
          this.contentMeta(market, page, row),
          shellOf(page.tags, true),
        )),
        content: page,
      };
    });
  }

  riveDroiteCategory(
    market: Market,
    slug: string,
    sortInput: unknown,
    pageInput: number | undefined,
  ): Promise<Schemas['RiveDroiteCategoryPageData']> {
    const sort = normalizeSort(sortInput);
    const pageNo = pageInput ?? 1;
    return this.cached(`rd-ca|${market.locale}|${slug}|${sort}|${pageNo}`, async () => {
      const { items, idsUnder } = await this.rdCategories(market);
      const category = items.find((c) => c.slug === slug);
      if (!category) throw new AppError('ERR_CATALOG_1001', `No category "${slug}" in the rive droite boutique.`);
      const pageSize = DEFAULT_PAGE_SIZE;
      const { total, tiles } = await this.content.rdTiles(market, {
        categoryIds: idsUnder(category.id),
        sort,
        limit: pageSize,
        offset: (pageNo - 1) * pageSize,
      });
      const crumbs = this.catalog
        .breadcrumbs(this.catalog.categoryBySlug(slug), market)
        .map((b) => ({ ...b, url: b.url.replace(/^\/ca\//, '/rive-droite/ca/') }));
      const listing: Schemas['CategoryListing'] = {
        market: toMarketDto(market),
        category,
        breadcrumbs: crumbs,
        subCategories: items.filter((c) => c.parentId === category.id),
        products: tiles,
        totalNrOfProducts: total,
        page: pageNo,
        pageSize,
        pageCount: Math.ceil(total / pageSize),
        sort,
      };
      const content = await this.content.pageAt(market, `/rive-droite/ca/${slug}`);
      const row = content ? await this.content.findPage(market, { url: `/rive-droite/ca/${slug}` }) : undefined;
      const robots = pageNo > 1 || sort !== 'recommended' ? 'noindex, follow' : 'index, follow';
      const title = `${crumbs.map((b) => b.name).join(' ')} | ${this.brandName} Rive Droite`;
      const meta = this.meta(
        market,
        `/rive-droite/ca/${slug}`,
        content?.metaTitle ?? title,
        content?.metaDescription ?? `${category.name} — ${this.brandName} Rive Droite.`,
        robots,
        row?.countries ?? null,
      );
      return {
        ...(await this.envelope('rive-droite-category', market, meta, shellOf(content?.tags, true))),
        listing,
        content,
      };
    });
  }

  riveDroiteCalendar(
    market: Market,
    slug: string,
    themes: string[] | undefined,
    locations: string[] | undefined,
  ): Promise<Schemas['RiveDroiteCalendarPageData']> {
    const key = `rd-cal|${market.locale}|${slug}|${themes?.join(',') ?? ''}|${locations?.join(',') ?? ''}`;
    return this.cached(key, async () => {
      const eventType = await this.content.calendarType(market, slug);
      if (!eventType) throw new AppError('ERR_PAGE_1000', `No calendar ${slug} in ${market.locale}.`);
      const url = `/rive-droite/calendar/${slug}`;
      const content = await this.content.pageAt(market, url);
      const row = content ? await this.content.findPage(market, { url }) : undefined;
      const calendar = await this.content.calendar(market, { eventType, themes, locations, includePast: true });
      const filtered = (themes?.length ?? 0) + (locations?.length ?? 0) > 0;
      const title = content?.metaTitle ?? `${content?.title ?? slug} | ${this.brandName} Rive Droite`;
      const meta = this.meta(
        market,
        url,
        title,
        content?.metaDescription ?? '',
        filtered ? 'noindex, follow' : 'index, follow',
        row?.countries ?? null,
      );
      return {
        ...(await this.envelope('rive-droite-calendar', market, meta, shellOf(content?.tags, true))),
        content,
        cards: calendar.cards,
        totalCards: calendar.cards.length,
        hasCurrentEvents: calendar.hasCurrentEvents,
        eventType,
        filters: calendar.filters,
        appliedFilters: calendar.appliedFilters,
      };
    });
  }

  // --- collections and looks --------------------------------------------------------------------

  private collectionService(): CollectionService {
    if (!this.collections) throw new AppError('ERR_DATA_1000', 'collections: not configured.');
    return this.collections;
  }

  /** The editorial content of a collections page, when the content service publishes one. */
  private async optionalContent(
    market: Market,
    url: string,
  ): Promise<{ content: ContentPage | null; countries: string[] | null }> {
    const content = await this.content.pageAt(market, url);
    const row = content ? await this.content.findPage(market, { url }) : undefined;
    return { content, countries: row?.countries ?? null };
  }

  private collectionCrumbs(market: Market, collection?: { name: string; url: string }): Schemas['Breadcrumb'][] {
    const root = { name: this.collectionsTitle(market), url: '/collections' };
    return collection ? [root, { name: collection.name, url: collection.url }] : [root];
  }

  private collectionsTitle(market: Market): string {
    const titles: Record<string, string> = {
      fr: 'Collections',
      it: 'Collezioni',
      es: 'Colecciones',
      de: 'Kollektionen',
      pt: 'Coleções',
      ja: 'コレクション',
      ko: '컬렉션',
      zh: '系列',
    };
    return titles[market.language] ?? 'Collections';
  }

  collectionsLanding(market: Market): Promise<Schemas['CollectionsPageData']> {
    return this.cached(`collections|${market.locale}`, async () => {
      const [collections, { content, countries }] = await Promise.all([
        this.collectionService().all(market),
        this.optionalContent(market, '/collections'),
      ]);
      const title = content?.metaTitle ?? `${this.collectionsTitle(market)} | ${this.brandName}`;
      const description = content?.metaDescription ?? collections.map((c) => c.name).join(' · ');
      return {
        ...(await this.envelope(
          'collections',
          market,
          this.meta(market, '/collections', title, description, 'index, follow', countries),
        )),
        content,
        collections,
      };
    });
  }

  collection(market: Market, slug: string): Promise<Schemas['CollectionPageData']> {
    return this.cached(`collection|${market.locale}|${slug}`, async () => {
      const collection = await this.collectionService().detail(slug, market);
      const { content, countries } = await this.optionalContent(market, collection.url);
      const meta = this.meta(
        market,
        collection.url,
        content?.metaTitle ?? `${collection.name} | ${this.brandName}`,
        content?.metaDescription ?? collection.description ?? '',
        'index, follow',
        countries,
      );
      return {
        ...(await this.envelope('collection', market, meta)),
        collection,
        breadcrumbs: this.collectionCrumbs(market, collection),
        content,
      };
    });
  }

  collectionItems(
    market: Market,
    slug: string,
    sortInput: unknown,
    page: number | undefined,
  ): Promise<Schemas['CollectionItemsPageData']> {
    return this.cached(
      `collection-items|${market.locale}|${slug}|${normalizeSort(sortInput)}|${page ?? 1}`,
      async () => {
        const data = await this.collectionService().items(slug, market, sortInput, page ?? 1);
        const path = `${data.collection.url}/items`;
        // Sorted or paginated variants are not indexed separately.
        const robots = data.page > 1 || data.sort !== 'recommended' ? 'noindex, follow' : 'index, follow';
        const meta = this.meta(
          market,
          path,
          `${data.collection.name} | ${this.brandName}`,
          data.collection.description ?? '',
          robots,
        );
        return {
          ...(await this.envelope('collection-items', market, meta)),
          ...data,
          breadcrumbs: this.collectionCrumbs(market, data.collection),
        };
      },
    );
  }

  collectionLooks(market: Market, slug: string, page: number | undefined): Promise<Schemas['CollectionLooksPageData']> {
    return this.cached(`collection-looks|${market.locale}|${slug}|${page ?? 1}`, async () => {
      const data = await this.collectionService().looksPage(slug, market, page ?? 1);
      const path = `${data.collection.url}/looks`;
      const robots = data.page > 1 ? 'noindex, follow' : 'index, follow';
      const meta = this.meta(
        market,
        path,
        `${data.collection.name} | ${this.brandName}`,
        data.collection.description ?? '',
        robots,
      );
      return {
        ...(await this.envelope('collection-looks', market, meta)),
        ...data,
        breadcrumbs: this.collectionCrumbs(market, data.collection),
      };
    });
  }

  look(market: Market, slug: string): Promise<Schemas['LookPageData']> {
    return this.cached(`look|${market.locale}|${slug}`, async () => {
      const data = await this.collectionService().look(slug, market);
      const crumbs = this.collectionCrumbs(market, data.collection ?? undefined);
      crumbs.push({ name: data.look.name, url: data.look.url });
      const title = data.collection
        ? `${data.look.name} — ${data.collection.name} | ${this.brandName}`
        : `${data.look.name} | ${this.brandName}`;
      const description = data.look.description ?? data.look.products.map((p) => p.name).join(', ');
      return {
        ...(await this.envelope('look', market, this.meta(market, data.look.url, title, description.slice(0, 160)))),
        ...data,
        breadcrumbs: crumbs,
      };
    });
  }
}
