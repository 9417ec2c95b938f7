import type { Key } from 'react-aria-components';
import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
} from 'react-aria-components';
import { cx } from './cx';
import './select.css';

export interface SelectItem {
  id: string;
  label: string;
}

export interface SelectProps {
  /** Visible label, e.g. t('plp:sortBy'). */
  label: string;
  items: SelectItem[];
  /** Selected item id (controlled); null shows the placeholder. */
  selectedKey: string | null | undefined;
  onSelectionChange: (id: string) => void;
  /** Text shown when nothing is selected, e.g. t('common:select'). */
  placeholder?: string;
  /**
   * field: label above a full-width outlined box (forms).
   * inline: compact "SORT BY  Newest ⌄" with no box (listing toolbars). Default field.
   */
  variant?: 'field' | 'inline';
  /** Hide the label visually (kept for screen readers). */
  isLabelHidden?: boolean;
  description?: string;
  errorMessage?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** Form field name, when used inside a native <form>. */
  name?: string;
  className?: string;
}

/**
 * Single-choice dropdown (sort order, country, quantity): React Aria `Select` + `Popover` + `ListBox`.
 * Keyboard: Enter/Space/↓ open the list, arrows move, type-ahead jumps, Enter selects, Escape closes;
 * screen readers get a labelled button with the current value and a listbox of options.
 */
export function Select({
  label,
  items,
  selectedKey,
  onSelectionChange,
  placeholder,
  variant = 'field',
  isLabelHidden = false,
  description,
  errorMessage,
  isDisabled,
  isRequired,
  name,
  className,
}: SelectProps) {
  return (
    <AriaSelect
      className={cx('ui-select', className)}
      data-variant={variant}
      value={selectedKey ?? null}
      onChange={(key: Key | null) => {
        if (key != null) onSelectionChange(String(key));
      }}
      placeholder={placeholder}
      isInvalid={Boolean(errorMessage)}
      isDisabled={isDisabled}
      isRequired={isRequired}
      name={name}
    >
      <Label className={cx('ui-select__label', isLabelHidden && 'ui-visually-hidden')}>{label}</Label>
      <AriaButton className="ui-select__trigger">
        <SelectValue className="ui-select__value" />
        <svg className="ui-select__chevron" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 4.25l4 4 4-4" stroke="currentColor" strokeWidth="1" fill="none" />
        </svg>
      </AriaButton>
      {description && (
        <Text slot="description" className="ui-select__description">
          {description}
        </Text>
      )}
      <FieldError className="ui-select__error">{errorMessage}</FieldError>
      <Popover
        className="ui-select__popover"
        placement={variant === 'inline' ? 'bottom end' : 'bottom start'}
        offset={4}
      >
        <ListBox className="ui-select__listbox" items={items}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className="ui-select__option">
              {({ isSelected }) => (
                <>
                  <span className="ui-select__option-label">{item.label}</span>
                  {isSelected && (
                    <svg className="ui-select__check" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                      <path d="M2 6.5l2.75 2.5L10 3.5" stroke="currentColor" strokeWidth="1" fill="none" />
                    </svg>
                  )}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
