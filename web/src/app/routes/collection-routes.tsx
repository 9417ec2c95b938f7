import { useTranslation } from '../../lib/i18n-react';
import { Link, useLocation } from '../../lib/router';
import type { Schemas } from '../../lib/api-client';
import { useLocalizePath } from '../../lib/market-context';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { ProductTile } from '../../features/catalog/components/product-tile';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { ContentRenderer } from '../../features/content';
import { CollectionFeature, LookCard, Pager } from '../../features/product/components/editorial';
import '../../features/product/components/editorial.css';

const tile = (p: Schemas['ProductTile'], i: number) => <ProductTile product={p} eager={i < 2} />;

/** `/collections`: the market's collections, newest season first, each as an editorial block. */
export function CollectionsRoute({ data }: { data: Schemas['CollectionsPageData'] }) {
  const { t } = useTranslation('product');
  return (
    <div className="editorial">
      <header className="editorial__header">
        <h1 className="editorial__title">{data.content?.title || t('collections.title')}</h1>
      </header>
      {data.content && data.content.components.length > 0 && (
        <ContentRenderer components={data.content.components} heroIsPageTitle={false} />
      )}
      {data.collections.length === 0 ? (
        <p className="editorial__note">{t('collections.none')}</p>
      ) : (
        data.collections.map((c, i) => <CollectionFeature key={c.id} collection={c} index={i} renderTile={tile} />)
      )}
    </div>
  );
}

function CollectionHeader({
  collection,
  breadcrumbs,
  subtitle,
}: {
  collection: Schemas['Collection'];
  breadcrumbs: Schemas['Breadcrumb'][];
  subtitle?: string;
}) {
  return (
    <>
      <Breadcrumbs items={breadcrumbs} />
      <header className="editorial__header">
        {collection.bornSeasonCode && <p className="editorial__eyebrow">{collection.bornSeasonCode}</p>}
        <h1 className="editorial__title">{collection.name}</h1>
        {subtitle && <p className="editorial__eyebrow">{subtitle}</p>}
      </header>
    </>
  );
}

/** `/collections/{slug}`: the collection's photograph and text, its first looks and pieces. */
export function CollectionRoute({ data }: { data: Schemas['CollectionPageData'] }) {
  const { t } = useTranslation('product');
  const localize = useLocalizePath();
  const { collection } = data;
  return (
    <div className="editorial">
      <CollectionHeader collection={collection} breadcrumbs={data.breadcrumbs} />
      <figure className="editorial__hero" style={{ margin: 0 }}>
        <img
          src={collection.image.src}
          alt={collection.image.alt}
          width={collection.image.width ?? 1440}
          height={collection.image.height ?? 900}
          fetchPriority="high"
        />
      </figure>
      {collection.description && (
        <div className="editorial__header">
          <p className="editorial__text">{collection.description}</p>
        </div>
      )}
      {data.content && data.content.components.length > 0 && (
        <ContentRenderer components={data.content.components} heroIsPageTitle={false} />
      )}
      <section className="editorial__section" aria-labelledby="collection-looks">
        <div className="editorial__section-head">
          <h2 id="collection-looks" className="editorial__section-title">
            {t('collections.looks')}
          </h2>
          {collection.totalLooks > collection.looks.length && (
            <Link to={localize(`${collection.url}/looks`)} className="editorial__link">
              {t('collections.allLooks', { total: collection.totalLooks })}
            </Link>
          )}
        </div>
        {collection.looks.length > 0 ? (
          <ul className="look-grid">
            {collection.looks.map((l, i) => (
              <li key={l.id}>
                <LookCard look={l} eager={i < 2} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="editorial__note">{t('collections.noLooks')}</p>
        )}
      </section>
      <section className="editorial__section" aria-labelledby="collection-items">
        <div className="editorial__section-head">
          <h2 id="collection-items" className="editorial__section-title">
            {t('collections.items')}
          </h2>
          {collection.totalItems > collection.items.length && (
            <Link to={localize(`${collection.url}/items`)} className="editorial__link">
              {t('collections.allItems', { total: collection.totalItems })}
            </Link>
          )}
        </div>
        {collection.items.length > 0 ? (
          <ProductGrid products={collection.items} label={t('collections.items')} eagerCount={0} />
        ) : (
          <p className="editorial__note">{t('collections.noItems')}</p>
        )}
      </section>
    </div>
  );
}

function usePageHref() {
  const location = useLocation();
  return (page: number) => {
    const q = new URLSearchParams(location.search);
    if (page <= 1) q.delete('page');
    else q.set('page', String(page));
    const s = q.toString();
    return `${location.pathname}${s ? `?${s}` : ''}`;
  };
}

/** `/collections/{slug}/items`: every piece of the collection, a page at a time. */
export function CollectionItemsRoute({ data }: { data: Schemas['CollectionItemsPageData'] }) {
  const { t } = useTranslation('product');
  const hrefOf = usePageHref();
  const { collection } = data;
  return (
    <div className="editorial">
      <CollectionHeader collection={collection} breadcrumbs={data.breadcrumbs} subtitle={t('collections.items')} />
      {collection.items.length > 0 ? (
        <ProductGrid products={collection.items} label={t('collections.items')} headingLevel={2} />
      ) : (
        <p className="editorial__note">{t('collections.noItems')}</p>
      )}
      <Pager page={data.page} pageCount={data.pageCount} hrefOf={hrefOf} />
    </div>
  );
}

/** `/collections/{slug}/looks`: every look of the collection, in show order. */
export function CollectionLooksRoute({ data }: { data: Schemas['CollectionLooksPageData'] }) {
  const { t } = useTranslation('product');
  const hrefOf = usePageHref();
  const { collection } = data;
  return (
    <div className="editorial">
      <CollectionHeader collection={collection} breadcrumbs={data.breadcrumbs} subtitle={t('collections.looks')} />
      {collection.looks.length > 0 ? (
        <ul className="look-grid">
          {collection.looks.map((l, i) => (
            <li key={l.id}>
              <LookCard look={l} eager={i < 4} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="editorial__note">{t('collections.noLooks')}</p>
      )}
      <Pager page={data.page} pageCount={data.pageCount} hrefOf={hrefOf} />
    </div>
  );
}
