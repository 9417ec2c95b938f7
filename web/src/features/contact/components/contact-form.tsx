import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { civilitiesFor } from '../../../lib/civility';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { RadioGroup } from '../../../components/ui/radio-group';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import type { Schemas } from '../../../lib/api-client';
import { trackContactRequest } from '../../../lib/analytics';
import { useLocalizePath } from '../../../lib/market-context';
import {
  CIVILITIES,
  MESSAGE_MAX_LENGTH,
  errorsOfProblem,
  hasErrors,
  initialValues,
  needsPhone,
  toContactRequest,
  validateContact,
  type ContactErrors,
  type ContactValues,
} from '../contact-model';
import { recaptchaToken } from '../../../lib/recaptcha';
import '../../../components/ui/form-field.css';
import './contact.css';

export interface ContactFormProps {
  /** The form of the contact page data: topics, the market's answer channels, the reCAPTCHA site key. */
  form: Schemas['ContactPageData']['form'];
  /** Sends the message; resolves with client service's receipt, rejects with the API's error. */
  send: (body: Schemas['ContactRequest']) => Promise<Schemas['ContactRequestReceipt']>;
  /** Where the form is (analytics "location"): `contact-page`, `contact-modal`. */
  location: string;
  /** Called when a link of the form leaves the page (a dialog closes itself). */
  onNavigate?: () => void;
}

/**
 * The contact form (form `contactUs`): topic, answer channel (a phone number appears for a call-back or a
 * WhatsApp answer), name, e-mail, optional order number, message and the agreement that the details are used
 * to answer. Checked before sending; the server's answer is shown translated, beside the field it names.
 * Once sent, the receipt: client service's reference and its answer-time promise.
 */
export function ContactForm({ form, send, location, onNavigate }: ContactFormProps) {
  const { t, i18n } = useTranslation('contact');
  const localize = useLocalizePath();
  const id = useId();
  const [values, setValues] = useState<ContactValues>(() => initialValues(form.channels[0] ?? 'email'));
  const [errors, setErrors] = useState<ContactErrors>({ fields: {} });
  const [pending, setPending] = useState(false);
  const [receipt, setReceipt] = useState<{ data: Schemas['ContactRequestReceipt']; email: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof ContactValues>(key: K, value: ContactValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ fields: { ...e.fields, [key]: undefined } }));
  };
  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const error = (key: keyof ContactErrors['fields']) => (errors.fields[key] ? t(errors.fields[key]) : undefined);
  const optional = (label: string) => t('optional', { label });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validateContact(values);
    setErrors(checked);
    if (hasErrors(checked)) return focusFirstError();
    setPending(true);
    try {
      const token = await recaptchaToken('contact_us', form.recaptchaSiteKey).catch(() => null);
      if (!token) return setErrors({ fields: {}, form: 'errors:ERR_RECAPTCHA_1001' });
      const body = toContactRequest(values, token);
      const data = await send(body);
      trackContactRequest(data.channel, location);
      setReceipt({ data, email: body.email });
    } catch (err) {
      setErrors(errorsOfProblem(err));
      focusFirstError();
    } finally {
      setPending(false);
    }
  };

  if (receipt) {
    return (
      <div className="ui-form__done contact-form__done" role="status" data-testid="contact-done">
        <h2 className="ui-form__done-title">{t('form.done.title')}</h2>
        <p className="contact-form__reference">{t('form.done.reference', { reference: receipt.data.reference })}</p>
        <p>{t('form.done.answer', { count: receipt.data.expectedAnswerWithinHours })}</p>
        <p>{t('form.done.ack', { email: receipt.email })}</p>
        <Button
          variant="secondary"
          onPress={() => {
            setValues(initialValues(form.channels[0] ?? 'email'));
            setReceipt(null);
          }}
        >
          {t('form.done.another')}
        </Button>
      </div>
    );
  }

  const text = (
    name: 'firstName' | 'lastName' | 'email' | 'phone' | 'orderNumber',
    label: string,
    props: {
      type?: 'text' | 'email' | 'tel';
      autoComplete?: string;
      inputMode?: 'email' | 'tel' | 'text';
      description?: string;
      isRequired?: boolean;
      maxLength?: number;
    } = {},
  ): ReactNode => (
    <TextField
      className={`ui-form__field contact-form__field--${name}`}
      name={name}
      label={label}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      value={values[name]}
      onChange={(v) => set(name, v)}
      error={error(name)}
      isRequired={props.isRequired ?? true}
      maxLength={props.maxLength}
      description={props.description && <span className="contact-form__hint">{props.description}</span>}
    />
  );

  const showOrder = values.topic === 'order' || values.topic === 'returnExchange' || values.orderNumber !== '';
  return (
    <form ref={formRef} className="contact-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <div className="contact-form__head">
        <h2 id={`${id}-title`} className="contact-form__title">
          {t('form.title')}
        </h2>
        <p className="ui-form__intro">{t('form.intro')}</p>
        <p className="contact-form__note">{t('form.requiredNote')}</p>
      </div>
      {form.topics.length > 0 && (
        <SelectField
          className="ui-form__field"
          name="topic"
          label={optional(t('form.topic'))}
          placeholder={t('form.topicPlaceholder')}
          items={form.topics.map((o) => ({ id: o.value, label: o.label }))}
          value={values.topic ?? ''}
          onChange={(v) => set('topic', v as ContactValues['topic'])}
          error={error('topic')}
        />
      )}
      <RadioGroup
        name="channel"
        label={t('form.channel')}
        items={form.channels.map((c) => ({ value: c, label: t(`form.channels.${c}`) }))}
        value={values.channel}
        onChange={(v) => set('channel', v)}
        error={error('channel')}
        isRequired
      />
      <RadioGroup
        name="civility"
        label={optional(t('form.civility'))}
        items={civilitiesFor(i18n.language, CIVILITIES).map((c) => ({ value: c, label: t(`civilities.${c}`) }))}
        value={values.civility}
        onChange={(v) => set('civility', v)}
        error={error('civility')}
      />
      <div className="contact-form__row">
        {text('firstName', t('form.firstName'), { autoComplete: 'given-name', maxLength: 50 })}
        {text('lastName', t('form.lastName'), { autoComplete: 'family-name', maxLength: 50 })}
      </div>
      {text('email', t('form.email'), { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 })}
      {needsPhone(values.channel) &&
        text('phone', t('form.phone'), {
          type: 'tel',
          autoComplete: 'tel',
          inputMode: 'tel',
          description: t('form.phoneHint'),
          maxLength: 24,
        })}
      {showOrder &&
        text('orderNumber', optional(t('form.orderNumber')), {
          description: t('form.orderNumberHint'),
          isRequired: false,
          maxLength: 20,
        })}
      <TextAreaField
        className="ui-form__field"
        name="message"
        label={t('form.message')}
        value={values.message}
        onChange={(v) => set('message', v)}
        error={error('message')}
        isRequired
        maxLength={MESSAGE_MAX_LENGTH}
        rows={6}
        description={
          <span className="contact-form__hint contact-form__count">
            {t('form.messageCount', { used: values.message.length, max: MESSAGE_MAX_LENGTH })}
          </span>
        }
      />
      <div className="ui-form__consent-block">
        <CheckboxField
          name="consent"
          isSelected={values.consent}
          onChange={(v) => set('consent', v)}
          error={error('consent')}
        >
          <span className="contact-form__consent-text">{t('form.consent')}</span>
        </CheckboxField>
        <p className="ui-form__legal">
          <Link to={localize('/legal/privacy-policy')} onClick={onNavigate}>
            {t('form.privacyLink')}
          </Link>
        </p>
      </div>
      {errors.form && (
        <p className="ui-form__error" role="alert">
          {t(errors.form)}
        </p>
      )}
      <Button type="submit" size="lg" isPending={pending} pendingLabel={t('form.sending')}>
        {t('form.submit')}
      </Button>
    </form>
  );
}
