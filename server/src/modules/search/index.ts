export { SearchService } from './service.ts';
export { searchModule } from './module.ts';
