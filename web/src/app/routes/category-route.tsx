import type { Schemas } from '../../lib/api-client';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { CategoryListing } from '../../features/catalog/components/category-listing';

export function CategoryRoute({ data }: { data: Schemas['CategoryPageData'] }) {
  return (
    <>
      <Breadcrumbs items={data.listing.breadcrumbs.slice(0, -1)} />
      {/* The boutique's listings take no filters yet (their page data has none). */}
      <CategoryListing listing={data.listing} filterable={data.pageType === 'category'} />
    </>
  );
}
