import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import {
  Checkbox,
  FieldError,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import { Link } from '../../../lib/router';
import { civilitiesFor } from '../../../lib/civility';
import { useLocalizePath } from '../../../lib/market-context';
import { CIVILITIES, MESSAGE_MAX_LENGTH, type DetailField, type DetailValues, type FormErrors } from '../store-model';
import '../../../components/ui/form-field.css';

export interface DetailFieldsProps {
  id: string;
  values: DetailValues;
  errors: FormErrors<DetailField>['fields'];
  set: <K extends keyof DetailValues>(key: K, value: DetailValues[K]) => void;
  /** Label of the note field (it is optional). */
  messageLabel?: string;
  /** Called when a link leaves the page (a dialog closes itself). */
  onNavigate?: () => void;
}

/**
 * The client's details every in-store request asks: form of address, name, e-mail, telephone (the boutique
 * calls back), an optional note and the agreement to be contacted. Errors are translated i18n keys.
 */
export function DetailFields({ id, values, errors, set, messageLabel, onNavigate }: DetailFieldsProps) {
  const { t, i18n } = useTranslation('stores');
  const localize = useLocalizePath();
  const error = (key: DetailField) => (errors[key] ? t(errors[key]) : undefined);
  const text = (
    name: 'firstName' | 'lastName' | 'email' | 'phone',
    label: string,
    props: {
      type?: string;
      autoComplete: string;
      inputMode?: 'email' | 'tel' | 'text';
      description?: string;
      maxLength: number;
    },
  ): ReactNode => (
    <TextField
      className={`ui-form__field store-form__field--${name}`}
      name={name}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete}
      value={values[name]}
      onChange={(v) => set(name, v)}
      isInvalid={Boolean(errors[name])}
      isRequired
      maxLength={props.maxLength}
      validationBehavior="aria"
    >
      <Label className="ui-form__label">{label}</Label>
      <Input
        className="ui-form__input"
        inputMode={props.inputMode}
        spellCheck={props.type === 'email' ? false : undefined}
      />
      {props.description && (
        <Text slot="description" className="store-form__hint">
          {props.description}
        </Text>
      )}
      <FieldError className="ui-form__error">{error(name)}</FieldError>
    </TextField>
  );
  return (
    <>
      <RadioGroup
        className="ui-form__choices"
        name="civility"
        orientation="horizontal"
        value={values.civility}
        onChange={(v) => set('civility', v as DetailValues['civility'])}
        isInvalid={Boolean(errors.civility)}
        isRequired
        validationBehavior="aria"
      >
        <Label className="ui-form__label">{t('form.civility')}</Label>
        <div className="ui-form__options">
          {civilitiesFor(i18n.language, CIVILITIES).map((c) => (
            <Radio key={c} value={c} className="ui-form__option">
              {t(`civilities.${c}`)}
            </Radio>
          ))}
        </div>
        <FieldError className="ui-form__error">{error('civility')}</FieldError>
      </RadioGroup>
      <div className="store-form__row">
        {text('firstName', t('form.firstName'), { autoComplete: 'given-name', maxLength: 50 })}
        {text('lastName', t('form.lastName'), { autoComplete: 'family-name', maxLength: 50 })}
      </div>
      <div className="store-form__row">
        {text('email', t('form.email'), { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 })}
        {text('phone', t('form.phone'), {
          type: 'tel',
          autoComplete: 'tel',
          inputMode: 'tel',
          description: t('form.phoneHint'),
          maxLength: 24,
        })}
      </div>
      <TextField
        className="ui-form__field"
        name="message"
        value={values.message}
        onChange={(v) => set('message', v)}
        isInvalid={Boolean(errors.message)}
        maxLength={MESSAGE_MAX_LENGTH}
        validationBehavior="aria"
      >
        <Label className="ui-form__label">{t('form.optional', { label: messageLabel ?? t('form.message') })}</Label>
        <TextArea className="ui-form__input store-form__textarea" rows={3} />
        <Text slot="description" className="store-form__hint store-form__count">
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
          isInvalid={Boolean(errors.consent)}
          validationBehavior="aria"
          aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
        >
          <span className="ui-form__box" aria-hidden="true">
            <svg viewBox="0 0 16 16" focusable="false">
              <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </span>
          <Text>{t('form.consent')}</Text>
        </Checkbox>
        {errors.consent && (
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
    </>
  );
}
