import { contentLanguageOf } from '../../../../reference/content-language.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import type { Market, MarketService } from '../markets/index.ts';
import type { PageDataService } from '../pages/index.ts';
import { BOUTIQUES, DETAIL_DESCRIPTION, LIST_DESCRIPTION, fill } from './data.ts';
import type { StoreService } from './service.ts';

/** What the boutique pages are built from: the page shell (market, navigation, layout) and the markets. */
export interface StorePageSources {
  pages: Pick<PageDataService, 'shell' | 'localizedPath' | 'brandName' | 'onBust'>;
  markets: MarketService;
  /** Absolute origin of canonical and hreflang links. */
  publicOrigin: string;
  cacheTtlMs: number;
}

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The trailing digits of a `{name}-{id}` segment (spec §5), or null. */
export function storeIdOfSlug(slug: string): string | null {
  return /-([0-9]{1,10})$/.exec(slug)?.[1] ?? null;
}

/**
 * The boutique pages' data: `/stores` (the market's country, and the countries that have boutiques) and
 * `/stores/{name}-{id}` (one boutique and its nearest neighbours). Public and the same for every visitor of a
 * market: kept briefly like the other page data, and dropped with it on a cache bust.
 */
export class StorePages {
  private readonly cache: TtlCache<unknown>;

  constructor(
    private readonly stores: StoreService,
    private readonly sources: StorePageSources,
  ) {
    this.cache = new TtlCache(sources.cacheTtlMs, undefined, 'store-pages');
    sources.pages.onBust(() => this.cache.clear());
  }

  private cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.cache.get(key, compute) as Promise<T>;
  }

  /** hreflang alternates of a page that exists in every market (`pathIn`: the path in a locale). */
  private alternates(pathIn: (locale: string) => string) {
    const { markets, pages, publicOrigin } = this.sources;
    const out = markets
      .countries()
      .filter((c) => !c.urlOverride)
      .flatMap((c) => c.locales)
      .map((l) => ({ hreflang: l, href: publicOrigin + pages.localizedPath(l, pathIn(l)) }));
    out.push({ hreflang: 'x-default', href: publicOrigin + pathIn('en-us') });
    return out;
  }

  /** `GET /ssr/stores`. */
  list(market: Market): Promise<Schemas['StoreListPageData']> {
    return this.cached(`stores|${market.locale}`, async () => {
      const { pages, publicOrigin } = this.sources;
      const language = contentLanguageOf(market.locale);
      const [storeList, countries] = await Promise.all([
        this.stores.list(market.country, market),
        this.stores.countries(market),
      ]);
      const meta: Schemas['PageMeta'] = {
        title: `${BOUTIQUES[language]} | ${pages.brandName}`,
        description: fill(LIST_DESCRIPTION[language], { brand: pages.brandName }),
        canonical: publicOrigin + pages.localizedPath(market.locale, '/stores'),
        robots: 'index, follow',
        alternates: this.alternates(() => '/stores'),
      };
      return { ...(await pages.shell('store-list', market, meta)), storeList, countries };
    });
  }

  /** `GET /ssr/stores/{name}-{id}`: only the id selects the boutique; the canonical URL carries its current name. */
  detail(market: Market, slug: string): Promise<Schemas['StoreDetailPageData']> {
    const id = storeIdOfSlug(slug);
    // The contract refuses such a segment (ERR_API_1021) before this; a rendered page URL is simply not found.
    if (!id)
      return Promise.reject(new AppError('ERR_GLS_1006', 'The boutique segment must end with a dash and digits.'));
    return this.cached(`store|${market.locale}|${id}`, async () => {
      const { pages, publicOrigin, markets } = this.sources;
      const language = contentLanguageOf(market.locale);
      const data = await this.stores.data(id);
      if (!data) throw new AppError('ERR_GLS_1006', `No boutique ${id}.`);
      const store = this.stores.toDto(data, market);
      const nearbyStores = await this.stores.nearby(store, market);
      const canonicalPath = store.url;
      const title = store.name.includes(pages.brandName)
        ? `${store.name} – ${store.address.city}`
        : `${store.name} – ${store.address.city} | ${pages.brandName}`;
      const description = fill(DETAIL_DESCRIPTION[language], {
        name: store.name,
        address: (store.address.formatted ?? [store.address.addressLine1, store.address.city]).join(', '),
      });
      const meta: Schemas['PageMeta'] = {
        title,
        description,
        canonical: publicOrigin + canonicalPath,
        robots: 'index, follow',
        // Each locale's own URL of the boutique (Japanese, Korean and Chinese keep the local name).
        alternates: this.alternates((l) => {
          const m = markets.resolve(l);
          const path = this.stores.urlOf(data, { locale: l, language: m.language });
          return path.replace(/^\/[a-z]{2}-[a-z]{2}(?=\/)/, '');
        }),
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'ClothingStore',
          '@id': publicOrigin + canonicalPath,
          name: store.name,
          url: publicOrigin + canonicalPath,
          telephone: store.phone,
          ...(store.email ? { email: store.email } : {}),
          brand: { '@type': 'Brand', name: pages.brandName },
          address: {
            '@type': 'PostalAddress',
            streetAddress: [store.address.addressLine1, store.address.addressLine2].filter(Boolean).join(', '),
            addressLocality: store.address.city,
            ...(store.address.postalCode ? { postalCode: store.address.postalCode } : {}),
            ...(store.address.stateCode ? { addressRegion: store.address.stateCode } : {}),
            addressCountry: store.address.country,
          },
          geo: {
            '@type': 'GeoCoordinates',
            latitude: store.coordinates.latitude,
            longitude: store.coordinates.longitude,
          },
          openingHoursSpecification: store.openingHours.flatMap((d) =>
            d.periods.map((p) => ({
              '@type': 'OpeningHoursSpecification',
              dayOfWeek: `https://schema.org/${SCHEMA_DAYS[d.dayOfWeek - 1]}`,
              opens: p.opens,
              closes: p.closes,
            })),
          ),
        },
      };
      const crumbPath = canonicalPath.replace(/^\/[a-z]{2}-[a-z]{2}(?=\/)/, '');
      return {
        ...(await pages.shell('store-detail', market, meta)),
        store,
        breadcrumbs: [
          { name: BOUTIQUES[language], url: '/stores' },
          { name: store.name, url: crumbPath },
        ],
        nearbyStores,
      };
    });
  }
}
