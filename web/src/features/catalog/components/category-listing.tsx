import { useTranslation } from '../../../lib/i18n-react';
import { Link, useLocation } from '../../../lib/router';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { categoryFacetsQuery, type ListingFacets } from '../api/catalog-queries';
import { categoryPageRef, saveProductCategoryContext } from '../navigation-context';
import type { GridView } from '../listing-url';
import { ProductListing } from './product-listing';
import './category-listing.css';

/** A category page body: title, sub-categories, then the listing (filters, sort, grid, pages). */
export function CategoryListing({
  listing,
  defaultView,
  filterable = true,
}: {
  listing: Schemas['CategoryListing'] & ListingFacets;
  defaultView?: GridView;
  filterable?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const localize = useLocalizePath();
  const { locale } = useMarket();
  const location = useLocation();
  const slug = listing.category.slug;
  const facetsQuery = (filters: string) => categoryFacetsQuery(locale, slug, filters);

  return (
    <div className="category-listing">
      <header className="category-listing__header">
        <h1 className="category-listing__title">{listing.category.name}</h1>
        {listing.subCategories.length > 0 && (
          <nav aria-label={t('subcategories', { name: listing.category.name })}>
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
      <ProductListing
        label={listing.category.name}
        basePath={localize(listing.category.url)}
        products={listing.products}
        total={listing.totalNrOfProducts}
        page={listing.page}
        pageSize={listing.pageSize}
        pageCount={listing.pageCount}
        sort={listing.sort}
        appliedFilters={listing.appliedFilters}
        filters={listing.filters}
        facetsQuery={facetsQuery}
        filterable={filterable}
        defaultView={defaultView}
        // Spec §4: the category a product is opened from is remembered only from a category page.
        onProductClick={(p) => saveProductCategoryContext(p.id, categoryPageRef(listing, location.search))}
      />
    </div>
  );
}
