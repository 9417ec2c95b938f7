import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormMessage } from '../../../components/ui/form-message';
import { TextAreaField } from '../../../components/ui/text-field';
import { formatPrice } from '../../../lib/format';
import { formatShopDay, formatShopDays } from '../../../lib/shop-day';
import {
  addressFormSpec,
  addressFormValues,
  addressFromValues,
  printAddress,
  validateAddress,
  type AddressFormValues,
} from '../../../lib/forms/address-rules';
import { useMarket } from '../../../lib/market-context';
import { useCountryAddressFormat } from '../api/checkout-queries';
import {
  checkGiftMessage,
  GIFT_MESSAGE_MAX,
  isStoreDelivery,
  storeSelectable,
  type Address,
  type CheckoutOptions,
  type DeliveryChoice,
  type DeliveryOption,
  type Message,
} from '../checkout-model';
import { AddressFields } from './address-fields';
import { focusFirstInvalid } from './focus';

export const NEW_ADDRESS = 'new';

export interface DeliveryDraft {
  optionId: string | null;
  /** A saved address id, or NEW_ADDRESS. */
  addressChoice: string;
  address: AddressFormValues;
  storeId: string | null;
  billing: AddressFormValues;
  gift: { wrap: boolean; message: string };
}

export function deliveryDraftOf(
  options: CheckoutOptions,
  country: string,
  names: { firstName: string; lastName: string },
): DeliveryDraft {
  const blank = { ...addressFormValues(null, country), firstName: names.firstName, lastName: names.lastName };
  return {
    optionId: options.deliveryOptions[0]?.id ?? null,
    addressChoice: options.savedAddresses[0]?.id ?? NEW_ADDRESS,
    address: blank,
    storeId: null,
    billing: blank,
    gift: { wrap: false, message: '' },
  };
}

/** When the option is expected: one day, a range, or "today" for a boutique holding every piece. */
export function useDeliveryDates() {
  const { t } = useTranslation('checkout');
  const { locale } = useMarket();
  return (option: Pick<DeliveryOption, 'estimatedFrom' | 'estimatedTo' | 'deliveryMethod'>) => {
    const dates = formatShopDays(option.estimatedFrom, option.estimatedTo, locale);
    if (option.deliveryMethod === 'PickUpAtStore') return t('delivery.collectToday');
    if (option.deliveryMethod === 'ShipToStore') return t('delivery.collectFrom', { dates });
    return option.estimatedFrom === option.estimatedTo
      ? t('delivery.estimatedOn', { date: formatShopDay(option.estimatedFrom, locale) })
      : t('delivery.estimated', { dates });
  };
}

/** The saved address without what only the address book needs. */
const forOrder = (address: Address): Address => {
  const { isDefault: _isDefault, type: _type, label: _label, ...rest } = address;
  return rest;
};

export interface DeliveryStepProps {
  options: CheckoutOptions;
  draft: DeliveryDraft;
  onChange: (draft: DeliveryDraft) => void;
  message?: string | undefined;
  onDone: (choice: DeliveryChoice) => void;
}

/**
 * Step 2: how the order comes — the market's delivery options with their price and dates; for a delivery,
 * a saved address or a new one in the form of the country; for a collection, the boutique (and a billing
 * address); a complimentary gift wrapping with a message.
 */
export function DeliveryStep({ options, draft, onChange, message, onDone }: DeliveryStepProps) {
  const { t } = useTranslation('checkout');
  const { locale, country } = useMarket();
  const currency = options.basket.currencyCode ?? 'EUR';
  const format = useCountryAddressFormat(locale, country).data?.countries[0];
  const spec = addressFormSpec(country, format);
  const countryName = format?.name ?? country;
  const dates = useDeliveryDates();
  const [errors, setErrors] = useState<Record<string, Message | undefined>>({});
  const option = options.deliveryOptions.find((o) => o.id === draft.optionId);
  const toStore = isStoreDelivery(option);
  const newAddress = draft.addressChoice === NEW_ADDRESS || options.savedAddresses.length === 0;

  const update = (patch: Partial<DeliveryDraft>, cleared: string[] = []) => {
    onChange({ ...draft, ...patch });
    if (cleared.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !cleared.includes(k))));
  };
  const setAddress = (which: 'address' | 'billing') => (field: keyof AddressFormValues, value: string) =>
    update({ [which]: { ...draft[which], [field]: value } } as Partial<DeliveryDraft>, [`${which}.${field}`]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found: Record<string, Message | undefined> = {};
    let choice: DeliveryChoice | null = null;
    const gift = {
      wrap: options.giftWrap && draft.gift.wrap,
      message: options.giftWrap && draft.gift.wrap ? draft.gift.message : '',
    };
    const giftError = checkGiftMessage(gift.message);
    if (giftError) found['gift.message'] = giftError;
    const checkAddress = (which: 'address' | 'billing') => {
      const problems = validateAddress(draft[which], spec);
      for (const [field, key] of Object.entries(problems)) found[`${which}.${field}`] = key;
      return Object.keys(problems).length ? null : forOrder(addressFromValues({ ...draft[which], country }, spec));
    };
    if (!option) found.option = 'checkout:delivery.chooseOption';
    else if (toStore) {
      const store = options.pickupStores.find((s) => s.storeId === draft.storeId);
      if (!store || !storeSelectable(option, store)) found.store = 'checkout:delivery.chooseStore';
      const billing = checkAddress('billing');
      if (store && billing) choice = { optionId: option.id, storeId: store.storeId, billingAddress: billing, gift };
    } else if (!newAddress) {
      const saved = options.savedAddresses.find((a) => a.id === draft.addressChoice);
      if (!saved?.id) found.savedAddress = 'checkout:delivery.chooseAddress';
      else choice = { optionId: option.id, addressId: saved.id, gift };
    } else {
      const address = checkAddress('address');
      if (address) choice = { optionId: option.id, address, gift };
    }
    setErrors(found);
    if (Object.values(found).some(Boolean) || !choice) return focusFirstInvalid(e.currentTarget);
    onDone(choice);
  };
  const error = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const fieldErrors = (which: 'address' | 'billing') =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k, v]) => k.startsWith(`${which}.`) && v)
        .map(([k, v]) => [k.slice(which.length + 1), t(v!)]),
    );

  return (
    <form className="checkout-form" onSubmit={submit} noValidate aria-labelledby="checkout-step-delivery">
      {message && <FormMessage>{message}</FormMessage>}
      <ChoiceCards
        name="deliveryOption"
        label={t('delivery.method')}
        value={draft.optionId}
        onChange={(id) =>
          update(
            {
              optionId: id,
              ...(draft.storeId &&
              !storeSelectable(
                options.deliveryOptions.find((o) => o.id === id),
                options.pickupStores.find((s) => s.storeId === draft.storeId)!,
              )
                ? { storeId: null }
                : {}),
            },
            ['option', 'store'],
          )
        }
        error={error('option')}
        items={options.deliveryOptions.map((o) => ({
          id: o.id,
          title: o.label,
          detail: dates(o),
          aside: (
            <>
              {o.cost === 0 ? t('delivery.free') : formatPrice(o.cost, currency, locale)}
              {o.deliveryMethod === 'PickUpAtStore' && (
                <span className="checkout-badge choice-card__badge">{t('delivery.availableToday')}</span>
              )}
            </>
          ),
        }))}
      />

      {option && !toStore && (
        <fieldset className="checkout-fieldset">
          <legend className="checkout-fieldset__legend">{t('delivery.address')}</legend>
          {options.savedAddresses.length > 0 && (
            <ChoiceCards
              name="savedAddress"
              label={t('delivery.savedAddresses')}
              isLabelHidden
              value={draft.addressChoice}
              onChange={(id) => update({ addressChoice: id }, ['savedAddress'])}
              error={error('savedAddress')}
              items={[
                ...options.savedAddresses.map((a) => ({
                  id: a.id ?? '',
                  title: a.label || `${a.firstName} ${a.lastName}`,
                  detail: printAddress(a, format, countryName)
                    .slice(a.label ? 0 : 1)
                    .join(', '),
                })),
                { id: NEW_ADDRESS, title: t('delivery.newAddress') },
              ]}
            />
          )}
          {newAddress && (
            <AddressFields
              section="shipping"
              spec={spec}
              values={draft.address}
              countryName={countryName}
              onChange={setAddress('address')}
              errors={fieldErrors('address')}
            />
          )}
        </fieldset>
      )}

      {option && toStore && (
        <>
          <fieldset className="checkout-fieldset">
            <legend className="checkout-fieldset__legend">{t('delivery.store')}</legend>
            <p className="checkout-hint">{t('delivery.storeHint')}</p>
            {options.pickupStores.length === 0 ? (
              <FormMessage tone="info">{t('delivery.noStores')}</FormMessage>
            ) : (
              <ChoiceCards
                name="store"
                label={t('delivery.store')}
                isLabelHidden
                value={draft.storeId}
                onChange={(id) => update({ storeId: id }, ['store'])}
                error={error('store')}
                className="choice-cards--stores"
                items={options.pickupStores.map((s) => ({
                  id: s.storeId,
                  title: s.name,
                  detail: s.addressLines.length ? s.addressLines.join(', ') : s.city,
                  isDisabled: !storeSelectable(option, s),
                  aside: s.pickUpAtStore ? (
                    <span className="checkout-badge">{t('delivery.availableToday')}</span>
                  ) : option.deliveryMethod === 'PickUpAtStore' ? (
                    <span className="checkout-hint">{t('delivery.notAvailableToday')}</span>
                  ) : undefined,
                }))}
              />
            )}
          </fieldset>
          <fieldset className="checkout-fieldset">
            <legend className="checkout-fieldset__legend">{t('delivery.billingAddress')}</legend>
            <AddressFields
              section="billing"
              spec={spec}
              values={draft.billing}
              countryName={countryName}
              onChange={setAddress('billing')}
              errors={fieldErrors('billing')}
            />
          </fieldset>
        </>
      )}

      {options.giftWrap && (
        <div className="checkout-gift">
          <CheckboxField
            name="gift"
            isSelected={draft.gift.wrap}
            onChange={(wrap) => update({ gift: { ...draft.gift, wrap } }, ['gift.message'])}
          >
            <span className="checkout-gift__label">{t('delivery.gift')}</span>
            <span className="checkout-hint">{t('delivery.giftHint')}</span>
          </CheckboxField>
          {draft.gift.wrap && (
            <TextAreaField
              name="giftMessage"
              label={t('delivery.giftMessage')}
              optionalText={t('optional')}
              value={draft.gift.message}
              onChange={(messageText) => update({ gift: { ...draft.gift, message: messageText } }, ['gift.message'])}
              maxLength={GIFT_MESSAGE_MAX}
              rows={3}
              error={error('gift.message')}
              description={t('delivery.giftMessageHint', {
                length: [...draft.gift.message].length,
                max: GIFT_MESSAGE_MAX,
              })}
            />
          )}
        </div>
      )}
      <Button type="submit" size="lg" className="checkout-form__submit">
        {t('continue')}
      </Button>
    </form>
  );
}
