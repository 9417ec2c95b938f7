import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { civilitiesFor } from '../../../lib/civility';
import { Checkbox, FieldError, Input, Label, Radio, RadioGroup, Text, TextArea, TextField } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
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
  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
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

  const text = (name: 'firstName' | 'lastName' | 'email' | 'phone' | 'orderNumber', label: string, props: { type?: string; autoComplete?: string; inputMode?: 'email' | 'tel' | 'text'; description?: string; isRequired?: boolean; maxLength?: number } = {}): ReactNode => (
    <TextField
      className={`ui-form__field contact-form__field--${name}`}
      name={name}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete}
      value={values[name]}
      onChange={(v) => set(name, v)}
      isInvalid={Boolean(errors.fields[name])}
      isRequired={props.isRequired ?? true}
      maxLength={props.maxLength}
      validationBehavior="aria"
    >
      <Label className="ui-form__label">{label}</Label>
      <Input className="ui-form__input" inputMode={props.inputMode} spellCheck={props.type === 'email' ? false : undefined} />
      {props.description && (
        <Text slot="description" className="contact-form__hint">
          {props.description}
        </Text>
      )}
      <FieldError className="ui-form__error">{error(name)}</FieldError>
    </TextField>
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
        <Select
          className="ui-form__field"
          name="topic"
          label={optional(t('form.topic'))}
          placeholder={t('form.topicPlaceholder')}
          items={form.topics.map((o) => ({ id: o.value, label: o.label }))}
          selectedKey={values.topic}
          onSelectionChange={(v) => set('topic', v as ContactValues['topic'])}
          errorMessage={error('topic')}
        />
      )}
      <RadioGroup
        className="ui-form__choices"
        name="channel"
        value={values.channel}
        onChange={(v) => set('channel', v as ContactValues['channel'])}
        isInvalid={Boolean(errors.fields.channel)}
        isRequired
        validationBehavior="aria"
      >
        <Label className="ui-form__label">{t('form.channel')}</Label>
        <div className="ui-form__options">
          {form.channels.map((c) => (
            <Radio key={c} value={c} className="ui-form__option">
              {t(`form.channels.${c}`)}
            </Radio>
          ))}
        </div>
        <FieldError className="ui-form__error">{error('channel')}</FieldError>
      </RadioGroup>
      <RadioGroup
        className="ui-form__choices"
        name="civility"
        orientation="horizontal"
        value={values.civility}
        onChange={(v) => set('civility', v as ContactValues['civility'])}
        isInvalid={Boolean(errors.fields.civility)}
        validationBehavior="aria"
      >
        <Label className="ui-form__label">{optional(t('form.civility'))}</Label>
        <div className="ui-form__options">
          {civilitiesFor(i18n.language, CIVILITIES).map((c) => (
            <Radio key={c} value={c} className="ui-form__option">
              {t(`civilities.${c}`)}
            </Radio>
          ))}
        </div>
        <FieldError className="ui-form__error">{error('civility')}</FieldError>
      </RadioGroup>
      <div className="contact-form__row">
        {text('firstName', t('form.firstName'), { autoComplete: 'given-name', maxLength: 50 })}
        {text('lastName', t('form.lastName'), { autoComplete: 'family-name', maxLength: 50 })}
      </div>
      {text('email', t('form.email'), { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 })}
      {needsPhone(values.channel) && text('phone', t('form.phone'), { type: 'tel', autoComplete: 'tel', inputMode: 'tel', description: t('form.phoneHint'), maxLength: 24 })}
      {showOrder && text('orderNumber', optional(t('form.orderNumber')), { description: t('form.orderNumberHint'), isRequired: false, maxLength: 20 })}
      <TextField
        className="ui-form__field"
        name="message"
        value={values.message}
        onChange={(v) => set('message', v)}
        isInvalid={Boolean(errors.fields.message)}
        isRequired
        maxLength={MESSAGE_MAX_LENGTH}
        validationBehavior="aria"
      >
        <Label className="ui-form__label">{t('form.message')}</Label>
        <TextArea className="ui-form__input contact-form__textarea" rows={6} />
        <Text slot="description" className="contact-form__hint contact-form__count">
          {t('form.messageCount', { used: values.message.length, max: MESSAGE_MAX_LENGTH })}
        </Text>
        <FieldError className="ui-form__error">{error('message')}</FieldError>
      </TextField>
      <div className="ui-form__consent-block">
        <Checkbox
          className="ui-form__consent"
          name="consent"
          isSelected={values.consent}
          onChange={(v) => set('consent', v)}
          isInvalid={Boolean(errors.fields.consent)}
          validationBehavior="aria"
          aria-describedby={errors.fields.consent ? `${id}-consent-error` : undefined}
        >
          <span className="ui-form__box" aria-hidden="true">
            <svg viewBox="0 0 16 16" focusable="false">
              <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </span>
          <Text className="contact-form__consent-text">{t('form.consent')}</Text>
        </Checkbox>
        {errors.fields.consent && (
          <p id={`${id}-consent-error`} className="ui-form__error">
            {error('consent')}
          </p>
        )}
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
