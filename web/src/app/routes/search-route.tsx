import { useEffect } from 'react';
import type { Schemas } from '../../lib/api-client';
import { trackSearchResults } from '../../lib/analytics';
import { useLocalizePath, useMarket } from '../../lib/market-context';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { searchFacetsQuery } from '../../features/search/api/search-queries';
import { SearchNoResults } from '../../features/search/components/search-no-results';
import { SearchPageHeader } from '../../features/search/components/search-page-header';

/** The search page `/search?q=…`: the catalog's listing over the search results, or what is trending. */
export function SearchRoute({ data }: { data: Schemas['SearchPageData'] }) {
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const search = data.search;
  // Analytics learn which search index (spec §7) answered each page of results.
  useEffect(() => {
    if (search)
      trackSearchResults({
        searchTerm: search.query,
        indexName: search.indexName,
        resultsCount: search.totalNrOfProducts,
        page: search.page,
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page of results: its values, not the object a refetch renews
  }, [search?.query, search?.indexName, search?.totalNrOfProducts, search?.page]);
  const renderProducts = (products: Schemas['ProductTile'][]) => (
    <ProductGrid products={products} label={data.meta.title} view="ViewBy6" />
  );
  return (
    <div className="search-page">
      <SearchPageHeader key={search?.query ?? ''} query={search?.query ?? null} />
      {search ? (
        <ProductListing
          label={search.query}
          basePath={localize('/search')}
          products={search.products}
          total={search.totalNrOfProducts}
          page={search.page}
          pageSize={search.pageSize}
          pageCount={search.pageCount}
          sort={search.sort}
          appliedFilters={search.appliedFilters}
          filters={search.filters}
          facetsQuery={(filters) => searchFacetsQuery(locale, search.query, filters)}
          defaultView={search.defaultGridView}
          empty={
            <SearchNoResults
              query={search.query}
              suggestions={search.suggestions}
              trending={data.trending}
              renderProducts={renderProducts}
            />
          }
        />
      ) : (
        data.trending && (
          <SearchNoResults query="" suggestions={[]} trending={data.trending} renderProducts={renderProducts} />
        )
      )}
    </div>
  );
}
