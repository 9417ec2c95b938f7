import { productImageSvg, categoryImageSvg } from '../../../../fixtures/catalog/images.ts';
import { contentImageSvg, defaultRatio, wordmarkSvg, type Ratio } from '../../../../fixtures/media/content-images.ts';
import { houseOf } from '../../../../reference/houses.ts';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import { servePhoto } from './photo-files.ts';

/**
 * Product and category imagery, drawn from the catalogue data (no image files, no network). The
 * answers are immutable for a given URL, so browsers and CDNs keep them for a year.
 */
export function mediaRoutes(ops: OperationRegistry, db: DB, brand: string, options: { mediaDir: string }): void {
  const house = houseOf(brand);
  const cache = new Map<string, string>();
  const remember = (key: string, svg: string) => {
    if (cache.size > 5000) cache.delete(cache.keys().next().value as string);
    cache.set(key, svg);
    return svg;
  };
  const send = (res: import('express').Response, svg: string) =>
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=31536000, immutable').send(svg);

  ops.handle('getProductImage', {
    run: async ({ path, res }) => {
      const pid = path.pid.toUpperCase();
      const view = path.view;
      const key = `p:${pid}:${view}`;
      const hit = cache.get(key);
      if (hit) return void send(res, hit);
      const p = await db
        .selectFrom('products')
        .select([
          'pid',
          'category_id',
          'color_code',
          'color_hex',
          'macro_color',
          'micro_color',
          'image_count',
          'material',
          'short_name',
          'style_code',
        ])
        .where('pid', '=', pid)
        .executeTakeFirst();
      if (!p || view > p.image_count) throw new AppError('ERR_STORAGE_1000', `No image ${view} of product ${pid}.`);
      const svg = productImageSvg(
        {
          pid: p.pid,
          categoryId: p.category_id,
          material: p.material,
          shortName: p.short_name,
          styleCode: p.style_code,
          color: {
            code: p.color_code,
            hex: p.color_hex,
            macroColor: p.macro_color,
            microColor: p.micro_color,
            names: {} as never,
          },
        },
        view,
      );
      send(res, remember(key, svg));
    },
  });

  // Imported photos: files under MEDIA_DIR, named by their content hash (decision 0160).
  ops.handle('getProductPhoto', {
    run: ({ path, res }) => servePhoto(options.mediaDir, path.pid.toUpperCase(), path.view, path.file, res),
  });

  ops.handle('getCategoryImage', {
    run: async ({ path, query, res }) => {
      const id = path.categoryId;
      const view = query.view ?? 1;
      const key = `c:${id}:${view}`;
      const hit = cache.get(key);
      if (hit) return void send(res, hit);
      const c = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
      if (!c) throw new AppError('ERR_STORAGE_1000', `No image for category ${id}.`);
      const svg = categoryImageSvg({ id: c.id }, view);
      send(res, remember(key, svg));
    },
  });

  ops.handle('getContentImage', {
    run: ({ path, query, res }) => {
      const name = path.name;
      const ratio: Ratio = query.ratio ?? defaultRatio(name);
      const key = `m:${name}:${ratio}`;
      const hit = cache.get(key);
      if (hit) return void send(res, hit);
      const svg =
        name === 'logo' || name === 'logo-inverse'
          ? wordmarkSvg(house.name, name === 'logo-inverse')
          : contentImageSvg(name, ratio, brand);
      send(res, remember(key, svg));
    },
  });
}
