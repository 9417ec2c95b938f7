import { sql } from 'kysely';
import { countries, currencies, regions } from '../../../reference/markets/index.ts';
import { generateCatalog } from '../../../fixtures/catalog/generate.ts';
import type { Brand, Catalog, Localized } from '../../../fixtures/catalog/types.ts';
import type { DB } from './database.ts';
import { seedStoreStock, seedStores } from '../modules/stores/index.ts';
import { seedContent } from '../modules/content/index.ts';

const CHUNK = 500;
type Trx = Parameters<Parameters<ReturnType<DB['transaction']>['execute']>[0]>[0];

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Seeds reference data from fixtures/ into an empty database: markets always (they are reference
 * data, replaced on every start), the catalogue only when the brand has no products yet, so a
 * shopper's basket survives restarts.
 */
export async function seed(db: DB, options: { brand: Brand; products: number }): Promise<{ seededCatalog: boolean }> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('countries').execute();
    await trx.deleteFrom('regions').execute();
    await trx.deleteFrom('currencies').execute();
    await trx
      .insertInto('currencies')
      .values(
        Object.entries(currencies).map(([code, format], i) => ({
          code,
          position: i,
          data: JSON.stringify(format) as never,
        })),
      )
      .execute();
    await trx
      .insertInto('countries')
      .values(countries.map((c, i) => ({ country: c.country, position: i, data: JSON.stringify(c) as never })))
      .execute();
    await trx
      .insertInto('regions')
      .values(regions.map((r, i) => ({ region_id: r.regionId, position: i, data: JSON.stringify(r) as never })))
      .execute();
  });
  // Store master data: upserted on every start like the markets.
  await seedStores(db);

  const existing = await db
    .selectFrom('products')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('brand', '=', options.brand)
    .executeTakeFirstOrThrow();
  // Content is published by the CMS: replaced at every start (after the catalogue its product islands pick from).
  if (existing.n > 0) {
    await seedContent(db, options.brand);
    // Boutiques added to the master data since the last start get their stock.
    await seedStoreStock(db, options.brand);
    return { seededCatalog: false };
  }

  const catalog = generateCatalog({ brand: options.brand, products: options.products });
  await db.transaction().execute(async (trx) => {
    // Parents first: categories are sorted by level.
    const cats = [...catalog.categories].sort((a, b) => a.level - b.level);
    await insertChunks(cats, (chunk) =>
      trx
        .insertInto('categories')
        .values(
          chunk.map((c) => ({
            id: c.id,
            brand: catalog.brand,
            slug: c.slug,
            parent_id: c.parentId,
            level: c.level,
            gender: c.gender,
            position: c.position,
          })),
        )
        .execute(),
    );
    await insertChunks(
      cats.flatMap((c) => Object.entries(c.names).map(([language, name]) => ({ category_id: c.id, language, name }))),
      (chunk) => trx.insertInto('category_translations').values(chunk).execute(),
    );
    await insertChunks(catalog.products, (chunk) =>
      trx
        .insertInto('products')
        .values(
          chunk.map((p) => ({
            pid: p.pid,
            brand: p.brand,
            category_id: p.categoryId,
            gender_code: p.genderCode,
            slug: p.slug,
            color_code: p.color.code,
            color_hex: p.color.hex,
            macro_color: p.color.macroColor,
            micro_color: p.color.microColor,
            material: p.material,
            size_group: p.sizeGroup,
            image_count: p.imageCount,
            born_season: p.bornSeason,
            created_at: p.createdAt,
            rank: p.rank,
            is_employee_only: p.isEmployeeOnly,
            is_rd: p.isRd,
            is_sellable_online: p.isSellableOnline,
            is_ecom_assortment: p.isEcomAssortment,
            is_preorderable: p.isPreorderable,
            style_code: p.styleCode,
            smc_id: p.smcId,
            short_name: p.shortName,
            gender_association: p.genderAssociation,
            is_coming_soon: p.isComingSoon,
            sale_channel: p.saleChannel,
            notify_me: p.notifyMe,
            generic_tags: p.genericTags,
          })),
        )
        .execute(),
    );
    await insertChunks(
      catalog.products.flatMap((p) =>
        Object.keys(p.names).map((language) => {
          const l = language as keyof typeof p.names;
          return {
            pid: p.pid,
            language,
            name: p.names[l],
            description: p.descriptions[l],
            composition: p.composition[l],
            color_name: p.color.names[l],
          };
        }),
      ),
      (chunk) => trx.insertInto('product_translations').values(chunk).execute(),
    );
    await insertChunks(
      catalog.products.flatMap((p) =>
        p.variants.map((v) => ({ sku: v.sku, pid: p.pid, size: v.size, position: v.position, stock: v.stock })),
      ),
      (chunk) => trx.insertInto('product_variants').values(chunk).execute(),
    );
    await insertChunks(
      catalog.products.flatMap((p) =>
        Object.entries(p.prices).map(([currency, price]) => ({
          pid: p.pid,
          currency,
          list_price: price.list,
          sale_price: price.sale,
        })),
      ),
      (chunk) => trx.insertInto('product_prices').values(chunk).execute(),
    );
    await seedShows(trx, catalog);
  });
  // Fresh statistics, or the planner guesses one row per table and nests loops over the whole catalogue.
  await seedContent(db, options.brand);
  // The boutiques' stock of the new catalogue.
  await seedStoreStock(db, options.brand);
  await sql`analyze`.execute(db);
  return { seededCatalog: true };
}

/** Looks and collections of the generated catalogue (the houses' shows), with their products in order. */
async function seedShows(trx: Trx, catalog: Catalog): Promise<void> {
  const translations = <K extends string>(key: K, id: string, names: Localized, descriptions: Localized | null) =>
    Object.keys(names).map((language) => ({
      [key]: id,
      language,
      name: names[language as keyof Localized],
      description: descriptions ? descriptions[language as keyof Localized] : null,
    })) as Array<Record<K, string> & { language: string; name: string; description: string | null }>;
  await insertChunks(catalog.looks, (chunk) =>
    trx
      .insertInto('looks')
      .values(
        chunk.map((l) => ({
          id: l.id,
          brand: catalog.brand,
          slug: l.slug,
          born_event_code: l.bornEventCode,
          born_season_code: l.bornSeasonCode,
          position: l.position,
          image_count: l.imageCount,
          is_rd: l.isRd,
        })),
      )
      .execute(),
  );
  await insertChunks(
    catalog.looks.flatMap((l) => translations('look_id', l.id, l.names, l.descriptions)),
    (chunk) => trx.insertInto('look_translations').values(chunk).execute(),
  );
  await insertChunks(
    catalog.looks.flatMap((l) => l.pids.map((pid, i) => ({ look_id: l.id, pid, position: i + 1 }))),
    (chunk) => trx.insertInto('look_products').values(chunk).execute(),
  );
  await insertChunks(catalog.collections, (chunk) =>
    trx
      .insertInto('collections')
      .values(
        chunk.map((c) => ({
          id: c.id,
          brand: catalog.brand,
          slug: c.slug,
          born_event_code: c.bornEventCode,
          born_season_code: c.bornSeasonCode,
          position: c.position,
          is_rd: c.isRd,
        })),
      )
      .execute(),
  );
  await insertChunks(
    catalog.collections.flatMap((c) => translations('collection_id', c.id, c.names, c.descriptions)),
    (chunk) => trx.insertInto('collection_translations').values(chunk).execute(),
  );
  await insertChunks(
    catalog.collections.flatMap((c) => c.pids.map((pid, i) => ({ collection_id: c.id, pid, position: i + 1 }))),
    (chunk) => trx.insertInto('collection_products').values(chunk).execute(),
  );
  await insertChunks(
    catalog.collections.flatMap((c) =>
      c.lookIds.map((look_id, i) => ({ collection_id: c.id, look_id, position: i + 1 })),
    ),
    (chunk) => trx.insertInto('collection_looks').values(chunk).execute(),
  );
}
