import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ShopKit } from '../../../stories/shop-kit';
import { ordersStoryData } from '../orders-story-data';
import { CancelOrderDialog } from './cancel-order-dialog';
import { GuestOrderPage } from './guest-order-page';
import { OrderDetail } from './order-detail';
import { OrderHistory } from './order-history';
import { OrderTimeline } from './order-timeline';
import { TrackedOrder, TrackOrderPage } from './track-order-page';

export default { title: 'Orders' };

// Without a server the forms' calls fail: the tracking form shows its checks and "the service could not be
// reached"; the order pages show the contract's examples.
const { trackPageFr, trackedFr, ordersFr, onlineEn, offlineFr, guestFr, paidFr } = ordersStoryData;

export const TrackOrderForm: Story = () => (
  <ShopKit locale="fr-fr" path="/fr-fr/track-order">
    <TrackOrderPage data={trackPageFr} />
  </ShopKit>
);

export const TrackedOrderResult: Story = () => (
  <ShopKit locale="fr-fr">
    <div style={{ maxWidth: 640, margin: '2rem auto' }}>
      <TrackedOrder order={trackedFr} />
    </div>
  </ShopKit>
);

export const Timelines: Story = () => (
  <ShopKit locale="fr-fr">
    <div style={{ display: 'grid', gap: '3rem', maxWidth: 720, margin: '2rem auto' }}>
      <OrderTimeline order={paidFr} />
      <OrderTimeline order={{ ...paidFr, deliveryMethod: 'PickUpAtStore', status: 'readyForPickup' }} />
      <OrderTimeline order={{ ...paidFr, status: 'cancelled', cancelledAt: '2026-11-25T11:00:00Z' }} />
    </div>
  </ShopKit>
);

export const OrderHistoryPage: Story = () => (
  <ShopKit locale="fr-fr" path="/fr-fr/myaccount/orders">
    <OrderHistory data={ordersFr} />
  </ShopKit>
);

export const EmptyOrderHistory: Story = () => (
  <ShopKit locale="fr-fr" path="/fr-fr/myaccount/orders">
    <OrderHistory
      data={{
        ...ordersFr,
        online: { ...ordersFr.online, orders: [], total: 0 },
        offline: { ...ordersFr.offline, orders: [], total: 0 },
      }}
    />
  </ShopKit>
);

export const OnlineOrderDelivered: Story = () => (
  <ShopKit locale="en-us" path="/myaccount/order-online">
    <OrderDetail order={onlineEn.order} store={onlineEn.store} returnUrl={onlineEn.returnUrl} canCancel />
  </ShopKit>
);

export const OnlineOrderCancellable: Story = () => (
  <ShopKit locale="fr-fr" path="/fr-fr/myaccount/order-online">
    <OrderDetail order={paidFr} store={null} returnUrl={null} canCancel />
  </ShopKit>
);

export const InBoutiquePurchase: Story = () => (
  <ShopKit locale="fr-fr" path="/fr-fr/myaccount/order-offline">
    <OrderDetail order={offlineFr.order} store={offlineFr.store} returnUrl={offlineFr.returnUrl} />
  </ShopKit>
);

export const GuestOrder: Story = () => (
  <ShopKit locale="fr-fr" path="/fr-fr/guest/order-online">
    <GuestOrderPage data={guestFr} />
  </ShopKit>
);

export const CancelOrder: Story = () => {
  const [open, setOpen] = useState(true);
  return (
    <ShopKit locale="fr-fr">
      <Button onPress={() => setOpen(true)}>Annuler</Button>
      <CancelOrderDialog
        orderNumber={paidFr.orderNumber}
        isOpen={open}
        onOpenChange={setOpen}
        onCancelled={() => undefined}
      />
    </ShopKit>
  );
};
