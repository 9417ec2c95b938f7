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
}

export function ProductGrid({ products, label, view, onProductClick, eagerCount = 4 }: ProductGridProps) {
  return (
    <ul className="product-grid" aria-label={label} data-view={view}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductTile product={p} eager={i < eagerCount} onNavigate={onProductClick ? () => onProductClick(p) : undefined} />
        </li>
      ))}
    </ul>
  );
}
