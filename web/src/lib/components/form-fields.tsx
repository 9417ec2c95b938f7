// Form fields shared by the shopping forms (checkout, order tracking, order cancellation), on React Aria
// Components: every field has a visible label (its accessible name), its description and error linked to it
// (`aria-describedby`), `aria-invalid` when in error. Texts arrive translated from the caller (labels, the
// "(optional)" mark, error messages), as in the design system.
import { useId, type ReactNode, type Ref } from 'react';
import { Checkbox, FieldError, Input, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { Select } from '../../components/ui/select';
import './form-fields.css';

function FieldLabel({ label, optionalText }: { label: string; optionalText?: string | undefined }) {
  return (
    <Label className="form-field__label">
      {label}
      {optionalText && <span className="form-field__optional"> {optionalText}</span>}
    </Label>
  );
}

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated error; marks the field invalid. */
  error?: string | undefined;
  description?: ReactNode;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string | undefined;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  placeholder?: string | undefined;
  isRequired?: boolean;
  /** Shown after the label of a field that is not required, e.g. "(optional)". */
  optionalText?: string | undefined;
  isReadOnly?: boolean;
  maxLength?: number | undefined;
  lang?: string;
  /** Left-to-right content in any language (card numbers, phone numbers, codes). */
  ltr?: boolean;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

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
  maxLength,
  lang,
  ltr,
  className,
  inputRef,
  onBlur,
}: TextFieldProps) {
  return (
    <AriaTextField
      className={`form-field${className ? ` ${className}` : ''}`}
      name={name}
      type={type}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      isReadOnly={isReadOnly}
      autoComplete={autoComplete}
      maxLength={maxLength}
      validationBehavior="aria"
    >
      <FieldLabel label={label} optionalText={isRequired ? undefined : optionalText} />
      <Input
        ref={inputRef}
        className="form-field__input"
        inputMode={inputMode}
        placeholder={placeholder}
        spellCheck={type === 'text' && !ltr ? undefined : false}
        lang={lang}
        dir={ltr ? 'ltr' : undefined}
      />
      {description && (
        <Text slot="description" className="form-field__description">
          {description}
        </Text>
      )}
      <FieldError className="form-field__error">{error}</FieldError>
    </AriaTextField>
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

export function TextAreaField({ name, label, value, onChange, error, description, optionalText, isRequired = false, maxLength, rows = 4, className }: TextAreaFieldProps) {
  return (
    <AriaTextField
      className={`form-field${className ? ` ${className}` : ''}`}
      name={name}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      maxLength={maxLength}
      validationBehavior="aria"
    >
      <FieldLabel label={label} optionalText={isRequired ? undefined : optionalText} />
      <TextArea className="form-field__input form-field__input--area" rows={rows} />
      {description && (
        <Text slot="description" className="form-field__description">
          {description}
        </Text>
      )}
      <FieldError className="form-field__error">{error}</FieldError>
    </AriaTextField>
  );
}

export interface CheckboxFieldProps {
  name: string;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  error?: string | undefined;
  isRequired?: boolean;
  children: ReactNode;
  className?: string;
}

/** A checkbox with its label; its error below, linked to it. */
export function CheckboxField({ name, isSelected, onChange, error, isRequired, children, className }: CheckboxFieldProps) {
  const errorId = useId();
  return (
    <div className={`form-checkbox${className ? ` ${className}` : ''}`}>
      <Checkbox
        className="form-checkbox__control"
        name={name}
        isSelected={isSelected}
        onChange={onChange}
        isInvalid={Boolean(error)}
        isRequired={isRequired}
        validationBehavior="aria"
        aria-describedby={error ? errorId : undefined}
      >
        <span className="form-checkbox__box" aria-hidden="true">
          <svg viewBox="0 0 16 16" focusable="false">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </span>
        <span className="form-checkbox__label">{children}</span>
      </Checkbox>
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface SelectFieldProps {
  name: string;
  label: string;
  items: { id: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  placeholder?: string | undefined;
  optionalText?: string | undefined;
  isRequired?: boolean;
  isLabelHidden?: boolean;
  className?: string;
}

/** The design system's Select, with the forms' error and optional mark. */
export function SelectField({ name, label, items, value, onChange, error, placeholder, optionalText, isRequired, isLabelHidden, className }: SelectFieldProps) {
  return (
    <Select
      className={`form-field form-field--select${className ? ` ${className}` : ''}`}
      name={name}
      label={optionalText && !isRequired ? `${label} ${optionalText}` : label}
      items={items}
      selectedKey={value || null}
      onSelectionChange={onChange}
      placeholder={placeholder}
      isRequired={isRequired}
      isLabelHidden={isLabelHidden}
      errorMessage={error}
    />
  );
}

/** A message for the top of a form or a step (no field of its own); announced when it appears. */
export function FormMessage({ children, tone = 'error', messageRef }: { children: ReactNode; tone?: 'error' | 'info'; messageRef?: Ref<HTMLDivElement> }) {
  return (
    <div className="form-message" data-tone={tone} role={tone === 'error' ? 'alert' : 'status'} ref={messageRef} tabIndex={-1}>
      {children}
    </div>
  );
}
