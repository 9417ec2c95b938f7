import { useTranslation } from '../../lib/i18n-react';
import { Link } from '../../lib/router';
import type { Schemas } from '../../lib/api-client';
import { useLocalizePath } from '../../lib/market-context';
import { ContentRenderer, opensWithHero } from '../../features/content';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { ProductTile } from '../../features/catalog/components/product-tile';
import './content-routes.css';

/** A campaign landing: the campaign's content, the product asked for, then the category's products. */
export function MarketingRoute({ data }: { data: Schemas['MarketingPageData'] }) {
  const { t } = useTranslation('content');
  const localize = useLocalizePath();
  const { content, product, category, products } = data;
  const hero = opensWithHero(content.components);
  return (
    <article className={`content-page${hero ? ' content-page--hero' : ''}`}>
      {!hero && <h1 className="content-page__title">{content.title}</h1>}
      <ContentRenderer components={content.components} heroIsPageTitle={hero} />
      {product && (
        <section className="marketing__product" aria-labelledby="marketing-product">
          <h2 id="marketing-product" className="cms-section-title">
            {t('marketing.featured')}
          </h2>
          <div className="marketing__product-tile">
            <ProductTile product={product} eager />
          </div>
        </section>
      )}
      {category && products.length > 0 && (
        <section className="marketing__category" aria-labelledby="marketing-category">
          <h2 id="marketing-category" className="cms-section-title">
            {category.name}
          </h2>
          <ProductGrid products={products} label={category.name} />
          <p className="cms-product-island__more">
            <Link className="cms-cta" to={localize(category.url)}>
              {t('marketing.shopCategory', { name: category.name })}
            </Link>
          </p>
        </section>
      )}
    </article>
  );
}
