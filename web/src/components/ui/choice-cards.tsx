import type { ReactNode } from 'react';
import { classes, FieldError, useFieldIds } from './field-parts';
import './field.css';
import './choice-cards.css';

export interface ChoiceCard {
  id: string;
  /** The choice's name (its accessible name, with the detail). */
  title: ReactNode;
  detail?: ReactNode;
  /** Right-aligned: a price, "Complimentary", a badge. */
  aside?: ReactNode;
  isDisabled?: boolean;
}

export interface ChoiceCardsProps {
  name: string;
  label: string;
  /** The label for screen readers only (the step's heading says it already). */
  isLabelHidden?: boolean;
  items: ChoiceCard[];
  value: string | null;
  onChange: (id: string) => void;
  /** The translated error; marks the group invalid. */
  error?: string | undefined;
  /** The form's own class, for its layout of the cards (e.g. two side by side). */
  className?: string;
}

/**
 * One choice among cards (delivery methods, addresses, boutiques, payment methods; a return or an exchange,
 * how the pieces go back): native radios in a `fieldset` with the radiogroup role, each card the label of its
 * radio (so the card's whole text is the radio's name). Tab enters the group, the arrow keys move and choose,
 * skipping unavailable cards.
 */
export function ChoiceCards({
  name,
  label,
  isLabelHidden,
  items,
  value,
  onChange,
  error,
  className,
}: ChoiceCardsProps) {
  const { id, errorId, describedBy } = useFieldIds(false, Boolean(error));
  return (
    <fieldset
      className={classes('choice-cards', className)}
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      data-invalid={error ? true : undefined}
    >
      <legend id={`${id}-legend`} className={isLabelHidden ? 'sr-only' : 'form-field__label'}>
        {label}
      </legend>
      <div className="choice-cards__list">
        {items.map((item) => (
          <label
            key={item.id}
            className="choice-card"
            data-selected={value === item.id || undefined}
            data-disabled={item.isDisabled || undefined}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={item.id}
              checked={value === item.id}
              disabled={item.isDisabled}
              onChange={() => onChange(item.id)}
              aria-describedby={describedBy}
            />
            <span className="choice-card__mark" aria-hidden="true" />
            <span className="choice-card__body">
              <span className="choice-card__title">{item.title}</span>
              {item.detail && <span className="choice-card__detail">{item.detail}</span>}
            </span>
            {item.aside && <span className="choice-card__aside">{item.aside}</span>}
          </label>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
