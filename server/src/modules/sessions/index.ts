export {
  SessionService,
  sessionOf,
  hashToken,
  SESSION_IDLE_DAYS,
  SESSION_ABSOLUTE_DAYS,
  AUTH_IDLE_HOURS,
  AUTH_ABSOLUTE_DAYS,
} from './service.ts';
export type { SessionRef, Visitor } from './service.ts';
export type { SessionTables } from './tables.ts';
export { CustomerSessionService, marketContextTags, visitorCountryOf, EMPLOYEE_SALE_TAG } from './customer-session.ts';
export type { SessionData, SignedInFields } from './customer-session.ts';
