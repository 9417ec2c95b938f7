import type { ReactNode } from 'react';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import './form-fields.css';
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
 * how the pieces go back): a React Aria radio group, so Tab enters the group and the arrow keys move and
 * choose, as with native radios.
 */
export function ChoiceCards({ name, label, isLabelHidden, items, value, onChange, error, className }: ChoiceCardsProps) {
  return (
    <RadioGroup
      className={`choice-cards${className ? ` ${className}` : ''}`}
      name={name}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label className={isLabelHidden ? 'sr-only' : 'form-field__label'}>{label}</Label>
      <div className="choice-cards__list">
        {items.map((item) => (
          <Radio key={item.id} value={item.id} className="choice-card" isDisabled={item.isDisabled}>
            <span className="choice-card__mark" aria-hidden="true" />
            <span className="choice-card__body">
              <span className="choice-card__title">{item.title}</span>
              {item.detail && <span className="choice-card__detail">{item.detail}</span>}
            </span>
            {item.aside && <span className="choice-card__aside">{item.aside}</span>}
          </Radio>
        ))}
      </div>
      <FieldError className="form-field__error">{error}</FieldError>
    </RadioGroup>
  );
}
