import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from '../../lib/router';
import { variantClass, type ButtonSize, type ButtonVariantName } from './button';
import { cx } from './cx';
import './button.css';

export interface LinkButtonProps extends Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'className' | 'style' | 'href' | 'onClick' | 'children'
> {
  /** Where it leads: a path of the storefront (client-side navigation) or an absolute URL. */
  href: string;
  /** Called when followed (analytics), before the navigation. */
  onPress?: () => void;
  /** Same visual variants as `Button`. Default primary. */
  variant?: ButtonVariantName;
  size?: ButtonSize;
  isFullWidth?: boolean;
  icon?: ReactNode;
  iconPosition?: 'start' | 'end';
  className?: string;
  children?: ReactNode;
}

/**
 * A navigation link (`<a href>`) that looks like a `Button` — for calls to action such as
 * "Discover the collection". A React Router `Link`: client-side navigation for the storefront's paths, a plain
 * link for absolute URLs, and the browser's own link behaviour (open in a new tab, copy the address).
 * Use `Button` for actions and `LinkButton` for navigation.
 */
export function LinkButton({
  href,
  onPress,
  variant = 'primary',
  size = 'md',
  isFullWidth = false,
  icon,
  iconPosition = 'start',
  className,
  children,
  ...rest
}: LinkButtonProps) {
  // Added to `rest` rather than spread before named props (see `Button`).
  const props = Object.assign(rest, {
    to: href,
    onClick: onPress,
    className: cx('ui-button', variantClass(variant), className),
    'data-size': size,
    'data-full-width': isFullWidth || undefined,
    children: (
      <span className="ui-button__content">
        {icon && iconPosition === 'start' && <span className="ui-button__icon">{icon}</span>}
        {children}
        {icon && iconPosition === 'end' && <span className="ui-button__icon">{icon}</span>}
      </span>
    ),
  });
  return <Link {...props} />;
}
