import type { ReactNode } from 'react';
import { classes, FieldDescription, FieldError, LabelText, useFieldIds } from './field-parts';
import './field.css';

export interface SelectFieldProps {
  name: string;
  label: string;
  items: readonly { id: string; label: string }[];
  /** The chosen item's id; '' shows the placeholder. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  description?: ReactNode;
  /** Shown while nothing is chosen, e.g. "Choose". */
  placeholder?: string | undefined;
  optionalText?: string | undefined;
  isRequired?: boolean;
  isLabelHidden?: boolean;
  isDisabled?: boolean;
  autoComplete?: string | undefined;
  className?: string;
}

/**
 * A form's choice in a list (a state or prefecture, a reason) on a native `<select>`, outlined like the text
 * fields: the phone's own picker, the browser's keyboard (arrows, type-ahead) and autofill. Wired as
 * `TextField` (label, description, error, `aria-invalid`, `aria-required`). While nothing is chosen a disabled
 * empty option shows the placeholder. The toolbar's inline select is `NativeSelect`.
 */
export function SelectField({
  name,
  label,
  items,
  value,
  onChange,
  error,
  description,
  placeholder,
  optionalText,
  isRequired = false,
  isLabelHidden,
  isDisabled,
  autoComplete,
  className,
}: SelectFieldProps) {
  const { id, descriptionId, errorId, describedBy } = useFieldIds(Boolean(description), Boolean(error));
  const empty = !items.some((item) => item.id === value);
  return (
    <div
      className={classes('form-field form-field--select', className)}
      data-invalid={error ? true : undefined}
      data-disabled={isDisabled || undefined}
    >
      <label className={isLabelHidden ? 'sr-only' : 'form-field__label'} htmlFor={id}>
        <LabelText label={label} optionalText={isRequired ? undefined : optionalText} />
      </label>
      <span className="form-field__control">
        <select
          id={id}
          className="form-field__input form-field__select"
          name={name}
          value={empty ? '' : value}
          onChange={(e) => onChange(e.target.value)}
          disabled={isDisabled}
          autoComplete={autoComplete}
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-placeholder={empty || undefined}
        >
          {(empty || placeholder) && (
            <option value="" disabled>
              {placeholder ?? ''}
            </option>
          )}
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.label}
            </option>
          ))}
        </select>
        <svg className="form-field__chevron" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 4.25l4 4 4-4" stroke="currentColor" strokeWidth="1" fill="none" />
        </svg>
      </span>
      <FieldDescription id={descriptionId}>{description}</FieldDescription>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
