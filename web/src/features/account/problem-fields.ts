// From an API problem (RFC 9457 + `code`, `errors[].path`) to what each form shows: a message beside the
// field a path names (`body/addresses/0/postalCode` → the postal code of the address being edited), the
// others at the top of the form. Messages are translation keys: the catalogue's text of the problem's code
// (`errors:CODE`) — except the generic "invalid request" (ERR_API_1018), which beside a field says what is
// wrong with that field.
import { ApiError } from '../../lib/api-client';
import {
  INVALID_EMAIL,
  INVALID_KANA,
  INVALID_NAME,
  INVALID_PHONE,
  INVALID_POSTAL_CODE,
  INVALID_DATE,
  type MessageKey,
} from './validation';

export interface FormErrors {
  /** Message key per field name. */
  fields: Record<string, MessageKey>;
  /** Messages for the top of the form (no field named, or a field this form does not show). */
  form: MessageKey[];
}

export const noErrors = (): FormErrors => ({ fields: {}, form: [] });

/** Finds the form field of a problem path's segments (`['addresses', '0', 'postalCode']`); null: not in this form. */
export type FieldOfPath = (segments: string[]) => string | null;

/** The default: the first segment of `body/…` names the field, when it is one of `fields`. */
export const bodyField =
  (fields: Iterable<string>, aliases: Record<string, string> = {}): FieldOfPath =>
  (segments) => {
    const known = new Set(fields);
    const name = aliases[segments[0] ?? ''] ?? segments[0] ?? '';
    return segments.length === 1 && known.has(name) ? name : null;
  };

/** ERR_API_1018 beside a field: what the schema says about that field. */
const INVALID_FIELD: Record<string, MessageKey> = {
  firstName: INVALID_NAME,
  lastName: INVALID_NAME,
  firstNameKana: INVALID_KANA,
  lastNameKana: INVALID_KANA,
  email: INVALID_EMAIL,
  emailAddress: INVALID_EMAIL,
  phone: INVALID_PHONE,
  postalCode: INVALID_POSTAL_CODE,
  birthDate: INVALID_DATE,
  password: 'account:validation.passwordRefused',
  newPassword: 'account:validation.passwordRefused',
  currentPassword: 'account:validation.currentPasswordWrong',
  token: 'account:reset.linkExpired',
};

/** Splits `body/addresses/0/postalCode` into `['addresses', '0', 'postalCode']`; null for a path outside the body. */
export function bodyPathSegments(path: string): string[] | null {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] !== 'body' || segments.length < 2) return null;
  return segments.slice(1);
}

/** The form errors of any failure of a call: an ApiError's problem, or "the service could not be reached". */
export function problemToFormErrors(error: unknown, fieldOf: FieldOfPath): FormErrors {
  const out = noErrors();
  if (!(error instanceof ApiError)) {
    out.form.push('errors:API_UNKNOWN_ERROR');
    return out;
  }
  const codeKey: MessageKey = `errors:${error.code}`;
  const issues = error.problem?.errors ?? [];
  for (const issue of issues) {
    const segments = bodyPathSegments(issue.path);
    const field = segments ? fieldOf(segments) : null;
    if (field === null) {
      if (!out.form.includes(codeKey)) out.form.push(codeKey);
      continue;
    }
    if (out.fields[field]) continue; // the first problem of a field is the one shown
    const last = segments![segments!.length - 1] ?? field;
    out.fields[field] =
      error.code === 'ERR_API_1018' ? (INVALID_FIELD[last] ?? INVALID_FIELD[field] ?? codeKey) : codeKey;
  }
  if (issues.length === 0) out.form.push(codeKey);
  return out;
}

/**
 * Whether a failure of a signed-in call means the session is no longer signed in (401: ERR_API_1020, or the
 * lapsed ERR_MWR_1000): the page then goes to the sign-in page, which comes back here. Not for the sign-in
 * form itself, whose 401 means the credentials were refused.
 */
export const isSessionLapsed = (error: unknown) => error instanceof ApiError && error.status === 401;
