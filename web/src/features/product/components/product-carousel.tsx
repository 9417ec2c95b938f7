import type { ReactNode } from 'react';
import { useId } from 'react';
import type { Schemas } from '../../../lib/api-client';

/**
 * A row of product tiles under a heading ("You may also like", "Recently viewed"). It scrolls
 * sideways on phones and never moves by itself. The tile is the app's (passed in), so this feature
 * does not depend on the catalogue's.
 */
export function ProductCarousel({
  title,
  products,
  renderTile,
  testId,
}: {
  title: string;
  products: readonly Schemas['ProductTile'][];
  renderTile: (tile: Schemas['ProductTile'], index: number) => ReactNode;
  testId?: string;
}) {
  const id = useId();
  if (products.length === 0) return null;
  return (
    <section className="product-carousel" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="product-carousel__title">
        {title}
      </h2>
      <ul className="product-carousel__track">
        {products.map((p, i) => (
          <li key={p.id} className="product-carousel__item">
            {renderTile(p, i)}
          </li>
        ))}
      </ul>
    </section>
  );
}
