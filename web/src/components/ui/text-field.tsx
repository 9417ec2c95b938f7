import type { ReactNode, Ref } from 'react';
import { classes, FieldDescription, FieldError, LabelText, useFieldIds } from './field-parts';
import './field.css';

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated error; marks the field invalid. */
  error?: string | undefined;
  description?: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string | undefined;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'search' | 'url';
  placeholder?: string | undefined;
  isRequired?: boolean;
  /** Shown after the label of a field that is not required, e.g. "(optional)". */
  optionalText?: string | undefined;
  isReadOnly?: boolean;
  isDisabled?: boolean;
  maxLength?: number | undefined;
  lang?: string;
  /** Left-to-right content in any language (card numbers, phone numbers, codes). */
  ltr?: boolean;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

/**
 * A text field on a native `<input>`: its visible label is its name (`<label for>`), its description and error
 * are linked with `aria-describedby`, an error sets `aria-invalid`, a required field `aria-required` (the forms
 * check on submit with `noValidate`, so the browser's own bubbles never show). Autofill, `autocomplete`,
 * `inputmode` (the phone's keyboard) and the browser's undo are the browser's.
 */
export function TextField({
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
  optionalText,
  isReadOnly,
  isDisabled,
  maxLength,
  lang,
  ltr,
  className,
  inputRef,
  onBlur,
}: TextFieldProps) {
  const { id, descriptionId, errorId, describedBy } = useFieldIds(Boolean(description), Boolean(error));
  return (
    <div
      className={classes('form-field', className)}
      data-invalid={error ? true : undefined}
      data-readonly={isReadOnly || undefined}
      data-disabled={isDisabled || undefined}
    >
      <label className="form-field__label" htmlFor={id}>
        <LabelText label={label} optionalText={isRequired ? undefined : optionalText} />
      </label>
      <input
        ref={inputRef}
        id={id}
        className="form-field__input"
        name={name}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={maxLength}
        readOnly={isReadOnly}
        disabled={isDisabled}
        aria-required={isRequired || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        spellCheck={type === 'text' && !ltr ? undefined : false}
        lang={lang}
        dir={ltr ? 'ltr' : undefined}
      />
      <FieldDescription id={descriptionId}>{description}</FieldDescription>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

export interface TextAreaFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  description?: ReactNode;
  optionalText?: string | undefined;
  isRequired?: boolean;
  maxLength?: number;
  rows?: number;
  className?: string;
}

/** A multi-line text field on a native `<textarea>`, wired as `TextField`. */
export function TextAreaField({
  name,
  label,
  value,
  onChange,
  error,
  description,
  optionalText,
  isRequired = false,
  maxLength,
  rows = 4,
  className,
}: TextAreaFieldProps) {
  const { id, descriptionId, errorId, describedBy } = useFieldIds(Boolean(description), Boolean(error));
  return (
    <div className={classes('form-field', className)} data-invalid={error ? true : undefined}>
      <label className="form-field__label" htmlFor={id}>
        <LabelText label={label} optionalText={isRequired ? undefined : optionalText} />
      </label>
      <textarea
        id={id}
        className="form-field__input form-field__input--area"
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={rows}
        maxLength={maxLength}
        aria-required={isRequired || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldDescription id={descriptionId}>{description}</FieldDescription>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
