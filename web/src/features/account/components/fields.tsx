// The account forms' fields, on React Aria Components: every field has a visible label (its accessible
// name), its description and error linked to it (`aria-describedby`), `aria-invalid` when in error. Texts
// come translated from the caller; errors arrive as message keys and are translated here.
import { useEffect, useId, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Checkbox, FieldError, Input, Label, Radio, RadioGroup, Text, TextField, ToggleButton } from 'react-aria-components';
import { Select } from '../../../components/ui/select';
import type { MessageKey } from '../validation';
import './account.css';

/** Translates an error's message key (`errors:ERR_FORM_1001`, `account:validation.phone`). */
export function useErrorText() {
  const { t } = useTranslation('account');
  return (key: MessageKey | undefined | null) => (key ? t(key) : undefined);
}

function FieldLabel({ label, optional }: { label: string; optional?: boolean }) {
  const { t } = useTranslation('account');
  return (
    <Label className="account-field__label">
      {label}
      {optional && <span className="account-field__optional"> {t('form.optional')}</span>}
    </Label>
  );
}

export interface TextInputProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: MessageKey | null;
  description?: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  placeholder?: string;
  isRequired?: boolean;
  /** Show "(optional)" after the label of a field that is not required. */
  markOptional?: boolean;
  isReadOnly?: boolean;
  maxLength?: number;
  lang?: string;
  className?: string;
}

export function TextInput({ name, label, value, onChange, error, description, type = 'text', autoComplete, inputMode, placeholder, isRequired = false, markOptional = false, isReadOnly, maxLength, lang, className }: TextInputProps) {
  const errorText = useErrorText();
  return (
    <TextField
      className={`account-field${className ? ` ${className}` : ''}`}
      name={name}
      type={type}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      isReadOnly={isReadOnly}
      autoComplete={autoComplete}
      maxLength={maxLength}
      validationBehavior="aria"
    >
      <FieldLabel label={label} optional={markOptional && !isRequired} />
      <Input className="account-field__input" inputMode={inputMode} placeholder={placeholder} spellCheck={type === 'text' ? undefined : false} lang={lang} />
      {description && (
        <Text slot="description" className="account-field__description">
          {description}
        </Text>
      )}
      <FieldError className="account-field__error">{errorText(error)}</FieldError>
    </TextField>
  );
}

export interface PasswordInputProps extends Omit<TextInputProps, 'type' | 'inputMode' | 'autoComplete'> {
  autoComplete: 'current-password' | 'new-password';
}

/** A password with a "show password" toggle (a pressed/not pressed button, announced as such). */
export function PasswordInput({ name, label, value, onChange, error, description, autoComplete, isRequired = true, markOptional, maxLength, className }: PasswordInputProps) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      className={`account-field account-field--password${className ? ` ${className}` : ''}`}
      name={name}
      type={visible ? 'text' : 'password'}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      autoComplete={autoComplete}
      maxLength={maxLength}
      validationBehavior="aria"
    >
      <FieldLabel label={label} optional={markOptional && !isRequired} />
      <div className="account-field__control">
        <Input className="account-field__input" spellCheck={false} autoCapitalize="none" autoCorrect="off" />
        <ToggleButton className="account-field__toggle" isSelected={visible} onChange={setVisible} aria-label={t('password.show')}>
          {visible ? (
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="20" height="20">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="1.2" />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.2" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="20" height="20">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="1.2" />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.2" />
              <path d="M4 20L20 4" stroke="currentColor" strokeWidth="1.2" />
            </svg>
          )}
        </ToggleButton>
      </div>
      {description && (
        <Text slot="description" className="account-field__description">
          {description}
        </Text>
      )}
      <FieldError className="account-field__error">{errorText(error)}</FieldError>
    </TextField>
  );
}

export interface CheckboxInputProps {
  name: string;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  error?: MessageKey | null;
  isRequired?: boolean;
  children: ReactNode;
  className?: string;
}

/** A checkbox with its label; its error below, linked to it. */
export function CheckboxInput({ name, isSelected, onChange, error, isRequired, children, className }: CheckboxInputProps) {
  const errorText = useErrorText();
  const errorId = useId();
  return (
    <div className={`account-checkbox${className ? ` ${className}` : ''}`}>
      <Checkbox
        className="account-checkbox__control"
        name={name}
        isSelected={isSelected}
        onChange={onChange}
        isInvalid={Boolean(error)}
        isRequired={isRequired}
        validationBehavior="aria"
        aria-describedby={error ? errorId : undefined}
      >
        <span className="account-checkbox__box" aria-hidden="true">
          <svg viewBox="0 0 16 16" focusable="false">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </span>
        <span className="account-checkbox__label">{children}</span>
      </Checkbox>
      {error && (
        <p id={errorId} className="account-field__error">
          {errorText(error)}
        </p>
      )}
    </div>
  );
}

export interface SelectInputProps {
  name: string;
  label: string;
  items: { id: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: MessageKey | null;
  placeholder?: string;
  isRequired?: boolean;
  markOptional?: boolean;
  className?: string;
}

/** The design system's Select, with the account forms' error messages. */
export function SelectInput({ name, label, items, value, onChange, error, placeholder, isRequired, markOptional, className }: SelectInputProps) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  return (
    <Select
      className={`account-field account-field--select${className ? ` ${className}` : ''}`}
      name={name}
      label={markOptional && !isRequired ? `${label} ${t('form.optional')}` : label}
      items={items}
      selectedKey={value || null}
      onSelectionChange={onChange}
      placeholder={placeholder ?? t('form.choose')}
      isRequired={isRequired}
      errorMessage={errorText(error)}
    />
  );
}

export interface RadioChoicesProps {
  name: string;
  label: string;
  items: { id: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: MessageKey | null;
  isRequired?: boolean;
  className?: string;
}

/** A row of radio choices (address type): arrow keys move between them. */
export function RadioChoices({ name, label, items, value, onChange, error, isRequired, className }: RadioChoicesProps) {
  const errorText = useErrorText();
  return (
    <RadioGroup
      className={`account-radios${className ? ` ${className}` : ''}`}
      name={name}
      value={value || null}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      orientation="horizontal"
      validationBehavior="aria"
    >
      <Label className="account-field__label">{label}</Label>
      <div className="account-radios__options">
        {items.map((item) => (
          <Radio key={item.id} value={item.id} className="account-radios__option">
            {item.label}
          </Radio>
        ))}
      </div>
      <FieldError className="account-field__error">{errorText(error)}</FieldError>
    </RadioGroup>
  );
}

/** The messages for the top of a form (no field of its own); announced when they appear. */
export function FormAlert({ messages, alertRef }: { messages: readonly MessageKey[]; alertRef?: RefObject<HTMLDivElement | null> }) {
  const errorText = useErrorText();
  if (messages.length === 0) return null;
  return (
    <div className="account-alert" role="alert" ref={alertRef} tabIndex={-1}>
      {messages.length === 1 ? (
        <p>{errorText(messages[0])}</p>
      ) : (
        <ul>
          {messages.map((m) => (
            <li key={m}>{errorText(m)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * After a refused submission, focus goes to the first field in error (its error is read with it), or to the
 * form's alert when no field is named. `attempt` changes on every submission.
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>, attempt: number, hasFieldErrors: boolean, alertRef?: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    if (attempt === 0) return;
    const form = formRef.current;
    if (!form) return;
    const invalid = hasFieldErrors ? form.querySelector<HTMLElement>('input[aria-invalid="true"], [data-invalid] input, [data-invalid] button') : null;
    (invalid ?? alertRef?.current)?.focus();
  }, [attempt]); // eslint-disable-line react-hooks/exhaustive-deps
}
