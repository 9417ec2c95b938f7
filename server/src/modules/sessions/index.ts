export { SessionService, sessionOf, hashToken } from './service.ts';
export type { SessionRef, Visitor } from './service.ts';
export { CustomerSessionService, visitorCountryOf, EMPLOYEE_SALE_TAG } from './customer-session.ts';
export type { SessionData, SignedInFields } from './customer-session.ts';
