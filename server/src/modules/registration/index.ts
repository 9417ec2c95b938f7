export { RegistrationService } from './service.ts';
export { toRegisterFormData } from './routes.ts';
export { CONSENTS, consentIdsOf } from './data.ts';
export { registrationModule } from './module.ts';
