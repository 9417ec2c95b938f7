// The photo pipeline end to end: `importPhotos` on photographs made here (gradients), the files and rows it
// leaves, then the real app serving them and giving them in the page data.
import { mkdtemp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { snapshotPath, TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';
import { importPhotos, type PhotoImportReport } from './photo-import.ts';
import { PhotoIndex } from './photo-index.ts';

/** A photograph stand-in: a diagonal gradient between two colours (no flat areas the encoders could cheat on). */
function gradient(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
  alpha = false,
) {
  const channels = alpha ? 4 : 3;
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const i = (y * width + x) * channels;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
      if (alpha) data[i + 3] = x < width / 2 ? 255 : 0;
    }
  return sharp(data, { raw: { width, height, channels } });
}

let database: DatabaseHandle;
let source: string;
let mediaDir: string;
let first: PhotoImportReport;
let pidA: string; // two photographed views
let pidB: string; // one photographed view, a refused second
let plain: string; // no photo at all

async function visiblePids(db: DatabaseHandle['db']): Promise<string[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', 'USD'))
    .select('p.pid')
    .where('p.is_employee_only', '=', false)
    .where('p.image_count', '>=', 2)
    .orderBy('p.pid')
    .limit(3)
    .execute();
  return rows.map((r) => r.pid);
}

beforeAll(async () => {
  database =
    testDatabaseKind() === 'postgres'
      ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 5 })
      : await openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: new Blob([readFileSync(snapshotPath())]) });
  await database.db.deleteFrom('product_photos').execute();
  [pidA, pidB, plain] = (await visiblePids(database.db)) as [string, string, string];
  source = await mkdtemp(join(tmpdir(), 'photos-in-'));
  mediaDir = await mkdtemp(join(tmpdir(), 'photos-out-'));
  await mkdir(join(source, pidA));
  await gradient(700, 875, [20, 40, 90], [230, 200, 160])
    .jpeg({ quality: 92 })
    .toFile(join(source, pidA, '1.jpg'));
  // Narrower than the narrowest standard width, and transparent on its right half.
  await gradient(300, 375, [120, 20, 30], [250, 240, 230], true)
    .png()
    .toFile(join(source, `${pidA}_2.png`));
  await gradient(1000, 1250, [10, 90, 40], [200, 230, 210])
    .jpeg()
    .toFile(join(source, `${pidB.toLowerCase()}_1.JPG`));
  await writeFile(join(source, `${pidB}_2.jpg`), 'this is not a JPEG');
  await gradient(400, 500, [0, 0, 0], [255, 255, 255]).jpeg().toFile(join(source, 'ZZZZ0000NOPE_1.jpg'));
  await writeFile(join(source, 'notes.txt'), 'shot list');
  first = await importPhotos(database.db, source, { mediaDir });
}, 120_000);

afterAll(async () => {
  await database?.close();
  await rm(source, { recursive: true, force: true });
  await rm(mediaDir, { recursive: true, force: true });
});

describe('importPhotos', () => {
  it('imports each well-named photo of a known product view', () => {
    expect(first.imported.map((i) => `${i.pid}/${i.view}`).sort()).toEqual(
      [`${pidA}/1`, `${pidA}/2`, `${pidB}/1`].sort(),
    );
    const a1 = first.imported.find((i) => i.pid === pidA && i.view === 1)!;
    expect(a1).toMatchObject({ width: 700, height: 875, widths: [320, 640] });
    expect(first.imported.find((i) => i.pid === pidB)).toMatchObject({
      width: 1000,
      height: 1250,
      widths: [320, 640, 960],
    });
  });

  it('never upscales: a photo narrower than 320 pixels keeps its own width', () => {
    expect(first.imported.find((i) => i.pid === pidA && i.view === 2)).toMatchObject({
      width: 300,
      height: 375,
      widths: [300],
    });
  });

  it('makes AVIF, WebP and JPEG at every width, at the proportions of the photo', async () => {
    const a1 = first.imported.find((i) => i.pid === pidA && i.view === 1)!;
    const files = (await readdir(join(mediaDir, 'photos', pidA, '1'))).sort();
    expect(files).toEqual([320, 640].flatMap((w) => ['avif', 'jpg', 'webp'].map((f) => `${a1.hash}-${w}.${f}`)).sort());
    for (const w of [320, 640]) {
      const expected = { avif: 'heif', webp: 'webp', jpg: 'jpeg' } as const;
      for (const [ext, format] of Object.entries(expected)) {
        const meta = await sharp(join(mediaDir, 'photos', pidA, '1', `${a1.hash}-${w}.${ext}`)).metadata();
        expect({ ext, format: meta.format, width: meta.width, height: meta.height }).toEqual({
          ext,
          format,
          width: w,
          height: Math.round((w * 875) / 700),
        });
      }
    }
    const avif = await sharp(join(mediaDir, 'photos', pidA, '1', `${a1.hash}-320.avif`)).metadata();
    expect(avif.compression).toBe('av1');
  });

  it('records each view with its size, widths, formats and a 16-pixel blurred placeholder', async () => {
    const rows = await database.db.selectFrom('product_photos').selectAll().orderBy('pid').orderBy('view').execute();
    expect(rows).toHaveLength(3);
    const a2 = rows.find((r) => r.pid === pidA && r.view === 2)!;
    expect(a2).toMatchObject({
      width: 300,
      height: 375,
      widths: [300],
      formats: ['avif', 'webp', 'jpg'],
      source_name: `${pidA}_2.png`,
    });
    expect(a2.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    const tiny = await sharp(Buffer.from(a2.placeholder.split(',')[1]!, 'base64')).metadata();
    expect({ format: tiny.format, width: tiny.width, height: tiny.height }).toEqual({
      format: 'webp',
      width: 16,
      height: 20,
    });
    // The transparent half of the PNG is white in every format (a JPEG has no transparency).
    for (const ext of ['avif', 'webp', 'jpg']) {
      const { data, info } = await sharp(join(mediaDir, 'photos', pidA, '2', `${a2.hash}-300.${ext}`))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(3);
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
      expect(
        at(info.width - 5, 5).every((v) => v > 235),
        `${ext}: the transparent half is white`,
      ).toBe(true);
      expect(
        at(5, 5).every((v) => v > 235),
        `${ext}: the opaque half keeps its colour`,
      ).toBe(false);
    }
  });

  it('reports and skips a file that is not an image, an unknown product and an unknown name, and records nothing of them', async () => {
    const problems = Object.fromEntries(first.problems.map((p) => [p.file, p.message]));
    expect(Object.keys(problems).sort()).toEqual([`${pidB}_2.jpg`, 'ZZZZ0000NOPE_1.jpg', 'notes.txt'].sort());
    expect(problems['ZZZZ0000NOPE_1.jpg']).toBe('no product ZZZZ0000NOPE');
    expect(problems['notes.txt']).toMatch(/not a photo name/);
    const b2 = await database.db
      .selectFrom('product_photos')
      .select('hash')
      .where('pid', '=', pidB)
      .where('view', '=', 2)
      .executeTakeFirst();
    expect(b2).toBeUndefined();
    expect(await readdir(join(mediaDir, 'photos', pidB)).catch(() => [])).toEqual(['1']);
  });

  it('refuses a view the product does not have, and two files for one view', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'photos-odd-'));
    try {
      const jpeg = await gradient(64, 80, [1, 2, 3], [200, 100, 50]).jpeg().toBuffer();
      await writeFile(join(dir, `${plain}_8.jpg`), jpeg);
      await writeFile(join(dir, `${plain}_1.jpg`), jpeg);
      await writeFile(join(dir, `${plain}_1.png`), await sharp(jpeg).png().toBuffer());
      const report = await importPhotos(database.db, dir, { mediaDir });
      expect(report.imported).toEqual([]);
      expect(report.problems.map((p) => p.file).sort()).toEqual([`${plain}_1.jpg`, `${plain}_1.png`, `${plain}_8.jpg`]);
      expect(report.problems.find((p) => p.file === `${plain}_8.jpg`)?.message).toMatch(/view 8 is not one of them/);
      expect(await database.db.selectFrom('product_photos').select('pid').where('pid', '=', plain).execute()).toEqual(
        [],
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is idempotent: importing the same folder again changes no file and no row', async () => {
    const before = await database.db.selectFrom('product_photos').selectAll().orderBy('pid').orderBy('view').execute();
    const dir = join(mediaDir, 'photos', pidA, '1');
    const times = await Promise.all(
      (await readdir(dir)).map(async (f) => [f, (await stat(join(dir, f))).mtimeMs] as const),
    );
    const again = await importPhotos(database.db, source, { mediaDir });
    expect(again.imported).toEqual([]);
    expect(again.unchanged).toHaveLength(3);
    expect(again.problems).toHaveLength(3);
    expect(await database.db.selectFrom('product_photos').selectAll().orderBy('pid').orderBy('view').execute()).toEqual(
      before,
    );
    expect(
      await Promise.all((await readdir(dir)).map(async (f) => [f, (await stat(join(dir, f))).mtimeMs] as const)),
    ).toEqual(times);
  });
});

describe('PhotoIndex', () => {
  it('sees an import made after it loaded at its next check', async () => {
    const index = new PhotoIndex(database.db, undefined, 50);
    await index.start();
    try {
      expect(index.get(pidA, 1)?.width).toBe(700);
      expect(index.get(plain, 1)).toBeUndefined();
      const dir = await mkdtemp(join(tmpdir(), 'photos-late-'));
      await gradient(400, 500, [90, 10, 10], [250, 250, 200])
        .jpeg()
        .toFile(join(dir, `${plain}_1.jpg`));
      expect((await importPhotos(database.db, dir, { mediaDir })).imported).toHaveLength(1);
      await rm(dir, { recursive: true, force: true });
      const deadline = Date.now() + 5000;
      while (!index.get(plain, 1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(index.get(plain, 1)).toMatchObject({ width: 400, height: 500, widths: [320] });
    } finally {
      await index.stop();
      // The rest of the file counts on `plain` having no photo.
      await database.db.deleteFrom('product_photos').where('pid', '=', plain).execute();
    }
  });
});

describe('serving photos and giving them to the pages', () => {
  let app: Awaited<ReturnType<typeof createApp>>;
  let a1: { hash: string };
  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      BRAND: TEST_BRAND,
      VALIDATE_RESPONSES: 'true',
      CACHE_TTL_SECONDS: '0',
      MEDIA_DIR: mediaDir,
    });
    app = await createApp({ config, database, logger: createLogger(config.logLevel), pages: false });
    a1 = first.imported.find((i) => i.pid === pidA && i.view === 1)!;
  });
  afterAll(() => app?.close());

  it('serves each derivative with its type, a year of immutable caching and a strong ETag', async () => {
    for (const [ext, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpg', 'image/jpeg'],
    ] as const) {
      const url = `/media/photos/${pidA}/1/${a1.hash}-640.${ext}`;
      const res = await request(app.app)
        .get(url)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(
        Buffer.compare(
          res.body as Buffer,
          await readFile(join(mediaDir, 'photos', pidA, '1', `${a1.hash}-640.${ext}`)),
        ),
      ).toBe(0);
      await request(app.app).get(url).set('If-None-Match', res.headers.etag!).expect(304);
    }
  });

  it('answers 404 ERR_STORAGE_1000 for a derivative, view or product it does not have', async () => {
    for (const url of [
      `/media/photos/${pidA}/1/${a1.hash}-960.jpg`, // never made: the photo is 700 pixels wide
      `/media/photos/${pidA}/1/0000000000000000-640.jpg`,
      `/media/photos/${pidA}/3/${a1.hash}-640.jpg`,
      `/media/photos/${plain}/1/${a1.hash}-640.jpg`,
    ]) {
      const res = await request(app.app).get(url).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('ERR_STORAGE_1000');
    }
  });

  it('refuses a malformed file name (ERR_API_1018) and pid (ERR_API_1009)', async () => {
    expect((await request(app.app).get(`/media/photos/${pidA}/1/${a1.hash}-640.png`).expect(400)).body.code).toBe(
      'ERR_API_1018',
    );
    expect((await request(app.app).get(`/media/photos/${pidA}/1/..%2F..%2Fx-640.jpg`).expect(400)).body.code).toBe(
      'ERR_API_1018',
    );
    expect((await request(app.app).get(`/media/photos/${pidA}/9/${a1.hash}-640.jpg`).expect(400)).body.code).toBe(
      'ERR_API_1018',
    );
    expect((await request(app.app).get(`/media/photos/A-B/1/${a1.hash}-640.jpg`).expect(400)).body.code).toBe(
      'ERR_API_1009',
    );
  });

  it('gives the product page every photographed view as sources, size and placeholder; other views stay drawings', async () => {
    const res = await request(app.app).get(`/ssr/pr/${pidA}?locale=en-us`).expect(200);
    const [v1, v2, ...rest] = res.body.product.images;
    expect(v1).toMatchObject({ src: `/media/photos/${pidA}/1/${a1.hash}-640.jpg`, width: 700, height: 875 });
    expect(v1.photo.width).toBe(700);
    expect(v1.photo.height).toBe(875);
    expect(v1.photo.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(v1.photo.sources.map((s: { type: string }) => s.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg']);
    expect(v1.photo.sources[0].srcset).toBe(
      `/media/photos/${pidA}/1/${a1.hash}-320.avif 320w, /media/photos/${pidA}/1/${a1.hash}-640.avif 640w`,
    );
    // Narrower than 640: its one JPEG is the fallback.
    expect(v2.src).toMatch(new RegExp(`^/media/photos/${pidA}/2/[0-9a-f]{16}-300\\.jpg$`));
    for (const img of rest) {
      expect(img.src).toMatch(/\.svg$/);
      expect(img.photo).toBeUndefined();
    }
    // Every URL the page names is served.
    for (const s of v1.photo.sources)
      for (const c of s.srcset.split(', ')) await request(app.app).get(c.split(' ')[0]).expect(200);
  });

  it('gives listing tiles the photo of the first and second views', async () => {
    const res = await request(app.app)
      .get(`/api/data/products/hit-tile?locale=en-us&pids=${pidA},${plain}`)
      .expect(200);
    const tiles = res.body.products as { id: string; image: any; hoverImage?: any }[];
    const a = tiles.find((x) => x.id === pidA)!;
    const p = tiles.find((x) => x.id === plain)!;
    expect(a.image.photo.sources).toHaveLength(3);
    expect(a.hoverImage.photo.width).toBe(300);
    expect(p.image).toEqual({
      src: `/media/products/${plain}/1.svg`,
      alt: expect.any(String),
      width: 600,
      height: 750,
    });
  });

  it('keeps the drawing of a product without photos exactly as before', async () => {
    const res = await request(app.app).get(`/ssr/pr/${plain}?locale=en-us`).expect(200);
    for (const [i, img] of res.body.product.images.entries()) {
      expect(img).toEqual({
        src: `/media/products/${plain}/${i + 1}.svg`,
        alt: expect.any(String),
        width: 600,
        height: 750,
      });
    }
    await request(app.app).get(`/media/products/${plain}/1.svg`).expect(200);
  });
});
