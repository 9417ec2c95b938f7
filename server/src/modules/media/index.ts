export { mediaRoutes } from './routes.ts';
export { PhotoIndex } from './photo-index.ts';
export { photoImage, type PhotoRecord } from './photos.ts';
