import { useTranslation } from '../../../lib/i18n-react';
import { dateFormatOf, type RegisterField } from '../registration';
import { PASSWORD_MIN_LENGTH, type DateFormat, type MessageKey } from '../validation';
import { PasswordInput, SelectInput, TextInput } from './fields';

const AUTOCOMPLETE: Partial<Record<RegisterField['name'], string>> = {
  civility: 'honorific-prefix',
  firstName: 'given-name',
  lastName: 'family-name',
  emailAddress: 'email',
  phone: 'tel',
  birthDate: 'bday',
};

const DATE_FORMAT_KEYS: Record<DateFormat, string> = {
  'MM/dd/yyyy': 'monthDayYear',
  'dd/MM/yyyy': 'dayMonthYear',
  'yyyy/MM/dd': 'yearMonthDay',
};

const FALLBACK_OPTIONS: Partial<Record<RegisterField['name'], string[]>> = {
  civility: ['MRS', 'MS', 'MR', 'MX'],
  genderPreference: ['D', 'U'],
};

export interface RegisterFieldInputProps {
  field: RegisterField;
  value: string;
  onChange: (value: string) => void;
  error?: MessageKey | null;
  /** The market's country, for the date format when the field does not give one. */
  country: string;
  /** A new password (sign-up) shows the policy; the account's e-mail address is shown, not changed. */
  isReadOnly?: boolean;
}

/**
 * One field of a market's form (GET /api/register/get-data, or the account information page), drawn by its
 * `type`: the market's label, required flag, maximum length, date format and choices.
 */
export function RegisterFieldInput({ field, value, onChange, error, country, isReadOnly }: RegisterFieldInputProps) {
  const { t } = useTranslation('account');
  const common = {
    name: field.name,
    label: field.label,
    value,
    onChange,
    error,
    isRequired: field.required,
    markOptional: true,
  } as const;
  switch (field.type) {
    case 'select': {
      const items = field.options?.length
        ? field.options.map((o) => ({ id: o.value, label: o.label }))
        : (FALLBACK_OPTIONS[field.name] ?? []).map((id) => ({ id, label: t(`${field.name}.${id}`) }));
      return <SelectInput {...common} items={items} />;
    }
    case 'password':
      return (
        <PasswordInput
          {...common}
          autoComplete="new-password"
          description={t('password.policy', { count: PASSWORD_MIN_LENGTH })}
        />
      );
    case 'email':
      return (
        <TextInput
          {...common}
          type="email"
          inputMode="email"
          autoComplete={AUTOCOMPLETE.emailAddress}
          maxLength={field.maxLength}
          isReadOnly={isReadOnly}
        />
      );
    case 'tel':
      return (
        <TextInput
          {...common}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={field.maxLength}
          description={t('form.phoneHint')}
        />
      );
    case 'date': {
      // The format in the language's letters (JJ/MM/AAAA in French), typed with the market's order.
      const format = t(`dateFormat.${DATE_FORMAT_KEYS[dateFormatOf(field, country)]}`);
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          autoComplete="bday"
          placeholder={format}
          description={t('form.dateHint', { format })}
          maxLength={10}
        />
      );
    }
    default: {
      const kana = field.name === 'firstNameKana' || field.name === 'lastNameKana';
      return (
        <TextInput
          {...common}
          autoComplete={kana ? 'off' : AUTOCOMPLETE[field.name]}
          maxLength={field.maxLength}
          lang={kana ? 'ja' : undefined}
          description={kana ? t('form.kanaHint') : undefined}
        />
      );
    }
  }
}
