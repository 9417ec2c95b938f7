import type { ReactNode } from 'react';
import { classes, FieldDescription, FieldError, LabelText, useFieldIds } from './field-parts';
import './field.css';

export interface RadioGroupProps<T extends string> {
  name: string;
  label: string;
  items: readonly { value: T; label: ReactNode }[];
  /** The chosen value; '' or null when none is. */
  value: T | '' | null;
  onChange: (value: T) => void;
  error?: string | undefined;
  description?: ReactNode;
  isRequired?: boolean;
  optionalText?: string | undefined;
  className?: string;
}

/**
 * One choice among a few short options (a form of address), drawn as pills: native radios in a `fieldset`
 * with the radiogroup role, named by its `legend`. The browser gives the radio keyboard model: Tab enters the
 * group on the chosen option (the first when none is), the arrow keys move and choose. The description and
 * error are linked to the group and to each radio (read when a radio gets focus); an error sets `aria-invalid`
 * on the group.
 */
export function RadioGroup<T extends string>({
  name,
  label,
  items,
  value,
  onChange,
  error,
  description,
  isRequired = false,
  optionalText,
  className,
}: RadioGroupProps<T>) {
  const { id, descriptionId, errorId, describedBy } = useFieldIds(Boolean(description), Boolean(error));
  return (
    <fieldset
      className={classes('form-radios', className)}
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={describedBy}
      aria-required={isRequired || undefined}
      aria-invalid={error ? true : undefined}
      data-invalid={error ? true : undefined}
    >
      <legend id={`${id}-legend`} className="form-field__label">
        <LabelText label={label} optionalText={isRequired ? undefined : optionalText} />
      </legend>
      <FieldDescription id={descriptionId}>{description}</FieldDescription>
      <div className="form-radios__options">
        {items.map((item) => (
          <label key={item.value} className="form-radios__option" data-selected={value === item.value || undefined}>
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={item.value}
              checked={value === item.value}
              onChange={() => onChange(item.value)}
              aria-describedby={describedBy}
            />
            {item.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
