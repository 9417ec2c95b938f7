export type { PhotoRecord } from './photos.ts';
export { mediaModule } from './module.ts';
