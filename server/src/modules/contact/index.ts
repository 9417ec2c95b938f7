export { ContactService, REFERENCE_PATTERN, newReference } from './service.ts';
export { contactModule } from './module.ts';
