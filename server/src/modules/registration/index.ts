export { RegistrationService, type ConsentAnswer } from './service.ts';
export { toRegisterFormData } from './routes.ts';
export {
  CONSENTS,
  DOUBLE_OPT_IN,
  consentIdsOf,
  dateFormatOf,
  formLanguageOf,
  type ConsentId,
  type FieldName,
  type FormLanguage,
} from './data.ts';
export { registrationModule } from './module.ts';
