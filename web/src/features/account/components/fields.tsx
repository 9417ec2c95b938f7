// The account forms' fields, on the storefront's native form-field kit (components/ui, decision 0158): every
// field has a visible label (its accessible name), its description and error linked to it
// (`aria-describedby`), `aria-invalid` when in error. Texts come translated from the caller; errors arrive as
// message keys and are translated here. Each field keeps the `account-field` class beside the kit's.
import { useEffect, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { PasswordField } from '../../../components/ui/password-field';
import { RadioGroup } from '../../../components/ui/radio-group';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { cx } from '../../../components/ui/cx';
import type { MessageKey } from '../validation';
import './account.css';

/** Translates an error's message key (`errors:ERR_FORM_1001`, `account:validation.phone`). */
export function useErrorText() {
  const { t } = useTranslation('account');
  return (key: MessageKey | undefined | null) => (key ? t(key) : undefined);
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

export function TextInput({
  name,
  label,
  value,
  onChange,
  error,
  description,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  isRequired = false,
  markOptional = false,
  isReadOnly,
  maxLength,
  lang,
  className,
}: TextInputProps) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  return (
    <TextField
      className={cx('account-field', className)}
      name={name}
      label={label}
      type={type}
      value={value}
      onChange={onChange}
      error={errorText(error)}
      description={description}
      isRequired={isRequired}
      optionalText={markOptional ? t('form.optional') : undefined}
      isReadOnly={isReadOnly}
      autoComplete={autoComplete}
      inputMode={inputMode}
      placeholder={placeholder}
      maxLength={maxLength}
      {...(lang ? { lang } : {})}
    />
  );
}

export interface PasswordInputProps extends Omit<TextInputProps, 'type' | 'inputMode' | 'autoComplete'> {
  autoComplete: 'current-password' | 'new-password';
}

/** A password with a "show password" toggle (a pressed/not pressed button, announced as such). */
export function PasswordInput({
  name,
  label,
  value,
  onChange,
  error,
  description,
  autoComplete,
  isRequired = true,
  markOptional,
  maxLength,
  className,
}: PasswordInputProps) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  return (
    <PasswordField
      className={cx('account-field', className)}
      name={name}
      label={label}
      value={value}
      onChange={onChange}
      autoComplete={autoComplete}
      showLabel={t('password.show')}
      error={errorText(error)}
      description={description}
      isRequired={isRequired}
      optionalText={markOptional ? t('form.optional') : undefined}
      maxLength={maxLength}
    />
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
export function CheckboxInput({
  name,
  isSelected,
  onChange,
  error,
  isRequired,
  children,
  className,
}: CheckboxInputProps) {
  const errorText = useErrorText();
  return (
    <CheckboxField
      className={cx('account-checkbox', className)}
      name={name}
      isSelected={isSelected}
      onChange={onChange}
      error={errorText(error)}
      isRequired={isRequired}
    >
      {children}
    </CheckboxField>
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

/** A native select (the kit's `SelectField`), with the account forms' error messages. */
export function SelectInput({
  name,
  label,
  items,
  value,
  onChange,
  error,
  placeholder,
  isRequired,
  markOptional,
  className,
}: SelectInputProps) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  return (
    <SelectField
      className={cx('account-field account-field--select', className)}
      name={name}
      label={label}
      items={items}
      value={value}
      onChange={onChange}
      placeholder={placeholder ?? t('form.choose')}
      isRequired={isRequired}
      optionalText={markOptional ? t('form.optional') : undefined}
      error={errorText(error)}
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
      className={cx('account-radios', className)}
      name={name}
      label={label}
      items={items.map((item) => ({ value: item.id, label: item.label }))}
      value={value}
      onChange={onChange}
      error={errorText(error)}
      isRequired={isRequired}
    />
  );
}

/** The messages for the top of a form (no field of its own); announced when they appear. */
export function FormAlert({
  messages,
  alertRef,
}: {
  messages: readonly MessageKey[];
  alertRef?: RefObject<HTMLDivElement | null>;
}) {
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
export function useFocusFirstError(
  formRef: RefObject<HTMLFormElement | null>,
  attempt: number,
  hasFieldErrors: boolean,
  alertRef?: RefObject<HTMLDivElement | null>,
) {
  useEffect(() => {
    if (attempt === 0) return;
    const form = formRef.current;
    if (!form) return;
    const invalid = hasFieldErrors
      ? form.querySelector<HTMLElement>(
          'input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"], [data-invalid] input',
        )
      : null;
    (invalid ?? alertRef?.current)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus moves on a new submission only, not when the errors change as the shopper types
  }, [attempt]);
}
