import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Select } from '../../../components/ui/select';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';
import { ProductGrid } from './product-grid';
import './category-listing.css';

const SORTS = ['recommended', 'price_asc', 'price_desc', 'newest'] as const;

/** A category page body: title, sub-categories, count, sort menu, grid and pagination (URL state). */
export function CategoryListing({ listing }: { listing: Schemas['CategoryListing'] }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const base = localize(listing.category.url);
  const hrefFor = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const q = next.toString();
    return q ? `${base}?${q}` : base;
  };

  return (
    <div className="category-listing">
      <header className="category-listing__header">
        <h1 className="category-listing__title">{listing.category.name}</h1>
        {listing.subCategories.length > 0 && (
          <nav aria-label={listing.category.name}>
            <ul className="category-listing__subcategories">
              {listing.subCategories.map((c) => (
                <li key={c.id}>
                  <Link to={localize(c.url)}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <div className="category-listing__toolbar">
        <p className="category-listing__count" data-testid="total-products">
          {t('category.items', { count: listing.totalNrOfProducts })}
        </p>
        <Select
          label={t('category.sortBy')}
          variant="inline"
          items={SORTS.map((s) => ({ id: s, label: t(`category.sort.${s}`) }))}
          selectedKey={listing.sort}
          onSelectionChange={(id) => void navigate(hrefFor({ sort: id === 'recommended' ? null : id, page: null }))}
        />
      </div>
      {listing.products.length === 0 ? (
        <p className="category-listing__empty">{t('category.empty')}</p>
      ) : (
        <ProductGrid products={listing.products} label={listing.category.name} />
      )}
      {listing.pageCount > 1 && (
        <nav className="category-listing__pagination" aria-label={t('category.pagination')}>
          {listing.page > 1 ? (
            <Link rel="prev" to={hrefFor({ page: listing.page > 2 ? String(listing.page - 1) : null })}>
              {t('category.previous')}
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
          <span aria-current="page">{t('category.pageOf', { page: listing.page, count: listing.pageCount })}</span>
          {listing.page < listing.pageCount ? (
            <Link rel="next" to={hrefFor({ page: String(listing.page + 1) })}>
              {t('category.next')}
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
        </nav>
      )}
    </div>
  );
}
