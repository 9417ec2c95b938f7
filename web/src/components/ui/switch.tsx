import type { ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import { cx } from './cx';
import './switch.css';

export interface SwitchProps extends Omit<AriaSwitchProps, 'children' | 'className' | 'style'> {
  /** Visible label; also the accessible name. */
  children: ReactNode;
  /** Extra text under the label, e.g. "Always active". */
  description?: ReactNode;
  className?: string;
}

/**
 * On/off toggle (React Aria `Switch`: a native checkbox with role="switch"). Space toggles it;
 * a disabled switch stays readable (e.g. strictly necessary cookies, always on).
 */
export function Switch({ children, description, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={cx('ui-switch', className)}>
      <span className="ui-switch__text">
        <span className="ui-switch__label">{children}</span>
        {description && <span className="ui-switch__description">{description}</span>}
      </span>
      <span className="ui-switch__track" aria-hidden="true">
        <span className="ui-switch__thumb" />
      </span>
    </AriaSwitch>
  );
}
