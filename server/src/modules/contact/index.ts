export {
  ContactService,
  CONTACT_LIMITS,
  REFERENCE_PATTERN,
  newReference,
  type ContactCaller,
  type ContactPageSources,
  type ContactReceipt,
  type ContactRequest,
} from './service.ts';
export { TOPICS, ANSWER_WITHIN_HOURS } from './data.ts';
export { contactModule } from './module.ts';
