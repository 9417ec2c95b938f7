import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { civilitiesFor } from '../../../lib/civility';
import { FormMessage } from '../../../components/ui/form-message';
import { RadioGroup } from '../../../components/ui/radio-group';
import { TextField } from '../../../components/ui/text-field';
import { useLocalizePath } from '../../../lib/market-context';
import { validateContact, type Civility, type ContactErrors, type ContactValues } from '../checkout-model';
import { focusFirstInvalid } from './focus';

export interface ContactStepProps {
  values: ContactValues;
  onChange: (values: ContactValues) => void;
  signedIn: boolean;
  /** The signed-in customer's address: the order's, not changed here. */
  emailLocked: boolean;
  message?: string | undefined;
  onDone: () => void;
}

/** Step 1: who orders — e-mail (the confirmation goes there), title, names and a phone for the carrier. */
export function ContactStep({ values, onChange, signedIn, emailLocked, message, onDone }: ContactStepProps) {
  const { t, i18n } = useTranslation('checkout');
  const localize = useLocalizePath();
  const [errors, setErrors] = useState<ContactErrors>({});
  const set = (field: keyof ContactValues) => (value: string) => {
    onChange({ ...values, [field]: value });
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(e.currentTarget);
    onDone();
  };
  const error = (field: keyof ContactValues) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <form className="checkout-form" onSubmit={submit} noValidate aria-labelledby="checkout-step-contact">
      {!signedIn && (
        <p className="checkout-form__aside">
          {t('contact.signInPrompt')}{' '}
          <Link to={`${localize('/signin')}?returnUrl=${encodeURIComponent('/checkout')}`}>{t('contact.signIn')}</Link>
        </p>
      )}
      {message && <FormMessage>{message}</FormMessage>}
      <TextField
        name="email"
        type="email"
        label={t('contact.email')}
        value={values.email}
        onChange={set('email')}
        autoComplete="email"
        inputMode="email"
        isRequired
        isReadOnly={emailLocked}
        maxLength={254}
        error={error('email')}
        description={t('contact.intro')}
      />
      <RadioGroup
        name="civility"
        label={t('contact.civility')}
        optionalText={t('optional')}
        value={values.civility}
        onChange={(v: Civility) => set('civility')(v)}
        items={civilitiesFor(i18n.language, ['MRS', 'MS', 'MR', 'MX'] as const).map((c) => ({
          value: c,
          label: t(`account:civility.${c}`),
        }))}
      />
      <div className="checkout-form__row" data-fields="2">
        <TextField
          name="firstName"
          label={t('contact.firstName')}
          value={values.firstName}
          onChange={set('firstName')}
          autoComplete="given-name"
          isRequired
          maxLength={50}
          error={error('firstName')}
        />
        <TextField
          name="lastName"
          label={t('contact.lastName')}
          value={values.lastName}
          onChange={set('lastName')}
          autoComplete="family-name"
          isRequired
          maxLength={50}
          error={error('lastName')}
        />
      </div>
      <TextField
        name="phone"
        type="tel"
        label={t('contact.phone')}
        value={values.phone}
        onChange={set('phone')}
        autoComplete="tel"
        inputMode="tel"
        isRequired
        ltr
        maxLength={24}
        error={error('phone')}
        description={t('contact.phoneHint')}
      />
      <Button type="submit" size="lg" className="checkout-form__submit">
        {t('continue')}
      </Button>
    </form>
  );
}
