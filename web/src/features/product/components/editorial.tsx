import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';
import './editorial.css';

/** A look in a grid: its photograph, its number in the show and its name. */
export function LookCard({ look, eager = false }: { look: Schemas['Look']; eager?: boolean }) {
  const { t } = useTranslation('product');
  const localize = useLocalizePath();
  return (
    <article className="look-card" data-testid="look-card">
      <Link to={localize(look.url)} className="look-card__link">
        <img
          className="look-card__image"
          src={look.image.src}
          alt={look.image.alt}
          width={look.image.width ?? 600}
          height={look.image.height ?? 900}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        {/* The number says nothing more when the look is named after it ("Look 12"). */}
        {t('look.position', { position: look.position }) !== look.name && (
          <p className="look-card__position">{t('look.position', { position: look.position })}</p>
        )}
        <h3 className="look-card__name">{look.name}</h3>
      </Link>
    </article>
  );
}

/**
 * A collection on the collections landing: a large photograph beside its name, season and text, a
 * preview of its pieces and the ways in (the collection, its pieces, its looks).
 */
export function CollectionFeature({
  collection,
  index,
  renderTile,
}: {
  collection: Schemas['Collection'];
  index: number;
  renderTile: (tile: Schemas['ProductTile'], index: number) => ReactNode;
}) {
  const { t } = useTranslation('product');
  const localize = useLocalizePath();
  const headingId = `collection-${collection.slug}`;
  return (
    <section
      className="collection-feature"
      data-flip={index % 2 === 1 || undefined}
      aria-labelledby={headingId}
      data-testid="collection-feature"
    >
      <Link to={localize(collection.url)} className="collection-feature__media" tabIndex={-1} aria-hidden="true">
        <img
          src={collection.image.src}
          alt=""
          width={collection.image.width ?? 900}
          height={collection.image.height ?? 1100}
          loading={index === 0 ? 'eager' : 'lazy'}
          decoding="async"
        />
      </Link>
      <div className="collection-feature__text">
        {collection.bornSeasonCode && <p className="editorial__eyebrow">{collection.bornSeasonCode}</p>}
        <h2 id={headingId} className="collection-feature__name">
          <Link to={localize(collection.url)}>{collection.name}</Link>
        </h2>
        {collection.description && <p className="editorial__text">{collection.description}</p>}
        {collection.items.length > 0 && (
          <ul className="collection-feature__preview">
            {collection.items.slice(0, 4).map((p, i) => (
              <li key={p.id}>{renderTile(p, i)}</li>
            ))}
          </ul>
        )}
        <p className="editorial__links">
          <Link to={localize(collection.url)} className="editorial__link">
            {t('collections.discover')}
          </Link>
          {collection.totalItems > 0 && (
            <Link to={localize(`${collection.url}/items`)} className="editorial__link">
              {t('collections.allItems', { total: collection.totalItems })}
            </Link>
          )}
          {collection.totalLooks > 0 && (
            <Link to={localize(`${collection.url}/looks`)} className="editorial__link">
              {t('collections.allLooks', { total: collection.totalLooks })}
            </Link>
          )}
        </p>
      </div>
    </section>
  );
}

/** Previous and next pages of a paged list, as plain links (each page has its own URL). */
export function Pager({
  page,
  pageCount,
  hrefOf,
}: {
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
}) {
  const { t } = useTranslation('product');
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pagination.label')}>
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className="editorial__link" rel="prev">
          {t('pagination.previous')}
        </Link>
      ) : (
        <span />
      )}
      <p className="pager__status">{t('pagination.status', { page, pages: pageCount })}</p>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} className="editorial__link" rel="next">
          {t('pagination.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
