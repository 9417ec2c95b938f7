import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Checkbox, FieldError, Input, Label, Radio, RadioGroup, Text, TextField } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import type { Schemas } from '../../../lib/api-client';
import { trackNewsletterSubscription } from '../../../lib/analytics';
import {
  EMPTY_VALUES,
  civilityOptions,
  errorsOfProblem,
  hasErrors,
  marketingConsent,
  privacyHref,
  toSubscriptionRequest,
  validateNewsletter,
  type NewsletterErrors,
  type NewsletterSource,
  type NewsletterValues,
} from '../newsletter-model';
import { recaptchaToken } from '../../../lib/recaptcha';
import '../../../components/ui/form-field.css';
import './newsletter.css';

export interface NewsletterFormProps {
  /** The market's registration data: forms of address and the e-mail consent with its version. */
  data: Schemas['RegisterFormData'];
  /** Where the form is (sent as `source`, and the analytics "location"). */
  source: NewsletterSource;
  /** Sends the subscription; rejects with the API's error. */
  subscribe: (body: Schemas['NewsletterSubscriptionRequest']) => Promise<void>;
  /** Called when a link of the form leaves the page (a dialog closes itself). */
  onNavigate?: () => void;
}

/**
 * The newsletter subscription (spec §5: an e-mail address and a form of address; the market's consent to
 * marketing e-mail must be given). Checked before sending; the server's answer is shown translated, beside
 * the field it names. Whether the address was subscribed already is never told (the answer is the same).
 */
export function NewsletterForm({ data, source, subscribe, onNavigate }: NewsletterFormProps) {
  const { t } = useTranslation('contact');
  const [values, setValues] = useState<NewsletterValues>(EMPTY_VALUES);
  const [errors, setErrors] = useState<NewsletterErrors>({ fields: {} });
  const [pending, setPending] = useState(false);
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const consent = marketingConsent(data);
  const privacy = privacyHref(data);
  const set = <K extends keyof NewsletterValues>(key: K, value: NewsletterValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ fields: { ...e.fields, [key]: undefined } }));
  };
  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !consent) return;
    const checked = validateNewsletter(values);
    setErrors(checked);
    if (hasErrors(checked)) return focusFirstError();
    setPending(true);
    try {
      const token = await recaptchaToken('newsletter_subscription').catch(() => null);
      if (!token) return setErrors({ fields: {}, form: 'errors:ERR_RECAPTCHA_1001' });
      const body = toSubscriptionRequest(values, consent, source, token);
      await subscribe(body);
      trackNewsletterSubscription('newsletter', source);
      setDoneFor(body.email);
    } catch (err) {
      setErrors(errorsOfProblem(err));
      focusFirstError();
    } finally {
      setPending(false);
    }
  };

  if (doneFor) {
    return (
      <div className="ui-form__done" role="status" data-testid="newsletter-done">
        <h3 className="ui-form__done-title">{t('newsletter.doneTitle')}</h3>
        <p>{t('newsletter.done', { email: doneFor })}</p>
        <p>{t('newsletter.doneConfirm')}</p>
      </div>
    );
  }

  const civilities = civilityOptions(data);
  return (
    <form ref={formRef} className="newsletter-form" onSubmit={submit} noValidate aria-describedby="newsletter-intro">
      <p id="newsletter-intro" className="ui-form__intro">
        {t('newsletter.intro')}
      </p>
      <TextField
        className="ui-form__field"
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onChange={(v) => set('email', v)}
        isInvalid={Boolean(errors.fields.email)}
        isRequired
        validationBehavior="aria"
      >
        <Label className="ui-form__label">{t('newsletter.email')}</Label>
        <Input className="ui-form__input" inputMode="email" spellCheck={false} />
        <FieldError className="ui-form__error">{errors.fields.email && t(errors.fields.email)}</FieldError>
      </TextField>
      {civilities.length > 0 && (
        <RadioGroup
          className="ui-form__choices"
          name="civility"
          orientation="horizontal"
          value={values.civility}
          onChange={(v) => set('civility', v)}
          isInvalid={Boolean(errors.fields.civility)}
          isRequired
          validationBehavior="aria"
        >
          <Label className="ui-form__label">{t('newsletter.civility')}</Label>
          <div className="ui-form__options">
            {civilities.map((o) => (
              <Radio key={o.value} value={o.value} className="ui-form__option">
                {o.label}
              </Radio>
            ))}
          </div>
          <FieldError className="ui-form__error">{errors.fields.civility && t(errors.fields.civility)}</FieldError>
        </RadioGroup>
      )}
      {consent && (
        <div className="ui-form__consent-block">
          <Checkbox
            className="ui-form__consent"
            name="marketing_email"
            isSelected={values.consent}
            onChange={(v) => set('consent', v)}
            isInvalid={Boolean(errors.fields.consent)}
            validationBehavior="aria"
            aria-describedby={errors.fields.consent ? 'newsletter-consent-error' : undefined}
          >
            <span className="ui-form__box" aria-hidden="true">
              <svg viewBox="0 0 16 16" focusable="false">
                <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.5" />
              </svg>
            </span>
            <Text className="newsletter-form__consent-text">{consent.label}</Text>
          </Checkbox>
          {errors.fields.consent && (
            <p id="newsletter-consent-error" className="ui-form__error">
              {t(errors.fields.consent)}
            </p>
          )}
        </div>
      )}
      {privacy && (
        <p className="ui-form__legal">
          <Link to={privacy} onClick={onNavigate}>
            {t('newsletter.privacyLink')}
          </Link>
        </p>
      )}
      {errors.form && (
        <p className="ui-form__error" role="alert">
          {t(errors.form)}
        </p>
      )}
      <Button type="submit" size="lg" isFullWidth isPending={pending} pendingLabel={t('newsletter.sending')}>
        {t('newsletter.submit')}
      </Button>
    </form>
  );
}
