import { FieldError, Label, RadioButton, RadioField, RadioGroup, Text } from 'react-aria-components';
import { cx } from './cx';
import { VisuallyHidden } from './visually-hidden';
import './size-picker.css';

export interface SizeOption {
  /** Value reported by `onChange` (e.g. the SKU / size code). */
  id: string;
  /** Visible size label: "S", "38", "IT 40", "One size". */
  label: string;
  /** false = out of stock: shown struck through and announced as unavailable. */
  available: boolean;
  /** Short extra information shown under the box and read as its description, e.g. "Last one". */
  hint?: string;
}

export interface SizePickerProps {
  /** Group label, e.g. t('product:size'). */
  label: string;
  sizes: SizeOption[];
  /** Selected size id (controlled); null / undefined = nothing selected yet. */
  value: string | null | undefined;
  onChange: (id: string) => void;
  /**
   * Appended to the accessible name of sold-out sizes, e.g. t('product:unavailable') → "M, unavailable".
   * Required: strike-through alone is invisible to screen readers.
   */
  unavailableLabel: string;
  /** Shown under the boxes and linked to the group (aria-describedby); marks the group invalid. */
  errorMessage?: string;
  /** Helper text under the label (e.g. "Italian sizes"). */
  description?: string;
  /** Form field name, when the picker is part of a native <form>. */
  name?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/**
 * Size selector: a React Aria `RadioGroup` of `RadioField`s styled as boxes. Tab moves into the group
 * (onto the selected size), arrow keys move between sizes and select them, as for native radios.
 *
 * Accessibility choice for sold-out sizes: they are NOT `isDisabled`. A disabled radio is skipped by
 * arrow-key navigation and cannot be focused, so keyboard and screen-reader users would not learn
 * that the size exists but is sold out, and nobody could pick it to ask for a back-in-stock alert.
 * Instead every size stays focusable and selectable; sold-out ones are struck through visually and
 * their accessible name gets the `unavailableLabel` suffix ("M, unavailable"). Callers react to
 * the selection of an unavailable size (e.g. swap "Add to bag" for "Notify me").
 */
export function SizePicker({
  label,
  sizes,
  value,
  onChange,
  unavailableLabel,
  errorMessage,
  description,
  name,
  isRequired,
  isDisabled,
  className,
}: SizePickerProps) {
  return (
    <RadioGroup
      className={cx('ui-size-picker', className)}
      value={value ?? null}
      onChange={onChange}
      isInvalid={Boolean(errorMessage)}
      orientation="horizontal"
      name={name}
      isRequired={isRequired}
      isDisabled={isDisabled}
    >
      <Label className="ui-size-picker__label">{label}</Label>
      {description && (
        <Text slot="description" className="ui-size-picker__description">
          {description}
        </Text>
      )}
      <div className="ui-size-picker__options">
        {sizes.map((size) => (
          <RadioField
            key={size.id}
            value={size.id}
            className="ui-size-picker__option"
            data-unavailable={size.available ? undefined : ''}
          >
            <RadioButton className="ui-size-picker__box">
              <span className="ui-size-picker__size">{size.label}</span>
              {!size.available && <VisuallyHidden>, {unavailableLabel}</VisuallyHidden>}
            </RadioButton>
            {size.hint && (
              <Text slot="description" className="ui-size-picker__hint">
                {size.hint}
              </Text>
            )}
          </RadioField>
        ))}
      </div>
      <FieldError className="ui-size-picker__error">{errorMessage}</FieldError>
    </RadioGroup>
  );
}
