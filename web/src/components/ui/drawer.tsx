import type { ReactNode } from 'react';
import { Button as AriaButton, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { cx } from './cx';
import './drawer.css';

export type DrawerSide = 'right' | 'left' | 'bottom';

export interface DrawerProps {
  /** Controlled open state. */
  isOpen: boolean;
  /** Called with `false` when the user dismisses the drawer (Escape, outside click, close button). */
  onOpenChange: (isOpen: boolean) => void;
  /** Visible heading; also the dialog's accessible name. */
  title: ReactNode;
  /** Accessible name of the × button, e.g. t('common:close'). */
  closeLabel: string;
  /** Edge the sheet slides from. Default right. Always full width on phones. */
  side?: DrawerSide;
  children: ReactNode;
  /** Sticky actions at the bottom, e.g. a full-width "Checkout" button. */
  footer?: ReactNode;
  /** Outside click closes the drawer (default true). Escape always closes it. */
  isDismissable?: boolean;
  /** Dialog role; use 'alertdialog' only for interruptions that need a decision. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/**
 * Side sheet (mini-bag, filters, menu, size guide): React Aria `ModalOverlay` + `Modal` + `Dialog`.
 * React Aria traps focus inside, restores it to the trigger on close, hides the rest of the page
 * from assistive tech, prevents background scroll and closes on Escape / outside click.
 * Open/close slide over 350 ms (`--duration-drawer`); no slide under prefers-reduced-motion.
 */
export function Drawer({
  isOpen,
  onOpenChange,
  title,
  closeLabel,
  side = 'right',
  children,
  footer,
  isDismissable = true,
  role = 'dialog',
  className,
}: DrawerProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="ui-drawer-overlay"
      data-side={side}
    >
      <Modal className={cx('ui-drawer', className)} data-side={side}>
        <Dialog className="ui-drawer__dialog" role={role}>
          {({ close }) => (
            <>
              <div className="ui-drawer__header">
                <Heading slot="title" className="ui-drawer__title">
                  {title}
                </Heading>
                <AriaButton className="ui-drawer__close" aria-label={closeLabel} onPress={close}>
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.25" fill="none" />
                  </svg>
                </AriaButton>
              </div>
              <div className="ui-drawer__body">{children}</div>
              {footer && <div className="ui-drawer__footer">{footer}</div>}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
