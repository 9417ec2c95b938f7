import { cx } from './cx';
import './spinner.css';

export interface SpinnerProps {
  /** Accessible name announced by screen readers, e.g. t('common:loading'). */
  label?: string;
  /** sm 14px (inside buttons), md 21px (default), lg 36px (page loader). */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/**
 * Indeterminate progress indicator: an element with role="progressbar" and no value (what an
 * indeterminate React Aria `ProgressBar` renders, without its code on every page: the page loader
 * uses it in the shell) drawn as a thin rotating arc. Without `label`, the spinner must be named by its
 * context — inside a pending `Button` the button announces itself and the spinner.
 */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      className={cx('ui-spinner', className)}
      data-size={size}
      data-motion="essential"
    >
      <svg className="ui-spinner__svg" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
        <circle className="ui-spinner__track" cx="12" cy="12" r="10" strokeWidth="2" />
        <circle
          className="ui-spinner__arc"
          cx="12"
          cy="12"
          r="10"
          strokeWidth="2"
          strokeDasharray="62.83"
          strokeDashoffset="44"
        />
      </svg>
    </span>
  );
}
