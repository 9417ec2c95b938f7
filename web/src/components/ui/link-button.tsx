import type { ReactNode } from 'react';
import { Link as AriaLink, type LinkProps as AriaLinkProps, composeRenderProps } from 'react-aria-components';
import type { ButtonSize, ButtonVariant } from './button';
import { cx } from './cx';
import './button.css';

export interface LinkButtonProps extends Omit<AriaLinkProps, 'className' | 'style'> {
  /** Same visual variants as `Button`. Default primary. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  isFullWidth?: boolean;
  icon?: ReactNode;
  iconPosition?: 'start' | 'end';
  className?: string;
}

/**
 * A navigation link (`<a href>`) that looks like a `Button` — for calls to action such as
 * "Discover the collection". Built on React Aria `Link`, so client-side routing works once the app
 * wraps its tree in React Aria's `RouterProvider` (navigate + useHref from react-router).
 * Use `Button` for actions and `LinkButton` for navigation.
 */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  isFullWidth = false,
  icon,
  iconPosition = 'start',
  className,
  children,
  ...rest
}: LinkButtonProps) {
  return (
    <AriaLink
      {...rest}
      className={cx('ui-button', className)}
      data-variant={variant}
      data-size={size}
      data-full-width={isFullWidth || undefined}
    >
      {composeRenderProps(children, (content) => (
        <span className="ui-button__content">
          {icon && iconPosition === 'start' && <span className="ui-button__icon">{icon}</span>}
          {content}
          {icon && iconPosition === 'end' && <span className="ui-button__icon">{icon}</span>}
        </span>
      ))}
    </AriaLink>
  );
}
