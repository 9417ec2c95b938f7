// The pages of the catalogue: home, category listings, product pages, the search page and the 404 page.
import { houseOf } from '../../../../reference/houses.ts';
import type { Schemas } from '../../shared/http.ts';
import { normalizeSort } from '../catalog/index.ts';
import type { Market } from '../markets/index.ts';
import { shellOf, type ContentPage, type PageKit } from './page-kit.ts';

export function homePage(kit: PageKit, market: Market): Promise<Schemas['HomePageData']> {
  return kit.cached(`home|${market.locale}`, () => buildHome(kit, market));
}

async function buildHome(kit: PageKit, market: Market): Promise<Schemas['HomePageData']> {
  const featured = kit.catalog.featuredCategories(market);
  const first = featured[0];
  const row = await kit.content.findPage(market, { url: '/' });
  const content = row ? await kit.content.pageAt(market, '/') : null;
  const page: ContentPage = content ?? {
    cmsPageId: `home--${kit.content.languageOf(market)}`,
    globalPageId: 'home',
    parentPageId: null,
    pageNavigationLinksPrefix: null,
    pageUrl: '/',
    category: 'custom',
    title: kit.brandName,
    metaTitle: null,
    metaDescription: null,
    breadcrumbs: [],
    tags: [],
    backgroundColor: { desktop: '#ffffff', tablet: '#ffffff', mobile: '#ffffff' },
    isRd: false,
    components: [],
  };
  const hero = page.components.find((c) => c.type === 'hero') as Schemas['CmsHeroComponent'] | undefined;
  const tagline = houseOf(kit.brand).tagline[kit.content.languageOf(market)];
  const heroTitle = hero?.title ?? page.title;
  const title = page.metaTitle ?? `${kit.brandName} — ${heroTitle}`;
  const description = page.metaDescription ?? `${kit.brandName}, ${tagline}.`;
  return {
    ...(await kit.envelope('home', market, kit.meta(market, '/', title, description), shellOf(page.tags))),
    content: page,
    hero: {
      title: heroTitle,
      subtitle: hero?.subtitle ?? tagline,
      image: { src: `/media/categories/${first?.id ?? 'home'}.svg?view=2`, alt: heroTitle, width: 1600, height: 900 },
      cta: { name: hero?.links[0]?.label ?? first?.name ?? kit.brandName, url: first?.url ?? '/' },
    },
    featuredCategories: featured.map((category) => ({
      category,
      image: { src: `/media/categories/${category.id}.svg`, alt: category.name, width: 600, height: 750 },
    })),
    featuredProducts: await kit.catalog.featuredProducts(market, 8),
  };
}

export function categoryPage(
  kit: PageKit,
  market: Market,
  slug: string,
  sort: unknown,
  page: number | undefined,
  filters?: string,
): Promise<Schemas['CategoryPageData']> {
  return kit.cached(`ca|${market.locale}|${slug}|${normalizeSort(sort)}|${page ?? 1}|${filters ?? ''}`, () =>
    buildCategory(kit, market, slug, sort, page, filters),
  );
}

async function buildCategory(
  kit: PageKit,
  market: Market,
  slug: string,
  sort: unknown,
  page: number | undefined,
  filters: string | undefined,
): Promise<Schemas['CategoryPageData']> {
  const listing = await kit.catalog.listing({ slug, market, sort, page, filters });
  const path = `/ca/${slug}`;
  const title = `${listing.breadcrumbs.map((b) => b.name).join(' ')} | ${kit.brandName}`;
  const description = `${listing.category.name} — ${kit.brandName}. ${listing.totalNrOfProducts} ${listing.breadcrumbs.map((b) => b.name).join(' · ')}.`;
  // Sorted, paginated or filtered variants of a listing are not indexed separately.
  const robots =
    (page ?? 1) > 1 || listing.sort !== 'recommended' || listing.appliedFilters ? 'noindex, follow' : 'index, follow';
  return {
    ...(await kit.envelope('category', market, kit.meta(market, path, title, description, robots))),
    listing,
  };
}

export function productPage(kit: PageKit, market: Market, pid: string): Promise<Schemas['ProductPageData']> {
  return kit.cached(`pr|${market.locale}|${pid.toUpperCase()}`, () => buildProduct(kit, market, pid));
}

async function buildProduct(kit: PageKit, market: Market, pid: string): Promise<Schemas['ProductPageData']> {
  // The catalogue's product, and the product-data module's (style, colours, tags, display statuses, its names in
  // every language): two reads, side by side; a failure of the catalogue's is the one answered.
  const [catalogue, own] = await Promise.allSettled([
    kit.catalog.product(pid, market),
    kit.productData.productPage(pid, market),
  ]);
  if (catalogue.status === 'rejected') throw catalogue.reason;
  if (own.status === 'rejected') throw own.reason;
  const { breadcrumbs } = catalogue.value;
  const product = own.value.complete(catalogue.value.product);
  const { pathIn } = own.value;
  const meta = kit.meta(
    market,
    product.url,
    `${product.name} | ${kit.brandName}`,
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
    image: product.images.map((i) => kit.origin + i.src),
    brand: { '@type': 'Brand', name: kit.brandName },
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
  // Spec §4: the product may mark the page dark — a "rive droite" product is shown in the boutique's
  // dark shell, like the boutique's own pages.
  const shell = product.isRd ? shellOf([{ id: 'theme-dark' }], true) : shellOf(undefined);
  return { ...(await kit.envelope('product', market, meta, shell)), product, breadcrumbs };
}

/**
 * `/search`: with `q`, one page of results (never cached: the query space is open-ended, and the
 * search is indexed); without, the market's trending searches. Result pages are not indexed.
 */
export async function searchPage(
  kit: PageKit,
  market: Market,
  input: { q?: string | undefined; filters?: string | undefined; sort?: unknown; page?: number | undefined },
): Promise<Schemas['SearchPageData']> {
  const { search } = kit;
  if (input.q === undefined) {
    return kit.cached(`search|${market.locale}`, async () => {
      const meta = kit.meta(market, '/search', kit.brandName, '', 'noindex, follow');
      return {
        ...(await kit.envelope('search', market, meta)),
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
  const meta = kit.meta(
    market,
    `/search?${new URLSearchParams({ q: result.query })}`,
    `${result.query} | ${kit.brandName}`,
    '',
    'noindex, follow',
  );
  return { ...(await kit.envelope('search', market, meta)), search: result, trending: null };
}

export function notFoundPage(kit: PageKit, market: Market): Promise<Schemas['NotFoundPageData']> {
  return kit.cached(`404|${market.locale}`, () =>
    kit.envelope('not-found', market, kit.meta(market, '/404', `${kit.brandName}`, '', 'noindex, follow')),
  );
}
