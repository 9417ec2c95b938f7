// Stories only: the contract's own examples (openapi/storefront/components/examples) of the return pages.
import YAML from 'yaml';
import type { Schemas } from '../../lib/api-client';
import returnOrderEn from '../../../../openapi/storefront/components/examples/get-return-order-page-data-en-us.yaml?raw';
import returnOrderFr from '../../../../openapi/storefront/components/examples/get-return-order-page-data-fr-fr.yaml?raw';
import guestEn from '../../../../openapi/storefront/components/examples/get-guest-return-exchange-page-data-en-us.yaml?raw';
import accountFr from '../../../../openapi/storefront/components/examples/get-account-return-exchange-page-data-fr-fr.yaml?raw';
import thanksEn from '../../../../openapi/storefront/components/examples/get-return-thank-you-page-data-en-us.yaml?raw';
import thanksFr from '../../../../openapi/storefront/components/examples/get-return-thank-you-page-data-fr-fr.yaml?raw';

const value = <T>(raw: string) => (YAML.parse(raw) as { value: T }).value;

export const returnsStoryData = {
  returnOrderEn: value<Schemas['ReturnOrderPageData']>(returnOrderEn),
  returnOrderFr: value<Schemas['ReturnOrderPageData']>(returnOrderFr),
  guestEn: value<Schemas['ReturnExchangePageData']>(guestEn),
  accountFr: value<Schemas['ReturnExchangePageData']>(accountFr),
  thanksEn: value<Schemas['ReturnThankYouPageData']>(thanksEn),
  thanksFr: value<Schemas['ReturnThankYouPageData']>(thanksFr),
};
