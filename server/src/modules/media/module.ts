import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import { PhotoIndex } from './photo-index.ts';
import { photoImage } from './photos.ts';
import { mediaRoutes } from './routes.ts';
import type { Schemas } from '../../shared/http.ts';

/**
 * Product and content images: the drawings, the imported photos and their files. Loads the photo index
 * (decision 0160: which views have a photo, in memory; the others keep their drawings) and registers the routes.
 */
export async function mediaModule(deps: {
  ops: OperationRegistry;
  db: DB;
  brand: string;
  mediaDir: string;
  logger: Logger;
}): Promise<{
  /** The photo of a product's view as the API's image, when one was imported. */
  photoOf: (pid: string, view: number, alt: string) => Schemas['Image'] | undefined;
  close: () => Promise<void>;
}> {
  const photos = new PhotoIndex(deps.db, deps.logger);
  await photos.start();
  mediaRoutes(deps.ops, deps.db, deps.brand, { mediaDir: deps.mediaDir });
  return {
    photoOf: (pid, view, alt) => {
      const photo = photos.get(pid, view);
      return photo ? photoImage(photo, alt) : undefined;
    },
    close: () => photos.stop(),
  };
}
