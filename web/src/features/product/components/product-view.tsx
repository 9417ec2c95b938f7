import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PriceTag } from '../../../components/price-tag';
import type { Schemas } from '../../../lib/api-client';
import './product-view.css';

/**
 * The product page body: gallery and details. `purchase` is the add-to-bag area, composed by the page
 * (features do not import each other).
 */
export function ProductView({ product, purchase }: { product: Schemas['Product']; purchase: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="product-view">
      <ul className="product-view__gallery" aria-label={t('product.gallery')}>
        {product.images.map((img, i) => (
          <li key={img.src}>
            <img src={img.src} alt={img.alt} width={600} height={750} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} />
          </li>
        ))}
      </ul>
      <div className="product-view__details">
        <div className="product-view__sticky">
          <h1 className="product-view__name" data-testid="product-name">
            {product.name}
          </h1>
          <div className="product-view__price" data-testid="product-price">
            <PriceTag price={product.price} size="md" />
          </div>
          <p className="product-view__color">
            <span className="product-view__label">{t('product.color')}</span> {product.color.name}
          </p>
          {purchase}
          <section className="product-view__section" aria-labelledby="product-details-heading">
            <h2 id="product-details-heading" className="product-view__label">
              {t('product.details')}
            </h2>
            <p>{product.description}</p>
            <p>
              <span className="product-view__label">{t('product.composition')}</span> {product.compositions}
            </p>
            <p className="product-view__ref">{t('product.reference', { id: product.id })}</p>
          </section>
        </div>
      </div>
    </div>
  );
}
