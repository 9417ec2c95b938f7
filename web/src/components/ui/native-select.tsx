import { useId } from 'react';
import { cx } from './cx';
import './native-select.css';

export interface NativeSelectProps<T extends string> {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** Form field name, when the select is part of a native <form>. */
  name?: string;
  isDisabled?: boolean;
  className?: string;
}

/**
 * The inline select ("SORT BY  Newest ⌄", a bag line's quantity) on a native `<select>`: the phone's own picker, the
 * browser's keyboard and screen-reader behaviour, and no script beyond React's — the listing, search and
 * bag pages keep React Aria out of their first load (docs/web-performance.md). Forms keep the React Aria
 * `Select` (`./select.tsx`), whose options can carry more than text.
 */
export function NativeSelect<T extends string>({
  label,
  options,
  value,
  onChange,
  name,
  isDisabled,
  className,
}: NativeSelectProps<T>) {
  const id = useId();
  return (
    <div className={cx('ui-native-select', className)}>
      <label className="ui-native-select__label" htmlFor={id}>
        {label}
      </label>
      <span className="ui-native-select__control">
        <select
          id={id}
          name={name}
          disabled={isDisabled}
          className="ui-native-select__select"
          value={value}
          onChange={(e) => onChange(e.target.value as T)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <svg className="ui-native-select__chevron" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5L6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1" />
        </svg>
      </span>
    </div>
  );
}
