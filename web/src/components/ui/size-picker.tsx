import { useId } from 'react';
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
 * Size selector: native radio buttons, one per size, styled as boxes, in a `fieldset` with the radiogroup role.
 * The browser gives the radio keyboard model: Tab moves into the group (onto the selected size), arrow keys
 * move between sizes and select them. Native rather than React Aria's RadioGroup (what it rendered: the same
 * visually hidden `<input type="radio">` in a label), so the product page's first load does not carry React
 * Aria's field and press code (docs/web-performance.md).
 *
 * Accessibility choice for sold-out sizes: they are NOT disabled. A disabled radio is skipped by
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
  const id = useId();
  const group = name ?? `size-${id}`;
  const invalid = Boolean(errorMessage);
  const describedBy =
    [description && `${id}-description`, invalid && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={cx('ui-size-picker', className)}
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy}
      aria-required={isRequired || undefined}
      aria-invalid={invalid || undefined}
      data-invalid={invalid || undefined}
      disabled={isDisabled}
    >
      <legend className="ui-size-picker__label" id={`${id}-label`}>
        {label}
      </legend>
      {description && (
        <span className="ui-size-picker__description" id={`${id}-description`}>
          {description}
        </span>
      )}
      <div className="ui-size-picker__options">
        {sizes.map((size) => {
          const selected = value === size.id;
          const hintId = size.hint ? `${id}-hint-${size.id}` : undefined;
          return (
            <div key={size.id} className="ui-size-picker__option" data-unavailable={size.available ? undefined : ''}>
              <label
                className="ui-size-picker__box"
                data-selected={selected || undefined}
                data-disabled={isDisabled || undefined}
              >
                <input
                  type="radio"
                  className="ui-size-picker__input"
                  name={group}
                  value={size.id}
                  checked={selected}
                  onChange={() => onChange(size.id)}
                  required={isRequired}
                  aria-describedby={hintId}
                />
                <span className="ui-size-picker__size">{size.label}</span>
                {!size.available && <VisuallyHidden>, {unavailableLabel}</VisuallyHidden>}
              </label>
              {size.hint && (
                <span className="ui-size-picker__hint" id={hintId}>
                  {size.hint}
                </span>
              )}
            </div>
          );
        })}
      </div>
      {invalid && (
        <span className="ui-size-picker__error" id={`${id}-error`}>
          {errorMessage}
        </span>
      )}
    </fieldset>
  );
}
