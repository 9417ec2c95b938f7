export { SessionService, sessionOf, SESSION_IDLE_DAYS, SESSION_ABSOLUTE_DAYS } from './service.ts';
export type { SessionRef } from './service.ts';
export type { SessionTables } from './tables.ts';
export { CustomerSessionService, marketContextTags, visitorCountryOf, EMPLOYEE_SALE_TAG } from './customer-session.ts';
export type { SessionData } from './customer-session.ts';
export { sessionRoutes } from './routes.ts';
