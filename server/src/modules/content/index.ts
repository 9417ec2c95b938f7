export { ContentService, PUBLIC_CONTEXT_TAGS, filterString, visibleWith } from './service.ts';
export { BUSTABLE_CACHES, type Bustable, type CacheFilter } from './routes.ts';
export { seedContent } from './seed.ts';
export { sanitizeHtml } from './sanitize.ts';
export type { ContentTables } from './tables.ts';
export type { PageRow } from './repository.ts';
export { contentModule } from './module.ts';
