import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';
import { CmsLink } from './cms-link';
import { Heading, useContentSlots } from './content-context';
import { SnapCarousel } from './snap-carousel';

type Product = Schemas['ProductTile'];

/** Without the app's product tile (stories of this feature alone): a plain linked name. */
function PlainTile({ product }: { product: Product }) {
  const localize = useLocalizePath();
  return (
    <a href={localize(product.url)} className="cms-plain-tile">
      <img src={product.image.src} alt={product.image.alt} width={600} height={750} loading="lazy" />
      <span>{product.name}</span>
    </a>
  );
}

/**
 * A row of products picked by the merchandisers, as a carousel or a grid. Its first pictures load at once only
 * when it opens the page (`firstScreen`); further down they load as the shopper scrolls near them, so that on a
 * phone they do not take the network from the first screen's (docs/web-performance.md#first-screen-pictures-only).
 */
export function ProductIsland({
  component,
  firstScreen = false,
}: {
  component: Schemas['CmsProductIslandComponent'];
  firstScreen?: boolean;
}) {
  const { renderProductTile } = useContentSlots();
  const { title, products, display, link } = component;
  if (products.length === 0) return null;
  const render = (p: Product, i: number) =>
    renderProductTile ? renderProductTile(p, i, firstScreen) : <PlainTile product={p} />;
  const more = link ? (
    <p className="cms-product-island__more">
      <CmsLink link={link} className="cms-cta" />
    </p>
  ) : null;
  if (display === 'carousel') {
    return (
      <div className="cms-product-island">
        <SnapCarousel
          className="cms-product-island__carousel"
          label={title}
          title={<Heading className="cms-section-title">{title}</Heading>}
          slides={products.map(render)}
        />
        {more}
      </div>
    );
  }
  return (
    <section className="cms-product-island" aria-label={title}>
      <Heading className="cms-section-title">{title}</Heading>
      <ul className="cms-product-island__grid" role="list">
        {products.map((p, i) => (
          <li key={p.id}>{render(p, i)}</li>
        ))}
      </ul>
      {more}
    </section>
  );
}
