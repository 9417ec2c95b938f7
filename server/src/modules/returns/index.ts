export { ReturnService, RETURN_STEPS, RETURN_HANDOVER_DAYS } from './service.ts';
export type { ReturnCaller, ReturnStores } from './service.ts';
export { ReturnPages, RETURN_PAGE_KINDS } from './pages.ts';
export { sweepLapsedReturns, lapsedReturnBy, RETURN_LAPSE_GRACE_DAYS, RETURN_LAPSE_BATCH } from './lapse.ts';
export { RETURN_REASON_IDS, returnReasons, instructionsOf } from './texts.ts';
export type { ReturnTables } from './tables.ts';
export { returnsModule } from './module.ts';
