import type { Schemas } from '../../lib/api-client';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { StoreListPage } from '../../features/stores/components/store-list-page';
import { StoreDetailPage } from '../../features/stores/components/store-detail-page';

/** `/stores`: the market's boutiques (the stores feature). */
export function StoreListRoute({ data }: { data: Schemas['StoreListPageData'] }) {
  return <StoreListPage storeList={data.storeList} countries={data.countries} />;
}

/** `/stores/{name}-{id}`: one boutique, under the navigation's breadcrumbs. */
export function StoreDetailRoute({ data }: { data: Schemas['StoreDetailPageData'] }) {
  return (
    <>
      <Breadcrumbs items={data.breadcrumbs} />
      <StoreDetailPage key={data.store.id} store={data.store} nearbyStores={data.nearbyStores} />
    </>
  );
}
