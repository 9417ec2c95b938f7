import home from '../../../../fixtures/content/home.json' with { type: 'json' };
import type { Schemas } from '../../shared/http.ts';
import { normalizeSort, type CatalogService } from '../catalog/index.ts';
import type { Market, MarketService } from '../markets/index.ts';
import { DEFAULT_LOCALE, toMarketDto } from '../markets/index.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';

type Localized = Record<string, string>;
const pick = (m: Market, value: Localized): string => value[m.language] ?? value.en ?? '';

/** Everything each server-rendered page needs, in one response; SSR calls this in-process. */
export class PageDataService {
  readonly brandName: string;
  // Page data is public and the same for every visitor of a market: cached briefly (CACHE_TTL_SECONDS).
  private readonly cache: TtlCache<unknown>;
  constructor(
    private readonly catalog: CatalogService,
    private readonly markets: MarketService,
    private readonly origin: string,
    brand: string,
    cacheTtlMs = 0,
  ) {
    this.brandName = (home.brands as Record<string, string>)[brand] ?? brand.toUpperCase();
    this.cache = new TtlCache(cacheTtlMs);
  }

  private cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.cache.get(key, compute) as Promise<T>;
  }

  /** Site-relative URL of a page in a locale: en-us has no prefix (spec §2). */
  localizedPath(locale: string, path: string): string {
    if (locale === DEFAULT_LOCALE) return path;
    return path === '/' ? `/${locale}/` : `/${locale}${path}`;
  }

  private meta(market: Market, path: string, title: string, description: string, robots = 'index, follow'): Schemas['PageMeta'] {
    const alternates = this.markets
      .countries()
      .filter((c) => !c.urlOverride)
      .flatMap((c) => c.locales)
      .map((l) => ({ hreflang: l, href: this.origin + this.localizedPath(l, path) }));
    alternates.push({ hreflang: 'x-default', href: this.origin + path });
    return { title, description, canonical: this.origin + this.localizedPath(market.locale, path), robots, alternates };
  }

  private envelope(pageType: Schemas['PageType'], market: Market, meta: Schemas['PageMeta']): Schemas['PageEnvelope'] {
    return {
      pageType,
      market: toMarketDto(market),
      meta,
      navigation: this.catalog.navigation(market),
    };
  }

  home(market: Market): Promise<Schemas['HomePageData']> {
    return this.cached(`home|${market.locale}`, () => this.buildHome(market));
  }

  private async buildHome(market: Market): Promise<Schemas['HomePageData']> {
    const featured = this.catalog.featuredCategories(market);
    const first = featured[0];
    return {
      ...this.envelope('home', market, this.meta(market, '/', `${this.brandName} — ${pick(market, home.hero.title)}`, pick(market, home.meta.description))),
      hero: {
        title: pick(market, home.hero.title),
        subtitle: pick(market, home.hero.subtitle),
        image: { src: `/media/categories/${first?.id ?? 'home'}.svg?view=2`, alt: pick(market, home.hero.title), width: 1600, height: 900 },
        cta: { name: pick(market, home.hero.cta), url: first?.url ?? '/' },
      },
      featuredCategories: featured.map((category) => ({
        category,
        image: { src: `/media/categories/${category.id}.svg`, alt: category.name, width: 600, height: 750 },
      })),
      featuredProducts: await this.catalog.featuredProducts(market, 8),
    };
  }

  category(market: Market, slug: string, sort: unknown, page: number | undefined): Promise<Schemas['CategoryPageData']> {
    return this.cached(`ca|${market.locale}|${slug}|${normalizeSort(sort)}|${page ?? 1}`, () => this.buildCategory(market, slug, sort, page));
  }

  private async buildCategory(market: Market, slug: string, sort: unknown, page: number | undefined): Promise<Schemas['CategoryPageData']> {
    const listing = await this.catalog.listing({ slug, market, sort, page });
    const path = `/ca/${slug}`;
    const title = `${listing.breadcrumbs.map((b) => b.name).join(' ')} | ${this.brandName}`;
    const description = `${listing.category.name} — ${this.brandName}. ${listing.totalNrOfProducts} ${listing.breadcrumbs.map((b) => b.name).join(' · ')}.`;
    // Sorted or paginated variants of a listing are not indexed separately.
    const robots = (page ?? 1) > 1 || listing.sort !== 'recommended' ? 'noindex, follow' : 'index, follow';
    return { ...this.envelope('category', market, this.meta(market, path, title, description, robots)), listing };
  }

  product(market: Market, pid: string): Promise<Schemas['ProductPageData']> {
    return this.cached(`pr|${market.locale}|${pid.toUpperCase()}`, () => this.buildProduct(market, pid));
  }

  private async buildProduct(market: Market, pid: string): Promise<Schemas['ProductPageData']> {
    const { product, breadcrumbs } = await this.catalog.product(pid, market);
    const meta = this.meta(market, product.url, `${product.name} | ${this.brandName}`, product.description.slice(0, 160));
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
              availability: product.availability.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
              itemCondition: 'https://schema.org/NewCondition',
            },
          }
        : {}),
    };
    return { ...this.envelope('product', market, meta), product, breadcrumbs };
  }

  notFound(market: Market): Schemas['PageEnvelope'] {
    return this.envelope('not-found', market, this.meta(market, '/404', `${this.brandName}`, '', 'noindex, follow'));
  }
}
