export { ContentService } from './service.ts';
export { seedContent } from './seed.ts';
export type { PageRow } from './repository.ts';
export { contentModule } from './module.ts';
