import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { RadioGroup } from '../../../components/ui/radio-group';
import { TextField } from '../../../components/ui/text-field';
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
  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

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
        label={t('newsletter.email')}
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={(v) => set('email', v)}
        error={errors.fields.email && t(errors.fields.email)}
        isRequired
      />
      {civilities.length > 0 && (
        <RadioGroup
          name="civility"
          label={t('newsletter.civility')}
          items={civilities}
          value={values.civility}
          onChange={(v) => set('civility', v)}
          error={errors.fields.civility && t(errors.fields.civility)}
          isRequired
        />
      )}
      {consent && (
        <div className="ui-form__consent-block">
          <CheckboxField
            name="marketing_email"
            isSelected={values.consent}
            onChange={(v) => set('consent', v)}
            error={errors.fields.consent && t(errors.fields.consent)}
          >
            <span className="newsletter-form__consent-text">{consent.label}</span>
          </CheckboxField>
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
