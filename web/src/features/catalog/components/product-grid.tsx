import type { Schemas } from '../../../lib/api-client';
import { ProductTile } from './product-tile';
import './product-grid.css';

export function ProductGrid({ products, label }: { products: Schemas['ProductTile'][]; label: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductTile product={p} eager={i < 4} />
        </li>
      ))}
    </ul>
  );
}
