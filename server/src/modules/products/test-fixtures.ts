// Products with every availability case, owned by these tests: they belong to another house (`amq`) than
// the seeded catalogue, so that the app under test (BRAND=amq) sees only them and other test files,
// which share the PostgreSQL database, never see them.
import type { Express } from 'express';
import { sql, type Kysely } from 'kysely';
import { createApp } from '../../app.ts';
import type { Database } from '../../db/schema.ts';
import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

export const BRAND = 'amq';

interface Fixture {
  pid: string;
  category: string;
  style?: string;
  color?: [code: string, hex: string, macro: string, name: string];
  sizes?: [size: string, stock: number][];
  prices?: Record<string, [list: number, sale: number | null]>;
  flags?: Partial<{
    is_sellable_online: boolean;
    is_ecom_assortment: boolean;
    is_preorderable: boolean;
    is_coming_soon: boolean;
    sale_channel: 'online' | 'call' | 'contact';
    notify_me: boolean;
    is_employee_only: boolean;
    generic_tags: string[];
  }>;
  shortName?: string;
  genderAssociation?: string;
}

const ALL_PRICES: Record<string, [number, number | null]> = {
  EUR: [1000, null],
  USD: [1100, null],
  JPY: [160000, null],
  GBP: [900, null],
};
const BLACK: Fixture['color'] = ['black', '#000000', 'black', 'Black'];
const RED: Fixture['color'] = ['red', '#B0141E', 'red', 'Red'];

export const PRODUCTS: Fixture[] = [
  {
    pid: 'ZPDAVAIL1',
    category: 'amq-w-shoes-pumps',
    style: 'ZST1',
    color: BLACK,
    shortName: 'Peak',
    genderAssociation: 'ZPDMEN1',
    sizes: [
      ['36', 5],
      ['37', 0],
      ['38', 1],
    ],
    prices: { EUR: [1000, 600], USD: [1100, null], JPY: [160000, null], GBP: [900, null] },
    flags: { generic_tags: ['generic tag 2', 'not a tag'] },
  },
  { pid: 'ZPDAVAIL2', category: 'amq-w-shoes-pumps', style: 'ZST1', color: RED, sizes: [['36', 2]] },
  // Same style, not priced in euros: not sold in France, so no swatch there.
  {
    pid: 'ZPDAVAIL3',
    category: 'amq-w-shoes-pumps',
    style: 'ZST1',
    color: ['ivory', '#F4EFE6', 'white', 'Ivory'],
    sizes: [['36', 2]],
    prices: { USD: [1100, null] },
  },
  { pid: 'ZPDSOON', category: 'amq-w-shoes-pumps', sizes: [['36', 3]], flags: { is_coming_soon: true } },
  { pid: 'ZPDCALL', category: 'amq-w-shoes-pumps', sizes: [['36', 3]], flags: { sale_channel: 'call' } },
  { pid: 'ZPDCONTACT', category: 'amq-w-shoes-pumps', sizes: [['36', 3]], flags: { sale_channel: 'contact' } },
  { pid: 'ZPDNONECOM', category: 'amq-w-shoes-pumps', sizes: [['36', 3]], flags: { is_ecom_assortment: false } },
  {
    pid: 'ZPDPRE',
    category: 'amq-w-shoes-pumps',
    sizes: [
      ['36', 0],
      ['37', 0],
    ],
    flags: { is_preorderable: true },
  },
  {
    pid: 'ZPDSOLD',
    category: 'amq-w-shoes-pumps',
    color: BLACK,
    sizes: [
      ['36', 0],
      ['37', 0],
    ],
    flags: { notify_me: true },
  },
  { pid: 'ZPDGONE', category: 'amq-w-shoes-pumps', color: BLACK, sizes: [['36', 0]], flags: { notify_me: false } },
  { pid: 'ZPDLAST', category: 'amq-w-bags-tote', color: RED, sizes: [['TU', 1]] },
  { pid: 'ZPDEMP', category: 'amq-w-shoes-pumps', sizes: [['36', 3]], flags: { is_employee_only: true } },
  { pid: 'ZPDSIM1', category: 'amq-w-shoes-pumps', style: 'ZST2', color: BLACK, sizes: [['36', 4]] },
  { pid: 'ZPDSIM2', category: 'amq-w-shoes-boots', style: 'ZST3', color: BLACK, sizes: [['36', 4]] },
  { pid: 'ZPDBAG', category: 'amq-w-bags-tote', style: 'ZST4', color: RED, sizes: [['TU', 4]] },
];

const CATEGORIES = [
  { id: 'amq-w', slug: 'zpd-women', parent_id: null, level: 1, names: ['Women', 'Femme'] },
  { id: 'amq-w-shoes', slug: 'zpd-women-shoes', parent_id: 'amq-w', level: 2, names: ['Shoes', 'Chaussures'] },
  {
    id: 'amq-w-shoes-pumps',
    slug: 'zpd-women-shoes-pumps',
    parent_id: 'amq-w-shoes',
    level: 3,
    names: ['Pumps', 'Escarpins'],
  },
  {
    id: 'amq-w-shoes-boots',
    slug: 'zpd-women-shoes-boots',
    parent_id: 'amq-w-shoes',
    level: 3,
    names: ['Boots', 'Bottes'],
  },
  { id: 'amq-w-bags', slug: 'zpd-women-bags', parent_id: 'amq-w', level: 2, names: ['Bags', 'Sacs'] },
  {
    id: 'amq-w-bags-tote',
    slug: 'zpd-women-bags-tote',
    parent_id: 'amq-w-bags',
    level: 3,
    names: ['Tote bags', 'Sacs cabas'],
  },
] as const;

export async function insertFixtures(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('categories')
    .values(
      CATEGORIES.map((c, i) => ({
        id: c.id,
        brand: BRAND,
        slug: c.slug,
        parent_id: c.parent_id,
        level: c.level,
        gender: 'women',
        position: i + 1,
      })),
    )
    .execute();
  await db
    .insertInto('category_translations')
    .values(
      CATEGORIES.flatMap((c) => [
        { category_id: c.id, language: 'en', name: c.names[0] },
        { category_id: c.id, language: 'fr', name: c.names[1] },
      ]),
    )
    .execute();
  await db
    .insertInto('products')
    .values(
      PRODUCTS.map((p, i) => {
        const [code, hex, macro] = p.color ?? ['camel', '#C19A6B', 'brown', 'Camel'];
        return {
          pid: p.pid,
          brand: BRAND,
          category_id: p.category,
          gender_code: 'D',
          slug: `test-${p.pid.toLowerCase()}`,
          color_code: code,
          color_hex: hex,
          macro_color: macro,
          micro_color: code,
          material: 'calfskin',
          size_group: p.category.includes('shoes') ? 'women_shoes' : null,
          image_count: 2,
          born_season: 'FW26',
          created_at: new Date(Date.UTC(2026, 0, 1 + i)),
          rank: i + 1,
          style_code: p.style ?? `S-${p.pid}`,
          smc_id: `SMC-${p.pid}`,
          short_name: p.shortName ?? '',
          gender_association: p.genderAssociation ?? null,
          ...p.flags,
        };
      }),
    )
    .execute();
  await db
    .insertInto('product_translations')
    .values(
      PRODUCTS.flatMap((p) =>
        ['en', 'fr', 'ja'].map((language) => ({
          pid: p.pid,
          language,
          name: `${language === 'fr' ? 'Article' : 'Item'} ${p.pid}`,
          description: 'A test piece.',
          composition: 'Calfskin',
          color_name: (p.color ?? ['', '', '', 'Camel'])[3],
        })),
      ),
    )
    .execute();
  await db
    .insertInto('product_variants')
    .values(
      PRODUCTS.flatMap((p) =>
        (p.sizes ?? [['TU', 1]]).map(([size, stock], i) => ({
          sku: `${p.pid}-${size}`,
          pid: p.pid,
          size,
          position: i + 1,
          stock,
        })),
      ),
    )
    .execute();
  await db
    .insertInto('product_prices')
    .values(
      PRODUCTS.flatMap((p) =>
        Object.entries(p.prices ?? ALL_PRICES).map(([currency, [list, sale]]) => ({
          pid: p.pid,
          currency,
          list_price: list,
          sale_price: sale,
        })),
      ),
    )
    .execute();
  // A look styles the tote with the pumps: the merchandisers' link of the manual recommendations.
  await db
    .insertInto('looks')
    .values({
      id: 'amq-zpd-look-1',
      brand: BRAND,
      slug: 'zpd-look-1',
      born_event_code: 'WFW26',
      born_season_code: 'FW26',
      position: 1,
      image_count: 1,
    })
    .execute();
  await db
    .insertInto('look_products')
    .values(
      ['ZPDAVAIL1', 'ZPDSOLD', 'ZPDBAG', 'ZPDLAST'].map((pid, i) => ({
        look_id: 'amq-zpd-look-1',
        pid,
        position: i + 1,
      })),
    )
    .execute();
}

export interface ProductsTestApp extends TestApp {
  /** The app of house `amq`, started after the fixtures were written (it reads its categories at start). */
  app: Express;
}

/** The real app (BRAND=amq) on the test database holding the fixtures. */
export async function startProductsApp(): Promise<ProductsTestApp> {
  const base = await startTestApp({ BRAND });
  // Test files run in parallel on one PostgreSQL database: the first one writes the fixtures.
  await base.database.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7007)`.execute(trx);
    const existing = await trx.selectFrom('products').select('pid').where('pid', '=', 'ZPDAVAIL1').executeTakeFirst();
    if (!existing) await insertFixtures(trx);
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    BRAND,
    VALIDATE_RESPONSES: 'true',
    CACHE_TTL_SECONDS: '0',
    ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
  });
  const { app } = await createApp({
    config,
    database: base.database,
    logger: createLogger(config.logLevel),
    pages: false,
  });
  return { app, database: base.database, close: base.close };
}
