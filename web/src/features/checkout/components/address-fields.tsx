import { Fragment } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { AddressField, AddressFormSpec, AddressFormValues } from '../../../lib/forms/address-rules';

/** Fields the contact step already asks (title, phone), and the country, fixed by the site. */
const LEFT_OUT = new Set<AddressField>(['civility', 'phone', 'country']);
const REQUIRED = new Set<AddressField>(['firstName', 'lastName', 'addressLine1', 'city']);
const AUTOCOMPLETE: Partial<Record<AddressField, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  companyName: 'organization',
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  city: 'address-level2',
  stateCode: 'address-level1',
  postalCode: 'postal-code',
};

export interface AddressFieldsProps {
  /** `shipping` or `billing`: the autocomplete section, and the prefix of the field names. */
  section: 'shipping' | 'billing';
  spec: AddressFormSpec;
  values: AddressFormValues;
  countryName: string;
  onChange: (field: keyof AddressFormValues, value: string) => void;
  errors: Partial<Record<string, string>>;
}

/**
 * An address in the form of the site's country (GET /api/data/country-addresses: its rows of fields,
 * postal-code rule and example, states or prefectures, katakana names in Japan). The country is the site's.
 */
export function AddressFields({ section, spec, values, countryName, onChange, errors }: AddressFieldsProps) {
  const { t } = useTranslation('checkout');
  const rows = spec.lines.map((row) => row.filter((f) => !LEFT_OUT.has(f))).filter((row) => row.length > 0);
  const field = (name: AddressField) => {
    const common = {
      name: `${section}-${name}`,
      label: t(`account:address.${name}`),
      error: errors[name],
      isRequired: REQUIRED.has(name),
      optionalText: t('optional'),
    };
    const autoComplete = AUTOCOMPLETE[name] ? `section-${section} ${section} ${AUTOCOMPLETE[name]}` : undefined;
    switch (name) {
      case 'stateCode':
        return spec.states.length > 0 ? (
          <SelectField
            {...common}
            isRequired={spec.stateRequired}
            autoComplete={autoComplete}
            items={spec.states.map((s) => ({ id: s.code, label: s.name }))}
            value={values.stateCode}
            onChange={(v) => onChange('stateCode', v)}
            placeholder={t('account:form.choose')}
          />
        ) : (
          <TextField
            {...common}
            isRequired={spec.stateRequired}
            autoComplete={autoComplete}
            value={values.stateCode}
            onChange={(v) => onChange('stateCode', v)}
            maxLength={3}
          />
        );
      case 'postalCode':
        return (
          <TextField
            {...common}
            isRequired={spec.postalCode.required}
            autoComplete={autoComplete}
            value={values.postalCode}
            onChange={(v) => onChange('postalCode', v)}
            // A hint that cannot pass for a typed value: "e.g. 75008", in the muted placeholder colour.
            placeholder={
              spec.postalCode.example ? t('common:examplePlaceholder', { example: spec.postalCode.example }) : undefined
            }
            description={
              spec.postalCode.example
                ? t('account:address.postalCodeExample', { example: spec.postalCode.example })
                : undefined
            }
            maxLength={10}
          />
        );
      case 'firstNameKana':
      case 'lastNameKana':
        return (
          <TextField
            {...common}
            value={values[name]}
            onChange={(v) => onChange(name, v)}
            lang="ja"
            description={t('account:form.kanaHint')}
            maxLength={50}
          />
        );
      default:
        return (
          <TextField
            {...common}
            autoComplete={autoComplete}
            value={values[name]}
            onChange={(v) => onChange(name, v)}
            maxLength={name === 'firstName' || name === 'lastName' ? 50 : 100}
          />
        );
    }
  };
  return (
    <div className="checkout-address">
      {rows.map((row, i) => (
        <div key={`${spec.country}-${i}`} className="checkout-form__row" data-fields={row.length}>
          {row.map((name) => (
            <Fragment key={name}>{field(name)}</Fragment>
          ))}
        </div>
      ))}
      <TextField
        name={`${section}-country`}
        label={t('delivery.country')}
        value={countryName}
        onChange={() => undefined}
        isReadOnly
      />
    </div>
  );
}
