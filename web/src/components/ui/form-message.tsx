import type { ReactNode, Ref } from 'react';
import './field.css';

/** A message for the top of a form or a step (no field of its own); announced when it appears. */
export function FormMessage({
  children,
  tone = 'error',
  messageRef,
}: {
  children: ReactNode;
  tone?: 'error' | 'info';
  messageRef?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      className="form-message"
      data-tone={tone}
      role={tone === 'error' ? 'alert' : 'status'}
      ref={messageRef}
      tabIndex={-1}
    >
      {children}
    </div>
  );
}
