import type { ReactNode } from 'react';
import { Button as AriaButton, Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { cx } from './cx';
import './dialog.css';

export interface DialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Visible heading; the dialog's accessible name. */
  title: ReactNode;
  /** Accessible name of the × button ("Close"). */
  closeLabel: string;
  children: ReactNode;
  /** Sticky action row at the bottom. */
  footer?: ReactNode;
  /** 'md' 560px, 'lg' 880px wide from md; full screen on phones. */
  size?: 'md' | 'lg';
  isDismissable?: boolean;
  className?: string;
}

/**
 * Centred modal dialog (full screen on phones): React Aria `ModalOverlay` + `Modal` + `Dialog`.
 * Focus is trapped and restored, the page behind is inert, Escape and outside click close it.
 */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  closeLabel,
  children,
  footer,
  size = 'md',
  isDismissable = true,
  className,
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="ui-dialog-overlay"
    >
      <Modal className={cx('ui-dialog', className)} data-size={size}>
        <AriaDialog className="ui-dialog__dialog">
          {({ close }) => (
            <>
              <div className="ui-dialog__header">
                <Heading slot="title" className="ui-dialog__title">
                  {title}
                </Heading>
                <AriaButton className="ui-dialog__close" aria-label={closeLabel} onPress={close}>
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.25" fill="none" />
                  </svg>
                </AriaButton>
              </div>
              <div className="ui-dialog__body">{children}</div>
              {footer && <div className="ui-dialog__footer">{footer}</div>}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
