import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { formatPrice } from '../../../lib/format';
import { printAddress } from '../../../lib/forms/address-rules';
import { useMarket } from '../../../lib/market-context';
import {
  cardBrand,
  cardDigits,
  type CheckoutOptions,
  type ContactValues,
  type DeliveryChoice,
  type PaymentChoice,
  type StepId,
} from '../checkout-model';
import type { useCountryAddressFormat } from '../api/checkout-queries';
import { useDeliveryDates } from './delivery-step';
import { WalletMark } from './payment-step';

export interface StepSummaryInput {
  contact: ContactValues;
  delivery: DeliveryChoice | null;
  payment: PaymentChoice | null;
  /** The chosen delivery option, if still offered. */
  option: CheckoutOptions['deliveryOptions'][number] | undefined;
  options: CheckoutOptions;
  /** The address format of the market's country, once read. */
  format: NonNullable<ReturnType<typeof useCountryAddressFormat>['data']>['countries'][number] | undefined;
}

/** What a completed step shows once folded: the contact, the delivery and the payment chosen. */
export function useStepSummaries({
  contact,
  delivery,
  payment,
  option,
  options,
  format,
}: StepSummaryInput): Record<StepId, ReactNode> {
  const { t } = useTranslation('checkout');
  const { locale } = useMarket();
  const currency = options.basket.currencyCode ?? 'EUR';
  const money = (v: number) => formatPrice(v, currency, locale);
  const dates = useDeliveryDates();
  return useMemo(() => {
    const store = delivery?.storeId ? options.pickupStores.find((s) => s.storeId === delivery.storeId) : undefined;
    const saved = delivery?.addressId ? options.savedAddresses.find((a) => a.id === delivery.addressId) : undefined;
    const address = saved ?? delivery?.address;
    return {
      contact: (
        <>
          <p>
            {[contact.civility ? t(`account:civility.${contact.civility}`) : '', contact.firstName, contact.lastName]
              .filter(Boolean)
              .join(' ')}
          </p>
          <p>{contact.email}</p>
          <p dir="ltr">{contact.phone}</p>
        </>
      ),
      delivery: option && (
        <>
          <p className="checkout-step__strong">
            {option.label} · {option.cost === 0 ? t('delivery.free') : money(option.cost)}
          </p>
          <p>{dates(option)}</p>
          {store && <p>{[store.name, ...store.addressLines].join(', ')}</p>}
          {!store && address && <p>{printAddress(address, format, format?.name).join(', ')}</p>}
          {delivery?.gift.wrap && <p>{t('delivery.giftSummary')}</p>}
        </>
      ),
      payment: payment && (
        <p className="checkout-step__payment">
          {payment.method === 'expressPay' ? (
            <>
              <WalletMark /> {t('payment.express')}
            </>
          ) : (
            <>
              {t('payment.cardSummary', {
                brand: t(`payment.brand.${cardBrand(cardDigits(payment.card.number))}`),
                last4: cardDigits(payment.card.number).slice(-4),
              })}
              <span className="checkout-hint">
                {' '}
                · {t('payment.expirySummary', { expiry: payment.card.expiry.replace(/\s/g, '') })}
              </span>
            </>
          )}
        </p>
      ),
      review: null,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the summaries follow the form's values; t and the card helpers change with the language, which re-renders the page
  }, [contact, delivery, payment, option, options, format]);
}
