import type { Schemas } from '../lib/api-client';
import { TILE_SIZES } from '../features/catalog/components/product-tile';
import { STAGE_SIZES } from '../features/product/components/product-gallery';

type Tiles = { products?: { image?: Schemas['Image'] }[] };

/**
 * What a page's first screen is about, when it is a product picture: the first tile of a listing or of a search's
 * results, a product's first view.
 */
export function leadImageOf(data: unknown): { image: Schemas['Image']; sizes: string } | null {
  const page = data as {
    pageType?: string;
    listing?: Tiles;
    search?: Tiles;
    product?: { images?: Schemas['Image'][] };
  };
  if (page.pageType === 'product') {
    const image = page.product?.images?.[0];
    return image ? { image, sizes: STAGE_SIZES } : null;
  }
  const image = (page.listing ?? page.search)?.products?.[0]?.image;
  return image ? { image, sizes: TILE_SIZES } : null;
}

const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The `<link rel="preload">` of the page's lead picture, written in the head so that a phone asks for it with the
 * HTML's first bytes, before the stylesheet and the scripts (it is the largest paint of listings, search
 * results and product pages). It asks for exactly what the `<img>`/`<picture>` will pick: the drawing's URL, or the photo's first
 * source (AVIF; a browser without it skips the preload by its `type`) with the same `srcset` and `sizes`.
 */
export function leadImagePreload(data: unknown): string | null {
  const lead = leadImageOf(data);
  if (!lead) return null;
  const source = lead.image.photo?.sources.find((s) => s.type !== 'image/jpeg');
  if (!source) return `<link rel="preload" as="image" href="${attr(lead.image.src)}" fetchpriority="high">`;
  return `<link rel="preload" as="image" type="${attr(source.type)}" imagesrcset="${attr(source.srcset)}" imagesizes="${attr(lead.sizes)}" fetchpriority="high">`;
}
