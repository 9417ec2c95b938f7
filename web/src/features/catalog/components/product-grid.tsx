import type { Schemas } from '../../../lib/api-client';
import type { GridView } from '../listing-url';
import { ProductTile } from './product-tile';
import './product-grid.css';

export interface ProductGridProps {
  products: Schemas['ProductTile'][];
  label: string;
  /** Density of a listing's grid; without it, the default four columns (two on phones). */
  view?: GridView;
  /** Called when a tile's link is followed (e.g. to remember which listing it came from). */
  onProductClick?: (product: Schemas['ProductTile']) => void;
  /** How many tiles load their image eagerly (the first row). */
  eagerCount?: number;
  /** The level of the tiles' names: 2 when the grid sits straight under the page's h1 (default 3). */
  headingLevel?: 2 | 3 | 4;
}

export function ProductGrid({ products, label, view, onProductClick, eagerCount = 4, headingLevel }: ProductGridProps) {
  return (
    <ul className="product-grid" aria-label={label} data-view={view}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductTile
            product={p}
            eager={i < eagerCount}
            headingLevel={headingLevel}
            onNavigate={onProductClick ? () => onProductClick(p) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
