import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { civilitiesFor } from '../../../lib/civility';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useCountryAddressFormat, useUpdateAddressBook } from '../api/account-queries';
import {
  addressFieldOfPath,
  addressFormSpec,
  addressFormValues,
  addressFromValues,
  MAX_ADDRESSES,
  saveAddressInBook,
  validateAddress,
  type Address,
  type AddressField,
  type AddressFormValues,
  type AddressType,
} from '../address-rules';
import { isSessionLapsed, problemToFormErrors } from '../problem-fields';
import { useGoToSignIn } from '../use-account-navigation';
import { AccountShell } from './account-layout';
import { CheckboxInput, FormAlert, RadioChoices, SelectInput, TextInput } from './fields';
import { useFormErrors } from './use-form-errors';

type Country = Schemas['AddressFormPageData']['countries'][number];

class AddressBookFull extends Error {}

const REQUIRED_FIELDS = new Set<AddressField>(['firstName', 'lastName', 'addressLine1', 'city', 'country']);
const AUTOCOMPLETE: Partial<Record<AddressField, string>> = {
  civility: 'honorific-prefix',
  firstName: 'given-name',
  lastName: 'family-name',
  companyName: 'organization',
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  city: 'address-level2',
  stateCode: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
  phone: 'tel',
};

export interface AddressFormProps {
  /** The address being edited; null for a new one. */
  address: Address | null;
  addressTypes: AddressType[];
  countries: Country[];
  defaultCountry: string;
  /** Called once the address book is saved. */
  onSaved: () => void;
  cancelHref: string;
}

/**
 * An address of the address book, in the form of its country (GET /api/data/country-addresses: rows of
 * fields, postal-code rule and example, states, katakana names in Japan), with its type, its name and
 * whether it is the default one. Saving sends the whole book with this address in it.
 */
export function AddressForm({
  address,
  addressTypes,
  countries,
  defaultCountry,
  onSaved,
  cancelHref,
}: AddressFormProps) {
  const { t, i18n } = useTranslation('account');
  const { locale } = useMarket();
  const book = useUpdateAddressBook(locale);
  const goToSignIn = useGoToSignIn();
  const [values, setValues] = useState<AddressFormValues>(() => addressFormValues(address, defaultCountry));
  const form = useFormErrors();
  const format = useCountryAddressFormat(locale, values.country).data?.countries[0];
  const country = countries.find((c) => c.country === values.country);
  const spec = addressFormSpec(values.country, format, country?.postalCodeRequired);

  const set = (name: keyof AddressFormValues) => (value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value, ...(name === 'country' ? { stateCode: '' } : {}) }));
    form.clearField(name);
    if (name === 'country') {
      form.clearField('postalCode');
      form.clearField('stateCode');
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = validateAddress(values, spec);
    if (Object.keys(problems).length) return form.fail({ fields: problems as Record<string, never>, form: [] });
    form.clear();
    const toSave = addressFromValues(values, spec, address?.id);
    let index = -1;
    try {
      await book.saveBook((current) => {
        if (!toSave.id && current.length >= MAX_ADDRESSES) throw new AddressBookFull();
        const saved = saveAddressInBook(current, toSave);
        index = saved.index;
        return saved;
      });
      onSaved();
    } catch (error) {
      if (error instanceof AddressBookFull) return form.fail({ fields: {}, form: ['account:addresses.fullError'] });
      if (isSessionLapsed(error)) return goToSignIn();
      form.fail(problemToFormErrors(error, addressFieldOfPath(index)));
    }
  };

  // An address saved in a country the market no longer offers keeps its country in the list.
  const countryItems = [
    ...countries.map((c) => ({ id: c.country, label: c.name })),
    ...(country || !values.country ? [] : [{ id: values.country, label: values.country }]),
  ];
  const civilities = civilitiesFor(i18n.language, ['MRS', 'MS', 'MR', 'MX'] as const).map((id) => ({
    id,
    label: t(`civility.${id}`),
  }));
  const field = (name: AddressField) => {
    const common = {
      name,
      label: t(`address.${name}`),
      error: form.field(name),
      isRequired: REQUIRED_FIELDS.has(name),
      markOptional: true,
    } as const;
    switch (name) {
      case 'civility':
        return (
          <SelectInput key={name} {...common} items={civilities} value={values.civility} onChange={set('civility')} />
        );
      case 'country':
        return (
          <SelectInput key={name} {...common} items={countryItems} value={values.country} onChange={set('country')} />
        );
      case 'stateCode':
        return spec.states.length > 0 ? (
          <SelectInput
            key={name}
            {...common}
            isRequired={spec.stateRequired}
            items={spec.states.map((s) => ({ id: s.code, label: s.name }))}
            value={values.stateCode}
            onChange={set('stateCode')}
          />
        ) : (
          <TextInput
            key={name}
            {...common}
            isRequired={spec.stateRequired}
            autoComplete={AUTOCOMPLETE.stateCode}
            value={values.stateCode}
            onChange={set('stateCode')}
            maxLength={3}
          />
        );
      case 'postalCode':
        return (
          <TextInput
            key={name}
            {...common}
            isRequired={spec.postalCode.required}
            autoComplete={AUTOCOMPLETE.postalCode}
            value={values.postalCode}
            onChange={set('postalCode')}
            placeholder={
              spec.postalCode.example ? t('common:examplePlaceholder', { example: spec.postalCode.example }) : undefined
            }
            description={
              spec.postalCode.example ? t('address.postalCodeExample', { example: spec.postalCode.example }) : undefined
            }
            maxLength={10}
          />
        );
      case 'phone':
        return (
          <TextInput
            key={name}
            {...common}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={set('phone')}
            description={t('form.phoneHint')}
          />
        );
      case 'firstNameKana':
      case 'lastNameKana':
        return (
          <TextInput
            key={name}
            {...common}
            value={values[name]}
            onChange={set(name)}
            lang="ja"
            description={t('form.kanaHint')}
            maxLength={50}
          />
        );
      default:
        return (
          <TextInput
            key={name}
            {...common}
            autoComplete={AUTOCOMPLETE[name]}
            value={values[name]}
            onChange={set(name)}
          />
        );
    }
  };

  return (
    <form
      className="account-form account-form--address"
      ref={form.formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="account-page-title"
      data-country={values.country}
    >
      <FormAlert messages={form.errors.form} alertRef={form.alertRef} />
      <RadioChoices
        name="type"
        label={t('address.type')}
        items={addressTypes.map((id) => ({ id, label: t(`addressType.${id}`) }))}
        value={values.type}
        onChange={set('type')}
        error={form.field('type')}
      />
      <TextInput
        name="label"
        label={t('address.label')}
        value={values.label}
        onChange={set('label')}
        error={form.field('label')}
        markOptional
        description={t('address.labelHint')}
        maxLength={40}
      />
      {spec.lines.map((row, i) => (
        <div key={`${values.country}-${i}`} className="account-form__row" data-fields={row.length}>
          {row.map(field)}
        </div>
      ))}
      <CheckboxInput
        name="isDefault"
        isSelected={values.isDefault}
        onChange={set('isDefault')}
        error={form.field('isDefault')}
      >
        {t('address.isDefault')}
      </CheckboxInput>
      <div className="account-form__buttons">
        <Button type="submit" size="lg" isPending={book.isPending} pendingLabel={t('form.saving')}>
          {t('address.submit')}
        </Button>
        <LinkButton href={cancelHref} variant="secondary" size="lg">
          {t('form.cancel')}
        </LinkButton>
      </div>
    </form>
  );
}

/** `/myaccount/new-address-book` and `/myaccount/edit-address-book?addressId=…`. */
export function AddressFormPage({ data }: { data: Schemas['AddressFormPageData'] }) {
  const { t } = useTranslation('account');
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const bookUrl = localize('/myaccount/address-book');
  return (
    <AccountShell title={data.address ? t('address.editTitle') : t('address.newTitle')}>
      <AddressForm
        key={data.address?.id ?? 'new'}
        address={data.address}
        addressTypes={data.addressTypes}
        countries={data.countries}
        defaultCountry={data.defaultCountry}
        cancelHref={bookUrl}
        onSaved={() => void navigate(bookUrl)}
      />
    </AccountShell>
  );
}
