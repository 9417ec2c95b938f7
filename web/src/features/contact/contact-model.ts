// The contact form's rules, without React: the checks made before sending (the contract's patterns, a
// phone number for a call-back or WhatsApp), the request, and where the server's answer is shown (beside
// the field its `errors[].path` names, or under the form).
import { ApiError, type Schemas } from '../../lib/api-client';
import { checkEmail, checkName, REQUIRED } from '../../lib/forms/validation';
import { toE164 } from '../../../../reference/rules/phone';

export type ContactChannel = Schemas['ContactChannel'];
export type ContactTopic = NonNullable<Schemas['ContactRequest']['topic']>;
export type Civility = Schemas['Civility'];
export type ContactField =
  | 'topic'
  | 'channel'
  | 'civility'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'orderNumber'
  | 'message'
  | 'consent';

export interface ContactValues {
  topic: ContactTopic | null;
  channel: ContactChannel;
  civility: Civility | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  orderNumber: string;
  message: string;
  /** Agreement that the details are used to answer (asked by the form, not sent). */
  consent: boolean;
}

/** i18n keys (with their namespace) of the messages to show, per field and for the whole form. */
export interface ContactErrors {
  fields: Partial<Record<ContactField, string>>;
  form?: string;
}

export const CIVILITIES: readonly Civility[] = ['MR', 'MRS', 'MS', 'MX'];
export const MESSAGE_MAX_LENGTH = 2000;

export const initialValues = (channel: ContactChannel = 'email'): ContactValues => ({
  topic: null,
  channel,
  civility: null,
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  orderNumber: '',
  message: '',
  consent: false,
});

/** A call-back or a WhatsApp answer needs a phone number (contract). */
export const needsPhone = (channel: ContactChannel) => channel === 'phoneCall' || channel === 'whatsapp';

// The e-mail and name rules are the server's (reference/rules); the server also checks the numbering plans.
const ORDER_NUMBER = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** A typed phone number in the E.164 form the API takes, or null (the shared rule of reference/rules/phone.ts). */
export { toE164 };

export function validateContact(values: ContactValues): ContactErrors {
  const fields: ContactErrors['fields'] = {};
  const required = 'errors:ERR_FORM_1000';
  for (const name of ['firstName', 'lastName'] as const) {
    const problem = checkName(values[name]);
    if (problem) fields[name] = problem === REQUIRED ? required : 'contact:form.nameInvalid';
  }
  const emailProblem = checkEmail(values.email);
  if (emailProblem) fields.email = emailProblem;
  if (needsPhone(values.channel)) {
    if (values.phone.trim() === '') fields.phone = required;
    else if (!toE164(values.phone)) fields.phone = 'contact:form.phoneInvalid';
  } else if (values.phone.trim() !== '' && !toE164(values.phone)) fields.phone = 'contact:form.phoneInvalid';
  const order = values.orderNumber.trim();
  if (order !== '' && (order.length < 6 || order.length > 20 || !ORDER_NUMBER.test(order)))
    fields.orderNumber = 'contact:form.orderNumberInvalid';
  const message = values.message.trim();
  if (message === '') fields.message = required;
  else if (values.message.length > MESSAGE_MAX_LENGTH) fields.message = 'errors:ERR_FORM_1004';
  if (!values.consent) fields.consent = 'contact:form.consentRequired';
  return { fields };
}

export const hasErrors = (e: ContactErrors) => Boolean(e.form) || Object.keys(e.fields).length > 0;

/** The request of a checked form. The phone number goes with a call-back or WhatsApp answer, or when given. */
export function toContactRequest(values: ContactValues, recaptchaToken: string): Schemas['ContactRequest'] {
  const body: Schemas['ContactRequest'] = {
    formType: 'contactUs',
    channel: values.channel,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim().toLowerCase(),
    message: values.message.trim(),
    recaptchaToken,
  };
  if (values.topic) body.topic = values.topic;
  if (values.civility) body.civility = values.civility;
  const phone = toE164(values.phone);
  if (phone) body.phone = phone;
  const order = values.orderNumber.trim().toUpperCase();
  if (order) body.orderNumber = order;
  return body;
}

const FIELDS: readonly ContactField[] = [
  'topic',
  'channel',
  'civility',
  'firstName',
  'lastName',
  'email',
  'phone',
  'orderNumber',
  'message',
];

/** `body/phone` → phone; anything that is not a field of the form → null (shown under the form). */
export function fieldOfPath(path: string): ContactField | null {
  const name = /^body\/([A-Za-z]+)/.exec(path)?.[1];
  return FIELDS.find((f) => f === name) ?? null;
}

/** The server's answer as messages: beside each field its issues name, or under the form. */
export function errorsOfProblem(err: unknown): ContactErrors {
  const code = err instanceof ApiError ? err.code : 'API_UNKNOWN_ERROR';
  const message = `errors:${code}`;
  const fields: ContactErrors['fields'] = {};
  for (const issue of err instanceof ApiError ? (err.problem?.errors ?? []) : []) {
    const field = fieldOfPath(issue.path);
    if (field) fields[field] ??= message;
  }
  return Object.keys(fields).length ? { fields } : { fields, form: message };
}
