import type { ReactNode } from 'react';
import { ListBox as AriaListBox, ListBoxItem, type Key } from 'react-aria-components';
import { cx } from './cx';
import './list-box.css';

export interface ListBoxOption {
  id: string;
  label: string;
  /** Secondary text on the right (currency, "Current"). */
  detail?: ReactNode;
  /** Text value for type-ahead and the accessible name, when `label` alone is not enough. */
  textValue?: string;
  /** Shows a marker and appends it to the name, e.g. the current market. */
  isCurrent?: boolean;
}

export interface ListBoxProps {
  /** Accessible name ("Regions"). */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  items: ListBoxOption[];
  /** Selection mode single (e.g. a region); omit for a list of actions. */
  selectedKey?: string | null;
  onSelectionChange?: (id: string) => void;
  /** Enter / click on an option (e.g. choose a country). */
  onAction?: (id: string) => void;
  /** Text appended to the accessible name of current options ("current selection"). */
  currentLabel?: string;
  autoFocus?: boolean;
  className?: string;
}

/**
 * A list of options (React Aria `ListBox`): arrows move, Home/End, type-ahead, Enter/Space select
 * or act. One tab stop for the whole list.
 */
export function ListBox({
  items,
  selectedKey,
  onSelectionChange,
  onAction,
  currentLabel,
  className,
  autoFocus,
  ...aria
}: ListBoxProps) {
  const selectable = onSelectionChange !== undefined;
  return (
    <AriaListBox
      {...aria}
      autoFocus={autoFocus}
      className={cx('ui-list-box', className)}
      items={items}
      selectionMode={selectable ? 'single' : 'none'}
      disallowEmptySelection={selectable}
      selectedKeys={selectable && selectedKey ? [selectedKey] : undefined}
      onSelectionChange={(keys) => {
        if (keys === 'all') return;
        const first = [...keys][0] as Key | undefined;
        if (first !== undefined) onSelectionChange?.(String(first));
      }}
      onAction={onAction ? (key) => onAction(String(key)) : undefined}
    >
      {(item) => (
        <ListBoxItem
          id={item.id}
          textValue={item.textValue ?? item.label}
          className="ui-list-box__item"
          data-current={item.isCurrent || undefined}
          aria-label={item.isCurrent && currentLabel ? `${item.textValue ?? item.label}, ${currentLabel}` : undefined}
        >
          <span className="ui-list-box__label">{item.label}</span>
          {item.detail && <span className="ui-list-box__detail">{item.detail}</span>}
        </ListBoxItem>
      )}
    </AriaListBox>
  );
}
