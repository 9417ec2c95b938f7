export { CollectionService } from './service.ts';
