// How a product is shown wherever it appears: its URL, its drawing, its derived availability and price, and the
// listing's sort names.
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import type { SortKey } from './repository.ts';

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

export const RAW_NAME_LANGUAGES = new Set(['ja', 'ko', 'zh']);

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

/** The image of a product view that has a photo (with `photo` set), or undefined when it has none. */
export type PhotoLookup = (pid: string, view: number, alt: string) => Schemas['Image'] | undefined;

/**
 * Spec §3 derived stock status: sellable online and in the e-commerce assortment (and in stock) gives
 * in stock; else pre-order when pre-orderable; else out of stock.
 */
export function deriveAvailability(
  p: { is_sellable_online: boolean; is_ecom_assortment: boolean; is_preorderable: boolean },
  totalStock: number,
): Availability {
  const inStock = p.is_sellable_online && p.is_ecom_assortment && totalStock > 0;
  const stockStatus = inStock ? 'in_stock' : p.is_preorderable ? 'preorder' : 'out_of_stock';
  const statusTags: Availability['statusTags'] = [];
  if (inStock) statusTags.push('available online');
  if (inStock && totalStock === 1) statusTags.push('last item left');
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
export function priceOf(market: Market, list: number | null, sale: number | null): Schemas['Price'] | null {
  if (!market.currency || list === null) return null;
  return { listPriceValue: list, salePriceValue: sale, currencyCode: market.currency };
}
