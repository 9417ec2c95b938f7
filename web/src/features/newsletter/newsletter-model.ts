// The newsletter form's rules, without React: what the market's registration data offers (forms of address,
// the e-mail consent and its version), the checks made before sending, the request, and where the server's
// answer is shown (beside the field its `errors[].path` names, or under the form).
import { ApiError, type Schemas } from '../../lib/api-client';
import { checkEmail } from '../../lib/forms/validation';

export type NewsletterSource = NonNullable<Schemas['NewsletterSubscriptionRequest']['source']>;
export type NewsletterField = 'email' | 'civility' | 'consent';
/** i18n keys (with their namespace) of the messages to show, per field and for the whole form. */
export interface NewsletterErrors {
  fields: Partial<Record<NewsletterField, string>>;
  form?: string;
}
export interface NewsletterValues {
  email: string;
  civility: string | null;
  consent: boolean;
}

export const EMPTY_VALUES: NewsletterValues = { email: '', civility: null, consent: false };

/** The forms of address of the market, as its registration form offers them. */
export function civilityOptions(data: Schemas['RegisterFormData']): { value: string; label: string }[] {
  return data.fields.find((f) => f.name === 'civility')?.options ?? [];
}

/** The market's consent to marketing e-mail (its checkbox label and the version to send back). */
export function marketingConsent(data: Schemas['RegisterFormData']): Schemas['RegisterConsentText'] | undefined {
  return data.consents.find((c) => c.id === 'marketing_email');
}

/** The market's privacy policy, when its registration data links it. */
export function privacyHref(data: Schemas['RegisterFormData']): string | undefined {
  return data.consents.find((c) => c.id === 'privacy_notice')?.linkHref;
}

export function validateNewsletter(values: NewsletterValues): NewsletterErrors {
  const fields: NewsletterErrors['fields'] = {};
  // Spec §5's e-mail rule, the server's own (with the typo list).
  const emailProblem = checkEmail(values.email);
  if (emailProblem) fields.email = emailProblem;
  if (!values.civility) fields.civility = 'errors:ERR_FORM_1000';
  if (!values.consent) fields.consent = 'contact:newsletter.consentRequired';
  return { fields };
}

export const hasErrors = (e: NewsletterErrors) => Boolean(e.form) || Object.keys(e.fields).length > 0;

export function toSubscriptionRequest(
  values: NewsletterValues,
  consent: Schemas['RegisterConsentText'],
  source: NewsletterSource,
  recaptchaToken: string,
): Schemas['NewsletterSubscriptionRequest'] {
  return {
    email: values.email.trim().toLowerCase(),
    civility: values.civility as Schemas['Civility'],
    source,
    consents: [{ id: 'marketing_email', granted: true, version: consent.version }],
    recaptchaToken,
  };
}

const FIELD_OF_PATH: Record<string, NewsletterField> = {
  'body/email': 'email',
  'body/civility': 'civility',
  'body/consents': 'consent',
};

/** `body/consents/0/version` → consent; `body/email` → email; anything else → null (shown under the form). */
export function fieldOfPath(path: string): NewsletterField | null {
  const prefix = Object.keys(FIELD_OF_PATH).find((p) => path === p || path.startsWith(`${p}/`));
  return prefix ? FIELD_OF_PATH[prefix]! : null;
}

/** The server's answer as messages: beside each field its issues name, or under the form. */
export function errorsOfProblem(err: unknown): NewsletterErrors {
  const code = err instanceof ApiError ? err.code : 'API_UNKNOWN_ERROR';
  const message = `errors:${code}`;
  const fields: NewsletterErrors['fields'] = {};
  for (const issue of err instanceof ApiError ? (err.problem?.errors ?? []) : []) {
    const field = fieldOfPath(issue.path);
    if (field) fields[field] ??= message;
  }
  return Object.keys(fields).length ? { fields } : { fields, form: message };
}
