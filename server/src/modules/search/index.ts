export { SearchService, SEARCH_PAGE_SIZE, MAX_SEARCH_PAGE_SIZE } from './service.ts';
export { searchRoutes } from './routes.ts';
export { indexName, planQuery } from './query.ts';
export type { SearchTables } from './tables.ts';
