// The order pages compose two features: the account area's layout (its navigation and sign-out) and the
// orders feature's history and order detail; the tracking page adds its help text from the content feature.
import { useTranslation } from '../../lib/i18n-react';
import type { Schemas } from '../../lib/api-client';
import { AccountShell } from '../../features/account/components/account-layout';
import { useGoToSignIn } from '../../features/account/use-account-navigation';
import { ContentRenderer } from '../../features/content';
import { GuestOrderPage } from '../../features/orders/components/guest-order-page';
import { OrderDetail, OrderTitle } from '../../features/orders/components/order-detail';
import { OrderHistory } from '../../features/orders/components/order-history';
import { TrackOrderPage } from '../../features/orders/components/track-order-page';

/** `/track-order`. */
export function TrackOrderRoute({ data }: { data: Schemas['TrackOrderPageData'] }) {
  const help = data.content?.components.length ? <ContentRenderer components={data.content.components} /> : undefined;
  return <TrackOrderPage data={data} help={help} />;
}

/** `/guest/order-online?transactionUuid=…`. */
export function GuestOrderRoute({ data }: { data: Schemas['OrderDetailPageData'] }) {
  return <GuestOrderPage key={data.order.orderNumber} data={data} />;
}

/** `/myaccount/orders`. */
export function AccountOrdersRoute({ data }: { data: Schemas['OrderHistoryPageData'] }) {
  const { t } = useTranslation('orders');
  return (
    <AccountShell title={t('history.title')} intro={t('history.intro')}>
      <OrderHistory data={data} />
    </AccountShell>
  );
}

/** `/myaccount/order-online?orderNumber=…` and `/myaccount/order-offline?orderNumber=…`. */
export function AccountOrderRoute({ data }: { data: Schemas['OrderDetailPageData'] }) {
  const goToSignIn = useGoToSignIn();
  return (
    <AccountShell title={<OrderTitle orderNumber={data.order.orderNumber} />}>
      <OrderDetail
        key={data.order.orderNumber}
        order={data.order}
        store={data.store}
        returnUrl={data.returnUrl}
        canCancel={data.order.channel === 'online'}
        onSignedOut={goToSignIn}
      />
    </AccountShell>
  );
}
