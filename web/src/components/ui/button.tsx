import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { cx } from './cx';
import { Spinner } from './spinner';
import './button.css';

/**
 * The house's three buttons (decision 0164): primary (black filled: the one action of a place), secondary
 * (1px outline: an alternative beside it), tertiary (underlined text: a minor action). Same shape, case,
 * tracking, focus ring; at least 44 px tall. `ghost` is the former name of tertiary, still accepted.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'tertiary';
/** A variant as callers may name it (`ghost`: tertiary). */
export type ButtonVariantName = ButtonVariant | 'ghost';

/** The class of a variant: `ui-button--primary`, `--secondary` or `--tertiary`, the only three. */
export function variantClass(variant: ButtonVariantName = 'primary'): string {
  return `ui-button--${variant === 'ghost' ? 'tertiary' : variant}`;
}
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className' | 'style' | 'onClick' | 'disabled' | 'children'
> {
  /** Called on activation (click, Enter, Space); not while pending or disabled. */
  onPress?: () => void;
  /** Default "button" (never submits a form by accident); "submit" for a form's action. */
  type?: 'button' | 'submit' | 'reset';
  isDisabled?: boolean;
  /** An action runs: the button stays focusable, is aria-disabled, ignores presses and shows a spinner. */
  isPending?: boolean;
  children?: ReactNode;
  /** primary: black filled · secondary: 1px outline · tertiary (or ghost): underlined text. Default primary. */
  variant?: ButtonVariantName;
  /** sm 44px · md 48px (default) · lg 56px tall; tertiary: 44px. */
  size?: ButtonSize;
  /** Stretch to the container's width (typical for "Add to bag" on phones). */
  isFullWidth?: boolean;
  /**
   * Accessible name of the spinner shown while `isPending`, e.g. t('common:loading').
   * Screen readers announce "<button label>, <pendingLabel>" when the pending state starts.
   */
  pendingLabel?: string;
  /** Optional leading/trailing pictogram (decorative: give the button a text label or aria-label). */
  icon?: ReactNode;
  iconPosition?: 'start' | 'end';
  className?: string;
}

/**
 * The storefront's button, on a native `<button>`: the browser gives it its keyboard (Enter, Space), focus and
 * screen-reader behaviour. `isPending` keeps it focusable, sets aria-disabled, ignores presses (a submit
 * included) and shows a spinner named by `pendingLabel`. Not React Aria's Button: a button needs nothing a
 * browser lacks, and React Aria's press handling weighs 12 KB gzip on pages that have no other React Aria widget
 * (docs/web-performance.md). Widgets that need React Aria (dialogs, selects, radio groups…) keep it.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  isFullWidth = false,
  pendingLabel,
  icon,
  iconPosition = 'start',
  className,
  children,
  type = 'button',
  onPress,
  isDisabled,
  isPending,
  ...rest
}: ButtonProps) {
  // Props added to `rest` (a fresh object) rather than `<button {...rest} type=…>`, children included: on the
  // server's Node 20 an object spread followed by named fields costs microseconds (docs/architecture.md#server-side-rendering).
  const props = Object.assign(rest, {
    type,
    className: cx('ui-button', variantClass(variant), className),
    'data-size': size,
    'data-full-width': isFullWidth || undefined,
    'data-pending': isPending || undefined,
    disabled: isDisabled,
    'aria-disabled': isPending || undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (isPending) event.preventDefault();
      else onPress?.();
    },
    children: (
      <>
        <span className="ui-button__content">
          {icon && iconPosition === 'start' && <span className="ui-button__icon">{icon}</span>}
          {children}
          {icon && iconPosition === 'end' && <span className="ui-button__icon">{icon}</span>}
        </span>
        {isPending && (
          <span className="ui-button__spinner">
            <Spinner size="sm" label={pendingLabel} />
          </span>
        )}
      </>
    ),
  });
  return <button {...props} />;
}
