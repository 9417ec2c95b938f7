// The markup of a product view: a <picture> with AVIF, WebP and JPEG candidates for a photo, the drawing's
// <img> unchanged otherwise; on the product page's gallery and on listing tiles, rendered as the server does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { Schemas } from '../lib/api-client';
import { render } from '../entry-server';
import type { PageData } from '../app/storefront';
import { ProductPicture } from './product-picture';

const PID = '5YSHRR327DCK';
const HASH = '3f9a1c0d5e7b2a46';
const srcset = (ext: string, widths: number[]) =>
  widths.map((w) => `/media/photos/${PID}/1/${HASH}-${w}.${ext} ${w}w`).join(', ');
const placeholder = 'data:image/webp;base64,UklGRkIAAABXRUJQVlA4IDYAAADQAQCdASoQABQAPzmEuVOvKKWisAgB4CcJaQAAW+q+9AAA';
const photographed: Schemas['Image'] = {
  src: `/media/photos/${PID}/1/${HASH}-640.jpg`,
  alt: 'Sac de jour — black, front',
  width: 1600,
  height: 2000,
  photo: {
    width: 1600,
    height: 2000,
    placeholder,
    sources: [
      { type: 'image/avif', srcset: srcset('avif', [320, 640, 960]) },
      { type: 'image/webp', srcset: srcset('webp', [320, 640, 960]) },
      { type: 'image/jpeg', srcset: srcset('jpg', [320, 640, 960]) },
    ],
  },
};
const drawing: Schemas['Image'] = {
  src: `/media/products/${PID}/1.svg`,
  alt: 'Sac de jour — black',
  width: 600,
  height: 750,
};

/** The elements of `html` as tag name and attributes (React writes `srcSet`, HTML reads any case). */
function elements(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((m) =>
    Object.fromEntries(
      [...m[1]!.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].map((a) => [
        a[1]!.toLowerCase(),
        (a[2] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"'),
      ]),
    ),
  );
}

describe('ProductPicture', () => {
  it('offers AVIF, then WebP, then the JPEG srcset of the <img>, with sizes, the photo’s size and its placeholder', () => {
    const html = renderToStaticMarkup(
      <ProductPicture
        className="tile"
        image={photographed}
        sizes="(min-width: 1024px) 25vw, 50vw"
        width={600}
        height={750}
        loading="lazy"
      />,
    );
    expect(html).toMatch(/^<picture class="product-picture"><source [^>]*><source [^>]*><img [^>]*\/><\/picture>$/);
    const sources = elements(html, 'source');
    expect(sources).toEqual([
      { type: 'image/avif', srcset: srcset('avif', [320, 640, 960]), sizes: '(min-width: 1024px) 25vw, 50vw' },
      { type: 'image/webp', srcset: srcset('webp', [320, 640, 960]), sizes: '(min-width: 1024px) 25vw, 50vw' },
    ]);
    const [img] = elements(html, 'img');
    expect(img).toMatchObject({
      class: 'tile product-picture__img',
      src: photographed.src,
      srcset: srcset('jpg', [320, 640, 960]),
      sizes: '(min-width: 1024px) 25vw, 50vw',
      alt: photographed.alt,
      width: '1600',
      height: '2000',
      loading: 'lazy',
    });
    expect(img!.style).toBe(`background-image:url("${placeholder}")`);
  });

  it('renders a view without a photo as the same <img> as before photos existed', () => {
    const html = renderToStaticMarkup(
      <ProductPicture
        className="tile"
        image={drawing}
        sizes="50vw"
        width={600}
        height={750}
        loading="lazy"
        decoding="async"
      />,
    );
    expect(html).toBe(
      renderToStaticMarkup(
        <img
          className="tile"
          src={drawing.src}
          alt={drawing.alt}
          width={600}
          height={750}
          loading="lazy"
          decoding="async"
        />,
      ),
    );
  });

  it('takes the alt it is given over the image’s own', () => {
    const html = renderToStaticMarkup(<ProductPicture image={photographed} alt="" sizes="120px" />);
    expect(elements(html, 'img')[0]!.alt).toBe('');
  });
});

const example = (name: string) =>
  (
    YAML.parse(
      readFileSync(
        join(import.meta.dirname, '../../../openapi/storefront/components/examples', `${name}.yaml`),
        'utf8',
      ),
    ) as { value: PageData }
  ).value;

describe('product pictures on the pages', () => {
  it('the product gallery shows a photographed view as a <picture>, and the other views as drawings', async () => {
    const data = structuredClone(example('get-product-page-data-en-us')) as PageData & { product: Schemas['Product'] };
    data.product.images[0] = { ...photographed, alt: data.product.images[0]!.alt };
    const { appHtml } = await render({ url: data.product.url, data, brandName: 'Saint Laurent' });
    const gallery = appHtml.slice(appHtml.indexOf('class="product-gallery"'));
    expect(elements(gallery, 'source').map((s) => s.type)).toEqual(
      expect.arrayContaining(['image/avif', 'image/webp']),
    );
    const stage = elements(gallery, 'img').filter((i) => i.srcset);
    expect(stage[0]).toMatchObject({
      src: photographed.src,
      width: '1600',
      height: '2000',
      sizes: '(min-width: 1024px) 50vw, 100vw',
    });
    // The thumbnail of the photographed view asks for its 120-pixel box.
    expect(stage.some((i) => i.sizes === '120px')).toBe(true);
    for (const other of data.product.images.slice(1)) expect(gallery).toContain(`src="${other.src}"`);
  });

  it('a listing tile shows its photographed views as <picture>s and the other tiles as before', async () => {
    const data = structuredClone(example('get-category-page-data-en-us')) as PageData & {
      listing?: { products: Schemas['ProductTile'][] };
    } & Record<string, unknown>;
    const tiles = data.listing!.products;
    expect(tiles.length).toBeGreaterThan(1);
    const [first, second] = tiles as [Schemas['ProductTile'], Schemas['ProductTile']];
    first.image = { ...photographed, alt: first.image.alt };
    const { appHtml } = await render({ url: '/ca/women-bags', data, brandName: 'Saint Laurent' });
    const pictures = elements(appHtml, 'img').filter((i) => i.class?.includes('product-tile__image') && i.srcset);
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toMatchObject({
      src: photographed.src,
      sizes: '(min-width: 1024px) 25vw, 50vw',
      alt: first.image.alt,
    });
    expect(appHtml).toContain(`src="${second.image.src}"`);
    expect(elements(appHtml, 'img').find((i) => i.src === second.image.src)).toMatchObject({
      width: '600',
      height: '750',
    });
  });
});
