import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  composeRenderProps,
} from 'react-aria-components';
import { cx } from './cx';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'style'> {
  /** primary: black filled · secondary: 1px outline · ghost: text link-like. Default primary. */
  variant?: ButtonVariant;
  /** sm 36px · md 48px (default) · lg 56px tall. Ghost buttons ignore the height. */
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
 * Button built on React Aria `Button`: press events unify mouse, touch and keyboard; `isPending`
 * keeps the button focusable, sets aria-disabled and shows a spinner while an action runs.
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
  ...rest
}: ButtonProps) {
  return (
    <AriaButton
      {...rest}
      className={cx('ui-button', className)}
      data-variant={variant}
      data-size={size}
      data-full-width={isFullWidth || undefined}
    >
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          <span className="ui-button__content">
            {icon && iconPosition === 'start' && <span className="ui-button__icon">{icon}</span>}
            {content}
            {icon && iconPosition === 'end' && <span className="ui-button__icon">{icon}</span>}
          </span>
          {isPending && (
            <span className="ui-button__spinner">
              <Spinner size="sm" label={pendingLabel} />
            </span>
          )}
        </>
      ))}
    </AriaButton>
  );
}
