import { useId, type ReactNode } from 'react';

/**
 * The ids a field links together: its control, its description and its error. `describedBy` lists those shown,
 * description first, for the control's `aria-describedby` (the error is read after the field's name and hint).
 */
export function useFieldIds(hasDescription: boolean, hasError: boolean) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [hasDescription && descriptionId, hasError && errorId].filter(Boolean).join(' ') || undefined;
  return { id, descriptionId, errorId, describedBy };
}

/** A field's class: the kit's own, then the caller's (the kit's modules keep to themselves, see vite.config.ts). */
export const classes = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

/** A field's visible label text, with "(optional)" after it when the field is not required. */
export function LabelText({ label, optionalText }: { label: string; optionalText?: string | undefined }) {
  return (
    <>
      {label}
      {optionalText && <span className="form-field__optional"> {optionalText}</span>}
    </>
  );
}

/** The description under a field, when there is one. */
export function FieldDescription({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <span id={id} className="form-field__description">
      {children}
    </span>
  ) : null;
}

/** The translated error under a field, when there is one (the control points at it with aria-describedby). */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <span id={id} className="form-field__error">
      {children}
    </span>
  ) : null;
}
