// The photo import (`npm run media:import <folder>`, scripts/media-import.ts; docs/how-to/import-product-photos.md):
// JPEG or PNG files named by product and view become AVIF, WebP and JPEG derivatives at the standard widths,
// a blurred placeholder and a `product_photos` row. sharp (libvips) is loaded here only, when an import runs:
// the server never imports this file.
import { createHash } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { DB } from '../../db/database.ts';
import { PhotoRepository } from './repository.ts';
import { PHOTO_FORMATS, photoFileName, photoFolder, widthsFor, type PhotoFormat, type PhotoRecord } from './photos.ts';

/** Changes whenever the encoding below does: it is hashed with each source, so new settings give new URLs. */
export const PIPELINE_VERSION = 'photos-1';
const PLACEHOLDER_WIDTH = 16;
const MIN_SIDE = 16;
const MAX_VIEW = 8;
/** `PID/VIEW.ext` or `PID_VIEW.ext`, ext jpg, jpeg or png in any case. */
const NAME = /^(?:([A-Za-z0-9]{1,32})\/([1-9])|([A-Za-z0-9]{1,32})_([1-9]))\.(jpe?g|png)$/i;

export interface PhotoImportOptions {
  /** Where the files go (MEDIA_DIR). */
  mediaDir: string;
  /** Told each outcome as it happens. */
  onProgress?: (line: string) => void;
}

export interface ImportedPhoto {
  file: string;
  pid: string;
  view: number;
  hash: string;
  width: number;
  height: number;
  widths: number[];
}

export interface PhotoImportReport {
  imported: ImportedPhoto[];
  /** Already imported from the same file with the same settings, every derivative present: nothing done. */
  unchanged: ImportedPhoto[];
  /** Files refused, with the reason; nothing of theirs was recorded. */
  problems: { file: string; message: string }[];
}

interface Candidate {
  file: string;
  pid: string;
  view: number;
}

/** The files of `folder` (and of its sub-folders, one level deep) as candidates, and the names refused. */
async function listCandidates(
  folder: string,
): Promise<{ candidates: Candidate[]; problems: PhotoImportReport['problems'] }> {
  const candidates: Candidate[] = [];
  const problems: PhotoImportReport['problems'] = [];
  const visit = async (dir: string, depth: number) => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const path = join(dir, e.name);
      const rel = relative(folder, path).split('\\').join('/');
      if (e.isDirectory()) {
        if (depth === 0) await visit(path, 1);
        else problems.push({ file: rel, message: 'folders nest one level at most (PID/VIEW.jpg)' });
        continue;
      }
      const m = NAME.exec(rel);
      if (!m) {
        problems.push({
          file: rel,
          message: 'not a photo name: PID/VIEW.jpg or PID_VIEW.jpg (.jpg, .jpeg or .png; view 1–8)',
        });
        continue;
      }
      candidates.push({ file: rel, pid: (m[1] ?? m[3])!.toUpperCase(), view: Number(m[2] ?? m[4]) });
    }
  };
  await visit(folder, 0);
  return { candidates, problems };
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function filesPresent(mediaDir: string, r: PhotoRecord): Promise<boolean> {
  const dir = photoFolder(mediaDir, r.pid, r.view);
  for (const w of r.widths)
    for (const f of r.formats) if (!(await exists(join(dir, photoFileName(r.hash, w, f))))) return false;
  return true;
}

type Sharp = (typeof import('sharp'))['default'];

/** Every derivative of one source, in memory: nothing is written unless all of them could be made. */
async function derive(sharp: Sharp, bytes: Buffer) {
  const meta = await sharp(bytes, { failOn: 'error' }).metadata();
  if (meta.format !== 'jpeg' && meta.format !== 'png')
    throw new Error(`not a JPEG or PNG image (${meta.format ?? 'unknown format'})`);
  // Upright (EXIF orientation), on white where the PNG is transparent (a JPEG has no transparency), in sRGB.
  const { data, info } = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width < MIN_SIDE || info.height < MIN_SIDE)
    throw new Error(`too small (${info.width}×${info.height}; at least ${MIN_SIDE}×${MIN_SIDE})`);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const widths = widthsFor(info.width);
  const files: { width: number; format: PhotoFormat; data: Buffer }[] = [];
  for (const width of widths) {
    for (const format of PHOTO_FORMATS) {
      const resized = sharp(data, raw).resize({ width, withoutEnlargement: true });
      const encoded =
        format === 'avif'
          ? resized.avif({ quality: 50, effort: 4 })
          : format === 'webp'
            ? resized.webp({ quality: 78 })
            : resized.jpeg({ quality: 80, mozjpeg: true });
      files.push({ width, format, data: await encoded.toBuffer() });
    }
  }
  const tiny = await sharp(data, raw).resize({ width: PLACEHOLDER_WIDTH }).blur(1).webp({ quality: 40 }).toBuffer();
  return {
    width: info.width,
    height: info.height,
    widths,
    files,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

/**
 * Imports the photos of `folder`. Each file is handled on its own: a refused one (a name that says no product
 * view, an unknown product, a view the product does not have, two files for one view, a file that is not a
 * readable JPEG or PNG) is reported and skipped; the others are imported. A view's row is written after all of
 * its files, in one statement, so a failure leaves the view as it was. Importing the same file again changes
 * nothing.
 */
export async function importPhotos(db: DB, folder: string, options: PhotoImportOptions): Promise<PhotoImportReport> {
  const { default: sharp } = await import('sharp');
  const repo = new PhotoRepository(db);
  const say = options.onProgress ?? (() => {});
  const report: PhotoImportReport = { imported: [], unchanged: [], problems: [] };
  const refuse = (file: string, message: string) => {
    report.problems.push({ file, message });
    say(`✗ ${file}: ${message}`);
  };

  const listed = await listCandidates(folder);
  for (const p of listed.problems) refuse(p.file, p.message);
  const byView = new Map<string, Candidate[]>();
  for (const c of listed.candidates) byView.set(`${c.pid}:${c.view}`, [...(byView.get(`${c.pid}:${c.view}`) ?? []), c]);
  const views = await repo.products([...new Set(listed.candidates.map((c) => c.pid))]);

  for (const [, group] of byView) {
    if (group.length > 1) {
      for (const c of group)
        refuse(c.file, `${group.length} files for view ${c.view} of ${c.pid} (${group.map((g) => g.file).join(', ')})`);
      continue;
    }
    const c = group[0]!;
    const count = views.get(c.pid);
    if (count === undefined) {
      refuse(c.file, `no product ${c.pid}`);
      continue;
    }
    if (c.view > Math.min(count, MAX_VIEW)) {
      refuse(c.file, `product ${c.pid} has ${count} view(s); view ${c.view} is not one of them`);
      continue;
    }
    try {
      const bytes = await readFile(join(folder, c.file));
      const hash = createHash('sha256').update(PIPELINE_VERSION).update('\0').update(bytes).digest('hex').slice(0, 16);
      const current = await repo.get(c.pid, c.view);
      if (current?.hash === hash && (await filesPresent(options.mediaDir, current))) {
        report.unchanged.push({
          file: c.file,
          pid: c.pid,
          view: c.view,
          hash,
          width: current.width,
          height: current.height,
          widths: [...current.widths],
        });
        say(`= ${c.file}: unchanged`);
        continue;
      }
      const made = await derive(sharp, bytes);
      const dir = photoFolder(options.mediaDir, c.pid, c.view);
      await mkdir(dir, { recursive: true });
      for (const f of made.files) {
        // Written under a temporary name, then renamed: a file with a final name is always whole.
        const target = join(dir, photoFileName(hash, f.width, f.format));
        const partial = `${target}.${process.pid}.part`;
        await writeFile(partial, f.data);
        await rename(partial, target);
      }
      await repo.save({
        pid: c.pid,
        view: c.view,
        hash,
        width: made.width,
        height: made.height,
        widths: made.widths,
        formats: [...PHOTO_FORMATS],
        placeholder: made.placeholder,
        sourceName: c.file,
      });
      report.imported.push({
        file: c.file,
        pid: c.pid,
        view: c.view,
        hash,
        width: made.width,
        height: made.height,
        widths: made.widths,
      });
      say(`✓ ${c.file}: ${c.pid} view ${c.view}, ${made.width}×${made.height}, widths ${made.widths.join(', ')}`);
    } catch (err) {
      refuse(c.file, (err as Error).message);
    }
  }
  return report;
}
