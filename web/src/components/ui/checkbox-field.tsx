import type { ReactNode } from 'react';
import { classes, FieldError, useFieldIds } from './field-parts';
import './field.css';

export interface CheckboxFieldProps {
  name: string;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  /** The translated error; marks the box invalid and is read with it. */
  error?: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** The label (may hold links, e.g. to the terms). */
  children: ReactNode;
  className?: string;
}

/**
 * A checkbox with its label and, below, its error: a native `<input type="checkbox">` (visually hidden, Space
 * toggles it) inside its `<label>`, beside the drawn box. The error is linked with `aria-describedby` and sets
 * `aria-invalid`.
 */
export function CheckboxField({
  name,
  isSelected,
  onChange,
  error,
  isRequired,
  isDisabled,
  children,
  className,
}: CheckboxFieldProps) {
  const { errorId, describedBy } = useFieldIds(false, Boolean(error));
  return (
    <div className={classes('form-checkbox', className)}>
      <label
        className="form-checkbox__control"
        data-selected={isSelected || undefined}
        data-invalid={error ? true : undefined}
        data-disabled={isDisabled || undefined}
      >
        <input
          type="checkbox"
          className="form-checkbox__input sr-only"
          name={name}
          checked={isSelected}
          onChange={(e) => onChange(e.target.checked)}
          disabled={isDisabled}
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <span className="form-checkbox__box" aria-hidden="true">
          <svg viewBox="0 0 16 16" focusable="false">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </span>
        <span className="form-checkbox__label">{children}</span>
      </label>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
