import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

export interface VisuallyHiddenProps extends HTMLAttributes<HTMLElement> {
  children: ReactNode;
  /** Element to render, `span` by default. */
  elementType?: ElementType;
}

/**
 * Content that is read by screen readers but not displayed. Styled by the global
 * `.ui-visually-hidden` / `.sr-only` rule in styles/global.css.
 */
export function VisuallyHidden({ children, elementType: Element = 'span', className, ...rest }: VisuallyHiddenProps) {
  // Added to `rest` rather than spread before named props (see `Button`).
  const props = Object.assign(rest, { className: cx('ui-visually-hidden', className), children });
  return <Element {...props} />;
}
