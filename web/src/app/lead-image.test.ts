import { describe, expect, it } from 'vitest';
import { leadImageOf, leadImagePreload } from './lead-image';
import { TILE_SIZES } from '../features/catalog/components/product-tile';
import { STAGE_SIZES } from '../features/product/components/product-gallery';

const drawing = (pid: string, view = 1) => ({
  src: `/media/products/${pid}/${view}.svg`,
  alt: 'Sac',
  width: 600,
  height: 750,
});

describe('the lead picture of a page', () => {
  it('is a listing’s first tile, a search’s first hit, a product’s first view, and nothing on other pages', () => {
    expect(
      leadImageOf({
        pageType: 'category',
        listing: { products: [{ image: drawing('A1') }, { image: drawing('B2') }] },
      }),
    ).toEqual({ image: drawing('A1'), sizes: TILE_SIZES });
    expect(leadImageOf({ pageType: 'search', search: { products: [{ image: drawing('S1') }] } })).toEqual({
      image: drawing('S1'),
      sizes: TILE_SIZES,
    });
    // No results: the first screen is the words that say so.
    expect(leadImageOf({ pageType: 'search', search: { products: [] } })).toBeNull();
    expect(leadImageOf({ pageType: 'search', listing: { products: [] } })).toBeNull();
    expect(leadImageOf({ pageType: 'product', product: { images: [drawing('C3'), drawing('C3', 2)] } })).toEqual({
      image: drawing('C3'),
      sizes: STAGE_SIZES,
    });
    expect(leadImageOf({ pageType: 'home' })).toBeNull();
  });

  it('is preloaded as the page will ask for it: the drawing’s URL, or the photo’s first source with its srcset and sizes', () => {
    expect(leadImagePreload({ pageType: 'category', listing: { products: [{ image: drawing('A1') }] } })).toBe(
      '<link rel="preload" as="image" href="/media/products/A1/1.svg" fetchpriority="high">',
    );
    const photo = {
      ...drawing('P9'),
      src: '/media/photos/P9/1-800.jpg',
      photo: {
        width: 1200,
        height: 1500,
        placeholder: 'data:image/webp;base64,AAAA',
        sources: [
          { type: 'image/avif', srcset: '/media/photos/P9/1-400.avif 400w, /media/photos/P9/1-800.avif 800w' },
          { type: 'image/webp', srcset: '/media/photos/P9/1-400.webp 400w' },
          { type: 'image/jpeg', srcset: '/media/photos/P9/1-400.jpg 400w' },
        ],
      },
    };
    expect(leadImagePreload({ pageType: 'product', product: { images: [photo] } })).toBe(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="/media/photos/P9/1-400.avif 400w, /media/photos/P9/1-800.avif 800w" imagesizes="${STAGE_SIZES}" fetchpriority="high">`,
    );
    expect(leadImagePreload({ pageType: 'content' })).toBeNull();
  });

  it('cannot break out of its attribute', () => {
    const link = leadImagePreload({
      pageType: 'category',
      listing: { products: [{ image: { ...drawing('X'), src: '/m/"><script>x</script>' } }] },
    });
    expect(link).toBe(
      '<link rel="preload" as="image" href="/m/&quot;&gt;&lt;script&gt;x&lt;/script&gt;" fetchpriority="high">',
    );
  });
});
