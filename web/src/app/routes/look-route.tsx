import { useTranslation } from '../../lib/i18n-react';
import { Link } from '../../lib/router';
import type { Schemas } from '../../lib/api-client';
import { useLocalizePath } from '../../lib/market-context';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { ProductTile } from '../../features/catalog/components/product-tile';
import '../../features/product/components/editorial.css';

/** `/looks/{slug}`: the look's photographs beside its story and the pieces worn in it (catalogue tiles). */
export function LookRoute({ data }: { data: Schemas['LookPageData'] }) {
  const { t } = useTranslation('product');
  const localize = useLocalizePath();
  const { look } = data;
  const images = [look.image, ...(look.images ?? [])];
  return (
    <div className="editorial">
      <Breadcrumbs items={data.breadcrumbs} />
      <article className="look-page">
        <div className="look-page__gallery">
          {images.map((img, i) => (
            <img
              key={img.src}
              src={img.src}
              alt={img.alt}
              width={img.width ?? 600}
              height={img.height ?? 900}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              decoding="async"
            />
          ))}
        </div>
        <div className="look-page__text">
          <p className="editorial__eyebrow">
            {data.collection ? (
              <Link to={localize(data.collection.url)} className="editorial__link">
                {data.collection.name}
              </Link>
            ) : (
              look.bornSeasonCode
            )}
          </p>
          {t('look.position', { position: look.position }) !== look.name && (
            <p className="editorial__eyebrow">{t('look.position', { position: look.position })}</p>
          )}
          <h1 className="editorial__title">{look.name}</h1>
          {look.description && <p className="editorial__text">{look.description}</p>}
          <section className="editorial__section" aria-labelledby="look-products">
            <h2 id="look-products" className="editorial__section-title">
              {t('look.shop')}
            </h2>
            {look.products.length > 0 ? (
              <ul className="look-page__products">
                {look.products.map((p, i) => (
                  <li key={p.id}>
                    <ProductTile product={p} eager={i < 2} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="editorial__note">{t('look.noProducts')}</p>
            )}
          </section>
          {(data.previousLook || data.nextLook) && (
            <nav className="look-page__nav" aria-label={t('look.navigation')}>
              {data.previousLook ? (
                <Link to={localize(data.previousLook.url)} className="editorial__link" rel="prev">
                  {t('look.previous')}
                </Link>
              ) : (
                <span />
              )}
              {data.nextLook && (
                <Link to={localize(data.nextLook.url)} className="editorial__link" rel="next">
                  {t('look.next')}
                </Link>
              )}
            </nav>
          )}
        </div>
      </article>
    </div>
  );
}
