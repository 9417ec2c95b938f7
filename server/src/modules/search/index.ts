export { SearchService, SEARCH_PAGE_SIZE, MAX_SEARCH_PAGE_SIZE } from './service.ts';
export { indexName, planQuery } from './query.ts';
export type { SearchTables } from './tables.ts';
export { searchModule } from './module.ts';
