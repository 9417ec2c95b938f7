// Product photos: the widths and formats the import makes, where their files live and what their URLs are.
// No image library here: the server reads records and serves files; only the import (photo-import.ts) encodes.
import { join } from 'node:path';
import type { Schemas } from '../../shared/http.ts';

/** Widths made of each photo (never wider than the photo itself). Decision 0160. */
export const PHOTO_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** Formats made, the most compact first: the order of a `<picture>`'s sources. */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_MEDIA_TYPES: Readonly<Record<PhotoFormat, 'image/avif' | 'image/webp' | 'image/jpeg'>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};
/** The width of the JPEG an image's `src` names, for clients that know nothing of `photo`. */
export const PHOTO_FALLBACK_WIDTH = 640;

export interface PhotoRecord {
  pid: string;
  view: number;
  hash: string;
  width: number;
  height: number;
  widths: readonly number[];
  formats: readonly string[];
  placeholder: string;
}

/** The widths made of a photo `width` pixels wide: the standard ones it reaches, or its own width if narrower than all. */
export function widthsFor(width: number): number[] {
  const fit = PHOTO_WIDTHS.filter((w) => w <= width);
  return fit.length > 0 ? fit : [width];
}

/** `{hash}-{width}.{format}`: a file's name, in its folder and in its URL. */
export const photoFileName = (hash: string, width: number, format: string) => `${hash}-${width}.${format}`;
export const photoFolder = (mediaDir: string, pid: string, view: number) => join(mediaDir, 'photos', pid, String(view));
export const photoUrl = (pid: string, view: number, file: string) => `/media/photos/${pid}/${view}/${file}`;

/** The JPEG width `src` names: 640 pixels, or the widest made when the photo is narrower. */
function fallbackWidth(widths: readonly number[]): number {
  return widths.includes(PHOTO_FALLBACK_WIDTH)
    ? PHOTO_FALLBACK_WIDTH
    : Math.max(...widths.filter((w) => w < PHOTO_FALLBACK_WIDTH), widths[0]!);
}

/** The contract's image of a photographed view: `src` the JPEG fallback, the photo's size, every source. */
export function photoImage(record: PhotoRecord, alt: string): Schemas['Image'] {
  const sources = PHOTO_FORMATS.filter((f) => record.formats.includes(f)).map((f) => ({
    type: PHOTO_MEDIA_TYPES[f],
    srcset: record.widths
      .map((w) => `${photoUrl(record.pid, record.view, photoFileName(record.hash, w, f))} ${w}w`)
      .join(', '),
  }));
  const jpeg = record.formats.includes('jpg') ? 'jpg' : (record.formats[0] as string);
  return {
    src: photoUrl(record.pid, record.view, photoFileName(record.hash, fallbackWidth(record.widths), jpeg)),
    alt,
    width: record.width,
    height: record.height,
    photo: { width: record.width, height: record.height, placeholder: record.placeholder, sources },
  };
}
