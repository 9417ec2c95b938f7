import type { ReactNode } from 'react';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';

export interface ReturnChoice {
  id: string;
  title: ReactNode;
  detail?: ReactNode;
  aside?: ReactNode;
  isDisabled?: boolean;
}

/** One choice among cards (the flow, how to send the items back): a React Aria radio group. */
export function ReturnChoices({ name, label, isLabelHidden, items, value, onChange, error }: { name: string; label: string; isLabelHidden?: boolean; items: ReturnChoice[]; value: string | null; onChange: (id: string) => void; error?: string | undefined }) {
  return (
    <RadioGroup className="return-choices" name={name} value={value} onChange={onChange} isInvalid={Boolean(error)} validationBehavior="aria">
      <Label className={isLabelHidden ? 'sr-only' : 'form-field__label'}>{label}</Label>
      <div className="return-choices__list">
        {items.map((item) => (
          <Radio key={item.id} value={item.id} className="return-choice" isDisabled={item.isDisabled}>
            <span className="return-choice__mark" aria-hidden="true" />
            <span className="return-choice__body">
              <span className="return-choice__title">{item.title}</span>
              {item.detail && <span className="return-choice__detail">{item.detail}</span>}
            </span>
            {item.aside && <span className="return-choice__aside">{item.aside}</span>}
          </Radio>
        ))}
      </div>
      <FieldError className="form-field__error">{error}</FieldError>
    </RadioGroup>
  );
}
