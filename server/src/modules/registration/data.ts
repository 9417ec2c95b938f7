// The registration form and the consent texts of each market: which fields the form shows and in which
// order, which of them the market requires, how dates are written, and the consent texts in the ten
// languages of the storefront, with their versions. Reference data of the customer service: it changes
// with legal review (a new text gets a new version), not with publication.
//
// By concern: the languages and types (`localized.ts`), the form's fields (`form-fields.ts`), the forms of
// address (`civility.ts`) and the consents (`consents.ts`); decision 0159 says why these texts are not locale
// files.
export { formLanguageOf, type ConsentId, type FieldName } from './localized.ts';
export { FIELDS, countryLabel, dateFormatOf, fieldOrder, genderPreferenceField, isRequired } from './form-fields.ts';
export { civilityOptions } from './civility.ts';
export { CONSENTS, DOUBLE_OPT_IN, DOUBLE_OPT_IN_NOTE, US_PRIVACY_NOTE, consentIdsOf } from './consents.ts';
