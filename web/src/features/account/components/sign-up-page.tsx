import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import type { Schemas } from '../../../lib/api-client';
import { trackNewsletterSubscription } from '../../../lib/analytics';
import { useMarket } from '../../../lib/market-context';
import { useRegister, useRegisterForm } from '../api/account-queries';
import { bodyField, noErrors, problemToFormErrors } from '../problem-fields';
import { recaptchaToken } from '../recaptcha';
import {
  consentFieldName,
  registrationBody,
  validateRegistration,
  type ConsentText,
  type FieldValues,
} from '../registration';
import { sitePathIn } from '../return-url';
import { normalizeEmail } from '../validation';
import { AuthLayout } from './account-layout';
import { ActivateAccountDialog } from './email-request-dialog';
import { CheckboxInput, FormAlert } from './fields';
import { RegisterFieldInput } from './register-field-input';
import { useFormErrors } from './use-form-errors';

export interface RegistrationFormProps {
  registration: Schemas['RegisterFormData'];
  recaptchaSiteKey?: string | null;
  /** Called once the account is requested, with the (normalised) e-mail address. */
  onRegistered: (email: string) => void;
  /** "Today", for the minimum age of a date of birth (stories and tests fix it). */
  today?: Date;
}

/**
 * The registration form of the market: its fields in display order (labels, required ones, date format,
 * choices, katakana names in Japan), the consent texts as checkboxes (the required ones must be ticked),
 * the password policy; POST /api/register.
 */
export function RegistrationForm({ registration, recaptchaSiteKey, onRegistered, today }: RegistrationFormProps) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const register = useRegister(locale);
  const [values, setValues] = useState<FieldValues>({});
  const [granted, setGranted] = useState<Partial<Record<ConsentText['id'], boolean>>>({});
  const form = useFormErrors();
  const { fields, consents, country } = registration;
  const names = [...fields.map((f) => f.name as string), ...consents.map((c) => consentFieldName(c.id))];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = validateRegistration(fields, values, consents, granted, { country, today: today ?? new Date() });
    if (Object.keys(problems).length) return form.fail({ fields: problems, form: [] });
    form.clear();
    let token: string;
    try {
      token = await recaptchaToken('register', recaptchaSiteKey);
    } catch {
      return form.fail({ ...noErrors(), form: ['errors:ERR_RECAPTCHA_1001'] });
    }
    const body = registrationBody(fields, values, consents, granted, country, token);
    try {
      await register.mutateAsync(body);
      if (granted.marketing_email) trackNewsletterSubscription('account-creation', 'signup');
      onRegistered(normalizeEmail(values.emailAddress ?? ''));
    } catch (error) {
      // `body/consents/2` names the third consent sent: its checkbox.
      form.fail(
        problemToFormErrors(error, (segments) => {
          if (segments[0] === 'consents' && segments.length >= 2) {
            const consent = consents[Number(segments[1])];
            return consent ? consentFieldName(consent.id) : null;
          }
          return bodyField(names)(segments);
        }),
      );
    }
  };

  return (
    <form
      className="account-form account-form--grid"
      ref={form.formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="sign-up-heading"
    >
      <h2 id="sign-up-heading" className="account-section-title">
        {t('signUp.formTitle')}
      </h2>
      <FormAlert messages={form.errors.form} alertRef={form.alertRef} />
      {fields.map((field) => (
        <RegisterFieldInput
          key={field.name}
          field={field}
          country={country}
          value={values[field.name] ?? ''}
          onChange={(v) => {
            setValues((prev) => ({ ...prev, [field.name]: v }));
            form.clearField(field.name);
          }}
          error={form.field(field.name)}
        />
      ))}
      {consents.length > 0 && (
        <fieldset className="account-consents">
          <legend className="account-field__label">{t('signUp.consentsTitle')}</legend>
          {consents.map((consent) => (
            <div key={consent.id} className="account-consents__item">
              <CheckboxInput
                name={consentFieldName(consent.id)}
                isSelected={granted[consent.id] === true}
                onChange={(v) => {
                  setGranted((prev) => ({ ...prev, [consent.id]: v }));
                  form.clearField(consentFieldName(consent.id));
                }}
                isRequired={consent.required}
                error={form.field(consentFieldName(consent.id))}
              >
                {consent.label}
                {!consent.required && <span className="account-field__optional"> {t('form.optional')}</span>}
              </CheckboxInput>
              {consent.linkHref && (
                <a
                  className="account-consents__link"
                  href={sitePathIn(locale, consent.linkHref)}
                  target="_blank"
                  rel="noopener"
                >
                  {t('signUp.readDocument')}
                  <span className="ui-visually-hidden"> {t('form.newWindow')}</span>
                </a>
              )}
            </div>
          ))}
        </fieldset>
      )}
      <Button type="submit" size="lg" isFullWidth isPending={register.isPending} pendingLabel={t('form.sending')}>
        {t('signUp.submit')}
      </Button>
    </form>
  );
}

/** "Check your e-mail": the API answers the same for any address, so this never says whether an account existed. */
export function RegistrationSent({
  email,
  signInUrl,
  recaptchaSiteKey,
}: {
  email: string;
  signInUrl: string;
  recaptchaSiteKey?: string | null;
}) {
  const { t } = useTranslation('account');
  const [resend, setResend] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <AuthLayout
      title={
        <span ref={heading} tabIndex={-1}>
          {t('signUp.sentTitle')}
        </span>
      }
    >
      <div className="account-panel" role="status">
        <p>{t('signUp.sentText', { email })}</p>
        <p className="account-hint">{t('signUp.sentHint')}</p>
      </div>
      <div className="account-actions">
        <LinkButton href={signInUrl} variant="primary" size="lg" isFullWidth>
          {t('signUp.goToSignIn')}
        </LinkButton>
        <Button variant="ghost" onPress={() => setResend(true)}>
          {t('signUp.resend')}
        </Button>
      </div>
      <ActivateAccountDialog
        isOpen={resend}
        onOpenChange={setResend}
        initialEmail={email}
        recaptchaSiteKey={recaptchaSiteKey}
      />
    </AuthLayout>
  );
}

/** The account creation page `/signup`. */
export function SignUpPage({ data, today }: { data: Schemas['SignUpPageData']; today?: Date }) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const formData = useRegisterForm(locale, data.registration);
  const registration = formData.data ?? data.registration;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signInUrl = sitePathIn(locale, data.signInUrl || '/signin');
  if (sentTo !== null)
    return <RegistrationSent email={sentTo} signInUrl={signInUrl} recaptchaSiteKey={data.recaptchaSiteKey} />;
  return (
    <AuthLayout title={t('signUp.title')} intro={t('signUp.intro')}>
      <RegistrationForm
        registration={registration}
        recaptchaSiteKey={data.recaptchaSiteKey}
        onRegistered={setSentTo}
        today={today}
      />
      <p className="account-hint account-auth__footer">
        {t('signUp.haveAccount')} <Link to={signInUrl}>{t('signUp.signIn')}</Link>
      </p>
    </AuthLayout>
  );
}
