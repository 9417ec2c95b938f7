export { ReturnService, RETURN_STEPS, RETURN_HANDOVER_DAYS } from './service.ts';
export type { ReturnCaller, ReturnStores } from './service.ts';
export { ReturnPages, RETURN_PAGE_KINDS } from './pages.ts';
export { returnRoutes } from './routes.ts';
export { RETURN_REASON_IDS, returnReasons, instructionsOf } from './texts.ts';
export type { ReturnTables } from './tables.ts';
