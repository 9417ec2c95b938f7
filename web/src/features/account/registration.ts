// The registration form of a market (GET /api/register/get-data: fields in display order, required flags,
// date format, select options, consent texts) and the personal-details form of the account, which uses
// the same field descriptions: checks before sending and the request bodies, as pure functions.
import type { Schemas } from '../../lib/api-client';
import {
  checkBirthDate,
  checkCurrentPassword,
  checkEmail,
  checkKana,
  checkName,
  checkNewPassword,
  checkPhone,
  dateFormatOfCountry,
  formatIsoDate,
  normalizeEmail,
  normalizePhone,
  parseDisplayDate,
  REQUIRED,
  TOO_LONG,
  type DateFormat,
  type MessageKey,
} from './validation';

export type RegisterField = Schemas['RegisterField'];
export type FieldName = RegisterField['name'];
export type ConsentText = Schemas['RegisterConsentText'];
export type ConsentDecision = Schemas['CustomerConsentDecision'];
export type FieldValues = Partial<Record<FieldName, string>>;

/** The consent field name of a consent text in the form's errors (`consent.privacy_notice`). */
export const consentFieldName = (id: ConsentText['id']) => `consent.${id}`;

export const dateFormatOf = (field: RegisterField, country: string): DateFormat =>
  field.dateFormat ?? dateFormatOfCountry(country);

/** One field's check (spec §5 by kind of field); `today` decides the minimum age of a birth date. */
export function checkField(
  field: RegisterField,
  value: string,
  context: { country: string; today: Date; currentPassword?: boolean },
): MessageKey | null {
  const required = field.required;
  let problem: MessageKey | null;
  switch (field.name) {
    case 'firstName':
    case 'lastName':
      problem = checkName(value, required);
      break;
    case 'firstNameKana':
    case 'lastNameKana':
      problem = checkKana(value, required);
      break;
    case 'emailAddress':
      problem = checkEmail(value, required);
      break;
    case 'password':
      problem = context.currentPassword ? checkCurrentPassword(value) : checkNewPassword(value);
      break;
    case 'phone':
      problem = checkPhone(value, required);
      break;
    case 'birthDate':
      problem = checkBirthDate(value, dateFormatOf(field, context.country), context.today, required);
      break;
    default:
      problem = required && !value.trim() ? REQUIRED : null;
  }
  if (!problem && field.maxLength && field.name !== 'password' && [...value.trim()].length > field.maxLength)
    problem = TOO_LONG;
  return problem;
}

/** Every field's check, and every required consent; errors by field name (consents as `consent.<id>`). */
export function validateRegistration(
  fields: readonly RegisterField[],
  values: FieldValues,
  consents: readonly ConsentText[],
  granted: Partial<Record<ConsentText['id'], boolean>>,
  context: { country: string; today: Date },
): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  for (const field of fields) {
    const problem = checkField(field, values[field.name] ?? '', context);
    if (problem) errors[field.name] = problem;
  }
  for (const consent of consents)
    if (consent.required && !granted[consent.id]) errors[consentFieldName(consent.id)] = REQUIRED;
  return errors;
}

/** A field's value as the contract wants it; undefined when empty (left out of the body). */
export function fieldValueToSend(field: RegisterField, value: string | undefined, country: string): string | undefined {
  if (value === undefined) return undefined;
  if (field.name === 'password') return value === '' ? undefined : value; // never trimmed
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  switch (field.name) {
    case 'emailAddress':
      return normalizeEmail(trimmed);
    case 'phone':
      return normalizePhone(trimmed);
    case 'birthDate':
      return parseDisplayDate(trimmed, dateFormatOf(field, country)) ?? trimmed;
    default:
      return trimmed;
  }
}

/** The consent answers to send: one per text shown, granted or not, with the version that was shown. */
export const consentDecisions = (
  consents: readonly ConsentText[],
  granted: Partial<Record<ConsentText['id'], boolean>>,
): ConsentDecision[] => consents.map((c) => ({ id: c.id, granted: granted[c.id] === true, version: c.version }));

/** POST /api/register's body: the market's fields that were filled in, the consents and the reCAPTCHA token. */
export function registrationBody(
  fields: readonly RegisterField[],
  values: FieldValues,
  consents: readonly ConsentText[],
  granted: Partial<Record<ConsentText['id'], boolean>>,
  country: string,
  recaptchaToken: string,
): Schemas['RegisterRequest'] {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fieldValueToSend(field, values[field.name], country);
    if (value !== undefined) body[field.name] = value;
  }
  if (consents.length > 0) body.consents = consentDecisions(consents, granted);
  body.recaptchaToken = recaptchaToken;
  return body as Schemas['RegisterRequest'];
}

// ---- the personal details of the account ------------------------------------------------------

type Customer = Schemas['Customer'];
/** The fields of the personal-details form that update-customer can change (not the e-mail address or password). */
const EDITABLE: readonly FieldName[] = [
  'civility',
  'firstName',
  'lastName',
  'firstNameKana',
  'lastNameKana',
  'phone',
  'birthDate',
  'genderPreference',
];
export const isEditableField = (name: FieldName) => EDITABLE.includes(name);

/** The form's values for the customer: each field as displayed (a birth date in the market's format). */
export function customerFieldValues(
  fields: readonly RegisterField[],
  customer: Customer,
  country: string,
): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    const stored = (customer as Record<string, unknown>)[field.name];
    const text = typeof stored === 'string' ? stored : '';
    values[field.name] = field.name === 'birthDate' ? formatIsoDate(text, dateFormatOf(field, country)) : text;
  }
  return values;
}

/**
 * The changes to send with update-customer: the editable fields whose value differs from the customer's.
 * An emptied optional field cannot be removed (update-customer keeps absent properties), so it is not sent.
 */
export function customerChanges(
  fields: readonly RegisterField[],
  values: FieldValues,
  customer: Customer,
  country: string,
): Partial<Schemas['CustomerUpdateRequest']> {
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    if (!isEditableField(field.name)) continue;
    const value = fieldValueToSend(field, values[field.name], country);
    if (value === undefined) continue;
    if (value !== (customer as Record<string, unknown>)[field.name]) changes[field.name] = value;
  }
  return changes as Partial<Schemas['CustomerUpdateRequest']>;
}

/**
 * The boxes of the consent texts as the customer left them: ticked when consent was given to this version of
 * the text (a newer text needs a new answer, so its box starts unticked).
 */
export function currentConsents(
  texts: readonly ConsentText[],
  current: readonly ConsentDecision[] | undefined,
): Partial<Record<ConsentText['id'], boolean>> {
  return Object.fromEntries(
    texts.map((t) => [t.id, current?.some((c) => c.id === t.id && c.granted && c.version === t.version) === true]),
  );
}

/** The consent answers the customer changed (only those are recorded). */
export function consentChanges(
  texts: readonly ConsentText[],
  current: readonly ConsentDecision[] | undefined,
  granted: Partial<Record<ConsentText['id'], boolean>>,
): ConsentDecision[] {
  const before = currentConsents(texts, current);
  return consentDecisions(texts, granted).filter((d) => d.granted !== before[d.id]);
}

/** The customer's name as written in the language: family name first in Japanese, Korean and Chinese. */
export function customerName(customer: Pick<Customer, 'firstName' | 'lastName'>, language: string): string {
  const first = customer.firstName?.trim() ?? '';
  const last = customer.lastName?.trim() ?? '';
  const familyFirst = ['ja', 'ko', 'zh'].includes(language.slice(0, 2));
  return (familyFirst ? [last, first] : [first, last]).filter(Boolean).join(' ');
}
