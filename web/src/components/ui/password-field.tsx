import { useState, type ReactNode } from 'react';
import { cx } from './cx';
import { FieldDescription, FieldError, LabelText, useFieldIds } from './field-parts';
import './field.css';

export interface PasswordFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** The toggle's name, e.g. "Show password" (a pressed / not pressed button). */
  showLabel: string;
  error?: string | undefined;
  description?: ReactNode;
  isRequired?: boolean;
  optionalText?: string | undefined;
  maxLength?: number | undefined;
  className?: string;
}

/**
 * A password on a native `<input type="password">`, wired as `TextField`, with a "show password" toggle: a native
 * `<button type="button" aria-pressed>` that turns the input into a text field while pressed.
 */
export function PasswordField({
  name,
  label,
  value,
  onChange,
  autoComplete,
  showLabel,
  error,
  description,
  isRequired = true,
  optionalText,
  maxLength,
  className,
}: PasswordFieldProps) {
  const { id, descriptionId, errorId, describedBy } = useFieldIds(Boolean(description), Boolean(error));
  const [visible, setVisible] = useState(false);
  return (
    <div className={cx('form-field form-field--password', className)} data-invalid={error ? true : undefined}>
      <label className="form-field__label" htmlFor={id}>
        <LabelText label={label} optionalText={isRequired ? undefined : optionalText} />
      </label>
      <span className="form-field__control">
        <input
          id={id}
          className="form-field__input"
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          maxLength={maxLength}
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
        />
        <button
          type="button"
          className="form-field__toggle"
          aria-label={showLabel}
          aria-pressed={visible}
          data-selected={visible || undefined}
          onClick={() => setVisible((v) => !v)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="20" height="20">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.2"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.2" />
            {!visible && <path d="M4 20L20 4" stroke="currentColor" strokeWidth="1.2" />}
          </svg>
        </button>
      </span>
      <FieldDescription id={descriptionId}>{description}</FieldDescription>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
