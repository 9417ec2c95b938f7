export { SessionService, sessionOf, SESSION_IDLE_DAYS, SESSION_ABSOLUTE_DAYS } from './service.ts';
export type { SessionRef } from './service.ts';
export type { SessionTables } from './tables.ts';
