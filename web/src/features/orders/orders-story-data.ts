// Stories only: the contract's own examples (openapi/storefront/components/examples) of the order pages.
import YAML from 'yaml';
import type { Schemas } from '../../lib/api-client';
import trackPageFr from '../../../../openapi/storefront/components/examples/get-track-order-page-data-fr-fr.yaml?raw';
import trackedFr from '../../../../openapi/storefront/components/examples/track-order-fr-fr.yaml?raw';
import ordersFr from '../../../../openapi/storefront/components/examples/get-orders-page-data-fr-fr.yaml?raw';
import onlineEn from '../../../../openapi/storefront/components/examples/get-online-order-page-data-en-us.yaml?raw';
import offlineFr from '../../../../openapi/storefront/components/examples/get-offline-order-page-data-fr-fr.yaml?raw';
import guestFr from '../../../../openapi/storefront/components/examples/get-guest-order-online-page-data-fr-fr.yaml?raw';
import placedFr from '../../../../openapi/storefront/components/examples/place-order-fr-fr.yaml?raw';

const value = <T>(raw: string) => (YAML.parse(raw) as { value: T }).value;
const onlineEnData = value<Schemas['OrderDetailPageData']>(onlineEn);

export const ordersStoryData = {
  trackPageFr: value<Schemas['TrackOrderPageData']>(trackPageFr),
  trackedFr: value<Schemas['Order']>(trackedFr),
  ordersFr: value<Schemas['OrderHistoryPageData']>(ordersFr),
  onlineEn: onlineEnData,
  offlineFr: value<Schemas['OrderDetailPageData']>(offlineFr),
  guestFr: value<Schemas['OrderDetailPageData']>(guestFr),
  /** A paid order that can still be cancelled. */
  paidFr: value<Schemas['Order']>(placedFr),
};
