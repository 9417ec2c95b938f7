import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Response } from 'express';
import { AppError } from '../../shared/errors.ts';
import { PHOTO_MEDIA_TYPES, photoFolder, type PhotoFormat } from './photos.ts';

/** `{hash}-{width}.{format}`, as the contract's pattern allows it (checked again: the name becomes a path). */
const FILE = /^([0-9a-f]{16})-([1-9][0-9]{0,3})\.(avif|webp|jpg)$/;

/**
 * Answers one derivative of an imported photo. Its name holds the hash of its content, so the answer for a URL
 * never changes: cacheable by anyone for a year, immutable, with a strong ETag made of the name (Express
 * answers a matching `If-None-Match` with 304). A file that is not there is 404 `ERR_STORAGE_1000`, whether the
 * product, the view or the derivative is unknown.
 */
export async function servePhoto(
  mediaDir: string,
  pid: string,
  view: number,
  file: string,
  res: Response,
): Promise<void> {
  const m = FILE.exec(file);
  if (!m || !/^[A-Z0-9]{1,32}$/.test(pid) || !Number.isInteger(view))
    throw new AppError('ERR_STORAGE_1000', `No photo ${file} of view ${view} of product ${pid}.`);
  let body: Buffer;
  try {
    body = await readFile(join(photoFolder(mediaDir, pid, view), file));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR')
      throw new AppError('ERR_STORAGE_1000', `No photo ${file} of view ${view} of product ${pid}.`);
    throw err;
  }
  res
    .type(PHOTO_MEDIA_TYPES[m[3] as PhotoFormat])
    .set('Cache-Control', 'public, max-age=31536000, immutable')
    .set('ETag', `"${pid}-${view}-${file}"`)
    .send(body);
}
