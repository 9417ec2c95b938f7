import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import { countListing, findProduct, listTiles, productNames, loadCategories, type CategoryRow, type SortKey, type TileRow } from './repository.ts';

export const DEFAULT_PAGE_SIZE = 24;

type Availability = Schemas['Availability'];

/** Spec §3 sort options, with their alternative names; anything else is the default order. */
export function normalizeSort(value: unknown): SortKey {
  switch (value) {
    case 'price_asc':
    case 'PriceAscending':
      return 'price_asc';
    case 'price_desc':
    case 'PriceDescending':
      return 'price_desc';
    case 'newest':
    case 'Latest Arrivals':
      return 'newest';
    default:
      return 'recommended';
  }
}

const RAW_NAME_LANGUAGES = new Set(['ja', 'ko', 'zh']);

/**
 * Site-relative product URL. Spec §2: Japanese, Korean and Chinese locales keep the product's own name,
 * URL-encoded, where the other languages use the ASCII slug (`/pr/{name}-{pid}.html` either way).
 */
export function productUrl(slug: string, pid: string, localized?: { language: string; name: string }): string {
  if (localized && RAW_NAME_LANGUAGES.has(localized.language)) {
    const raw = localized.name
      .trim()
      .replace(/[\s/\\?#%.]+/gu, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '');
    if (raw) return `/pr/${encodeURIComponent(raw)}-${pid}.html`;
  }
  return `/pr/${slug}-${pid}.html`;
}

export function productImage(pid: string, view: number, alt: string): Schemas['Image'] {
  return { src: `/media/products/${pid}/${view}.svg`, alt, width: 600, height: 750 };
}

/**
 * Spec §3 derived stock status: sellable online and in the e-commerce assortment (and in stock) gives
 * in stock; else pre-order when pre-orderable; else out of stock.
 */
export function deriveAvailability(p: {
  is_sellable_online: boolean;
  is_ecom_assortment: boolean;
  is_preorderable: boolean;
  total_stock: number;
}): Availability {
  const inStock = p.is_sellable_online && p.is_ecom_assortment && p.total_stock > 0;
  const stockStatus = inStock ? 'in_stock' : p.is_preorderable ? 'preorder' : 'out_of_stock';
  const statusTags: Availability['statusTags'] = [];
  if (inStock) statusTags.push('available online');
  if (inStock && p.total_stock === 1) statusTags.push('last item left');
  if (!inStock) statusTags.push('sold out');
  return {
    isSellableOnline: p.is_sellable_online,
    isEcomAssortment: p.is_ecom_assortment,
    isPreorderable: p.is_preorderable,
    inStock,
    stockStatus,
    statusTags,
  };
}

function priceOf(market: Market, list: number | null, sale: number | null): Schemas['Price'] | null {
  if (!market.currency || list === null) return null;
  return { listPriceValue: list, salePriceValue: sale, currencyCode: market.currency };
}

export class CatalogService {
  private categories: CategoryRow[] = [];
  private bySlug = new Map<string, CategoryRow>();
  private byId = new Map<string, CategoryRow>();
  // Listings are public and the same for every visitor of a market: cached for `cacheTtlMs`.
  private readonly listings: TtlCache<Schemas['CategoryListing']>;

  constructor(
    private readonly db: DB,
    readonly brand: string,
    cacheTtlMs = 0,
  ) {
    this.listings = new TtlCache(cacheTtlMs);
  }

  /** Empties the listing cache, or the entries of some keys / locales (cache busting); answers how many were removed. */
  bustCache(filter: { keys?: string[] | undefined; locales?: string[] | undefined } = {}): number {
    const { keys, locales } = filter;
    if (!keys?.length && !locales?.length) {
      const n = this.listings.size;
      this.listings.clear();
      return n;
    }
    return this.listings.deleteWhere((k) => (keys?.includes(k) ?? false) || (locales?.includes(k.split('|')[0] ?? '') ?? false));
  }

  /** Categories are small reference data: cached in memory, reloaded by `refresh`. */
  async refresh(): Promise<void> {
    this.categories = await loadCategories(this.db, this.brand);
    this.bySlug = new Map(this.categories.map((c) => [c.slug, c]));
    this.byId = new Map(this.categories.map((c) => [c.id, c]));
  }

  private nameOf(c: CategoryRow, market: Market): string {
    return c.names[market.language] ?? c.names.en ?? c.slug;
  }

  navItem(c: CategoryRow, market: Market): Schemas['CategoryNavItem'] {
    return {
      id: c.id,
      slug: c.slug,
      parentId: c.parent_id,
      level: c.level,
      name: this.nameOf(c, market),
      url: `/ca/${c.slug}`,
      position: c.position,
    };
  }

  navigation(market: Market): Schemas['CategoryNavItem'][] {
    return this.categories.map((c) => this.navItem(c, market));
  }

  categoryBySlug(slug: string): CategoryRow {
    const c = this.bySlug.get(slug);
    if (!c) throw new AppError('ERR_CATALOG_1001', `No category "${slug}".`);
    return c;
  }

  private ancestry(c: CategoryRow): CategoryRow[] {
    const chain: CategoryRow[] = [];
    for (let cur: CategoryRow | undefined = c; cur; cur = cur.parent_id ? this.byId.get(cur.parent_id) : undefined) {
      chain.unshift(cur);
    }
    return chain;
  }

  private descendantIds(c: CategoryRow): string[] {
    const ids = [c.id];
    for (let i = 0; i < ids.length; i++) {
      for (const child of this.categories) if (child.parent_id === ids[i]) ids.push(child.id);
    }
    return ids;
  }

  breadcrumbs(c: CategoryRow, market: Market): Schemas['Breadcrumb'][] {
    return this.ancestry(c).map((a) => ({ name: this.nameOf(a, market), url: `/ca/${a.slug}` }));
  }

  featuredCategories(market: Market): Schemas['CategoryNavItem'][] {
    // The first macro's (women's) collections, in their navigation order.
    const macro = this.categories.filter((c) => c.level === 1).sort((a, b) => a.position - b.position)[0];
    return this.categories
      .filter((c) => c.parent_id === macro?.id)
      .sort((a, b) => a.position - b.position)
      .slice(0, 4)
      .map((c) => this.navItem(c, market));
  }

  tile(row: TileRow, market: Market): Schemas['ProductTile'] {
    const alt = `${row.name} — ${row.color_name}`;
    const tile: Schemas['ProductTile'] = {
      id: row.pid,
      name: row.name,
      url: productUrl(row.slug, row.pid, { language: market.language, name: row.name }),
      image: productImage(row.pid, 1, alt),
      color: row.color_name,
      price: priceOf(market, row.list_price, row.sale_price),
      availability: deriveAvailability(row),
    };
    if (row.image_count > 1) tile.hoverImage = productImage(row.pid, 2, alt);
    return tile;
  }

  listing(input: { slug: string; market: Market; sort?: unknown; page?: number | undefined; pageSize?: number | undefined }): Promise<Schemas['CategoryListing']> {
    const key = `${input.market.locale}|${input.slug}|${normalizeSort(input.sort)}|${input.page ?? 1}|${input.pageSize ?? DEFAULT_PAGE_SIZE}`;
    return this.listings.get(key, () => this.buildListing(input));
  }

  private async buildListing(input: {
    slug: string;
    market: Market;
    sort?: unknown;
    page?: number | undefined;
    pageSize?: number | undefined;
  }): Promise<Schemas['CategoryListing']> {
    const category = this.categoryBySlug(input.slug);
    const sort = normalizeSort(input.sort);
    const page = input.page ?? 1;
    const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
    const categoryIds = this.descendantIds(category);
    const scope = { brand: this.brand, categoryIds, currency: input.market.currency };
    const [total, rows] = await Promise.all([
      countListing(this.db, scope),
      listTiles(this.db, {
        ...scope,
        language: input.market.language,
        sort,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      }),
    ]);
    return {
      market: toMarketDto(input.market),
      category: this.navItem(category, input.market),
      breadcrumbs: this.breadcrumbs(category, input.market),
      subCategories: this.categories
        .filter((c) => c.parent_id === category.id)
        .map((c) => this.navItem(c, input.market)),
      products: rows.map((r) => this.tile(r, input.market)),
      totalNrOfProducts: total,
      page,
      pageSize,
      pageCount: Math.ceil(total / pageSize),
      sort,
    };
  }

  async featuredProducts(market: Market, count: number): Promise<Schemas['ProductTile'][]> {
    const root = this.categories.find((c) => c.level === 1);
    if (!root) return [];
    const rows = await listTiles(this.db, {
      brand: this.brand,
      categoryIds: this.categories.map((c) => c.id),
      currency: market.currency,
      language: market.language,
      sort: 'newest',
      limit: count,
      offset: 0,
    });
    return rows.map((r) => this.tile(r, market));
  }

  /**
   * The product's site path in every language (spec §2: Japanese, Korean and Chinese keep the product's
   * name), for hreflang alternates.
   */
  async productPathsByLanguage(pid: string, slug: string): Promise<(language: string) => string> {
    const names = await productNames(this.db, pid, [...RAW_NAME_LANGUAGES]);
    return (language) => productUrl(slug, pid, names.has(language) ? { language, name: names.get(language) as string } : undefined);
  }

  /** A product as its page shows it; unknown, employee-only or unpriced in this market → ERR_PDT_API_1001. */
  async product(pidInput: string, market: Market): Promise<{ product: Schemas['Product']; breadcrumbs: Schemas['Breadcrumb'][]; slug: string }> {
    const pid = pidInput.toUpperCase();
    const row = await findProduct(this.db, this.brand, pid, market.language, market.currency);
    if (!row || row.is_employee_only || (market.currency && row.list_price === null)) {
      throw new AppError('ERR_PDT_API_1001', `No product ${pid} in this market.`);
    }
    const leaf = this.byId.get(row.category_id);
    const chain = leaf ? this.ancestry(leaf) : [];
    const totalStock = row.variants.reduce((s, v) => s + v.stock, 0);
    const sellable = row.is_sellable_online && row.is_ecom_assortment;
    const views = ['front', 'detail', 'back', 'worn'];
    const product: Schemas['Product'] = {
      id: row.pid,
      name: row.name,
      description: row.description,
      url: productUrl(row.slug, row.pid, { language: market.language, name: row.name }),
      images: Array.from({ length: row.image_count }, (_, i) =>
        productImage(row.pid, i + 1, `${row.name} — ${row.color_name}, ${views[i] ?? `view ${i + 1}`}`),
      ),
      color: {
        code: row.color_code,
        name: row.color_name,
        hex: row.color_hex,
        macroColor: row.macro_color,
        microColor: row.micro_color,
      },
      compositions: row.composition,
      categories: {
        macroCategory: chain[0] ? this.nameOf(chain[0], market) : '',
        microCategory: chain[1] ? this.nameOf(chain[1], market) : '',
        superMicroCategory: chain[2] ? this.nameOf(chain[2], market) : '',
      },
      genderCode: row.gender_code as Schemas['Product']['genderCode'],
      isRd: row.is_rd,
      sizeGroup: row.size_group as Schemas['Product']['sizeGroup'],
      sizes: row.variants.map((v) => ({
        id: v.size,
        // `TU` (one size) is translated by the storefront.
        displayValue: v.size,
        inStock: sellable && v.stock > 0,
        lowStock: sellable && v.stock === 1,
      })),
      price: priceOf(market, row.list_price, row.sale_price),
      availability: deriveAvailability({ ...row, total_stock: totalStock }),
      bornSeasonDesc: row.born_season,
    };
    const breadcrumbs = leaf ? this.breadcrumbs(leaf, market) : [];
    return { product, breadcrumbs, slug: row.slug };
  }
}
