// Server-side validation rules of spec §5 for accounts and customer contact: pure functions, no database.
export {
  checkEmail,
  normaliseEmail,
  hasEmailTypo,
  EMAIL_TYPO_BLACKLIST,
  EMAIL_MAX_LENGTH,
  EMAIL_LOCAL_PART_MAX_LENGTH,
  EMAIL_DOMAIN_LABEL_MAX_LENGTH,
} from './email.ts';
export type { EmailCheck, EmailErrorCode } from './email.ts';
export { checkName, checkKanaName, NAME_MAX_LENGTH } from './names.ts';
export type { NameCheck, NameErrorCode } from './names.ts';
export { parsePhone, isValidPhoneForCountry, PHONE_MESSAGES, E164_PATTERN, NORMALIZED_PHONE_PATTERN } from './phone.ts';
export type { ParsedPhone, PhoneCheck, PhoneFailure, CountryCode } from './phone.ts';
export {
  checkPassword,
  normalisePassword,
  commonPasswordList,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PERSONAL_MIN_LENGTH,
} from './password.ts';
export type { PasswordCheck, PasswordContext, PasswordFailure } from './password.ts';
export {
  checkPostalCode,
  postalCodeRequired,
  postalCodeExample,
  postalCodeRule,
  POSTAL_CODE_COUNTRIES,
  NO_POSTAL_CODE_COUNTRIES,
} from './postal-code.ts';
export type { PostalCodeCheck, PostalCodeErrorCode, PostalCodeRule } from './postal-code.ts';
