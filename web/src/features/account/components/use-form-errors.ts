import { useRef, useState } from 'react';
import { noErrors, type FormErrors } from '../problem-fields';
import type { MessageKey } from '../validation';
import { useFocusFirstError } from './fields';

/**
 * A form's errors (client checks and the server's problems alike): per field, and for the top of the form.
 * Each refused submission moves the focus to the first field in error, or to the alert. Editing a field
 * clears its error.
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useFocusFirstError(formRef, attempt, Object.keys(errors.fields).length > 0, alertRef);
  return {
    errors,
    formRef,
    alertRef,
    field: (name: string): MessageKey | undefined => errors.fields[name],
    /** Shows `next` and moves the focus to it. */
    fail: (next: FormErrors) => {
      setErrors(next);
      setAttempt((n) => n + 1);
    },
    clear: () => setErrors(noErrors()),
    clearField: (name: string) =>
      setErrors((e) => {
        if (!(name in e.fields)) return e;
        const fields = { ...e.fields };
        delete fields[name];
        return { ...e, fields };
      }),
  };
}
