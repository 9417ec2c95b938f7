import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { PriceTag } from '../../../components/price-tag';
import { ProductPicture } from '../../../components/product-picture';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';
import './product-tile.css';

/** How wide a tile is shown: a quarter of the page on desktops (the default grid), half on phones. */
export const TILE_SIZES = '(min-width: 1024px) 25vw, 50vw';

/**
 * A listing card: image (second view on hover), name, colour, price, and a sold-out note. The name is a heading
 * one level below the section the tiles are in: 3 under a section's h2 (the default), 2 straight under the page's
 * h1 (a listing, search results), so headings never skip a level.
 */
export function ProductTile({
  product,
  eager = false,
  onNavigate,
  headingLevel = 3,
}: {
  product: Schemas['ProductTile'];
  eager?: boolean;
  onNavigate?: () => void;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as 'h3';
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <article className="product-tile" data-testid="product-tile">
      <Link to={localize(product.url)} className="product-tile__link" onClick={onNavigate}>
        <div className="product-tile__media">
          <ProductPicture
            className="product-tile__image"
            image={product.image}
            sizes={TILE_SIZES}
            width={600}
            height={750}
            loading={eager ? 'eager' : 'lazy'}
            // The first row's pictures are the page's largest paint on a phone: fetched before other requests,
            // and drawn in the frame that shows them (an async decode may wait for a later frame, after the app's
            // scripts have run).
            fetchPriority={eager ? 'high' : undefined}
            decoding={eager ? undefined : 'async'}
          />
          {product.hoverImage && (
            <ProductPicture
              className="product-tile__image product-tile__image--hover"
              image={product.hoverImage}
              alt=""
              sizes={TILE_SIZES}
              width={600}
              height={750}
              loading="lazy"
              decoding="async"
            />
          )}
        </div>
        <Heading className="product-tile__name">{product.name}</Heading>
      </Link>
      <p className="product-tile__color">{product.color}</p>
      <div className="product-tile__price">
        <PriceTag price={product.price} size="sm" />
      </div>
      {!product.availability.inStock && <p className="product-tile__status">{t('product.soldOut')}</p>}
    </article>
  );
}
