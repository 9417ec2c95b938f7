export { CollectionService, COLLECTION_PAGE_SIZE } from './service.ts';
