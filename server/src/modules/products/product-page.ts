// The product page's and the search hits' own data: categories, the style's other colours, display statuses.
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { productUrl } from '../catalog/index.ts';
import type { Market } from '../markets/index.ts';
import { toMarketDto } from '../markets/index.ts';
import { productDisplay } from './display.ts';
import { findStyleMates, type ProductDataRow, type ProductPageRows } from './repository.ts';
import type { ProductKit } from './product-kit.ts';

type Categories = { names: Schemas['Product']['categories']; ids: Schemas['CategoryIds'] };

/** Category names (in the market's language) and ids of a product's leaf category and its ancestors. */
function categoriesOf(kit: ProductKit, categoryId: string, market: Market): Categories {
  const chain = kit.catalog.categoryChain(categoryId, market);
  return {
    names: {
      macroCategory: chain[0]?.name ?? '',
      microCategory: chain[1]?.name ?? '',
      superMicroCategory: chain[2]?.name ?? '',
    },
    ids: { macro: chain[0]?.id ?? '', micro: chain[1]?.id ?? '', superMicro: chain[2]?.id ?? '' },
  };
}

/** The colours of each style the market sells, by style code. */
async function styles(kit: ProductKit, rows: ProductDataRow[], market: Market): Promise<Map<string, ProductDataRow[]>> {
  const mates = await findStyleMates(
    kit.db,
    kit.scope(market),
    rows.map((r) => r.style_code),
  );
  const byStyle = new Map<string, ProductDataRow[]>();
  for (const m of mates) byStyle.set(m.style_code, [...(byStyle.get(m.style_code) ?? []), m]);
  return byStyle;
}

function colours(row: ProductDataRow, byStyle: Map<string, ProductDataRow[]>, market: Market) {
  const mates = row.style_code ? (byStyle.get(row.style_code) ?? []) : [];
  const colorVariants: Schemas['VariantColor'][] = mates
    .filter((m) => m.pid !== row.pid)
    .map((m) => ({
      pid: m.pid,
      color: m.color_name,
      macroColor: m.macro_color,
      hex: m.color_hex,
      url: productUrl(m.slug, m.pid, { language: market.language, name: m.name }),
    }));
  return { colorVariants, totalColors: colorVariants.length + 1 };
}

export async function hitTiles(kit: ProductKit, rawPids: string, market: Market): Promise<Schemas['HitTileList']> {
  return kit.source('ERR_PDT_API_1011', async () => {
    const { rows, missingPids } = await kit.many(kit.parsePids(rawPids), market, 'ERR_PDT_API_1011');
    const byStyle = await styles(kit, rows, market);
    const products: Schemas['HitTile'][] = rows.map((row) => {
      const categories = categoriesOf(kit, row.category_id, market);
      // Object.assign, not a spread: see `hitTile` in search/hit-tiles.ts.
      return Object.assign(kit.tileOf(row, market), {
        objectID: row.variants[0] ? row.variants[0].sku : row.pid,
        smcId: row.smc_id,
        styleCode: row.style_code,
        shortName: row.short_name,
        macroColor: row.macro_color,
        microColor: row.micro_color,
        categories: categories.names,
        categoryIds: categories.ids,
        genderCode: row.gender_code as Schemas['HitTile']['genderCode'],
        genderAssociation: row.gender_association,
        isRd: row.is_rd,
        ...colours(row, byStyle, market),
        bornSeasonDesc: row.born_season,
      });
    });
    return { market: toMarketDto(market), products, missingPids };
  });
}

// --- product page ------------------------------------------------------------------------------

/** What the product page takes from the product data: the catalogue's product completed, and its paths in other languages. */
export interface ProductPageData {
  /**
   * The catalogue's product with its style (smc, short name, colours), gender switch, category ids (size guide),
   * tags and display statuses, each size's status.
   */
  complete(product: Schemas['Product']): Schemas['Product'];
  /** The product's site path in a language (its own name in Japanese, Korean and Chinese; spec §2), for hreflang. */
  pathIn(language: string): string;
}

/** The product page's data of `pid`: one statement (the product, its names, its style's other colours), or none while kept. */
export async function productPage(kit: ProductKit, pidInput: string, market: Market): Promise<ProductPageData> {
  const pid = pidInput.toUpperCase();
  const found = await kit.source('ERR_PDT_API_1008', () => kit.pageRows(pid, market));
  if (!found) throw new AppError('ERR_PDT_API_1001', `No product ${pid} in this market.`);
  const { row, mates } = found;
  const byStyle = new Map([[row.style_code, mates]]);
  return {
    complete(product) {
      const d = productDisplay(row);
      const status = new Map(d.variants.map((v) => [v.size, v.displayStatus]));
      // A copy of the catalogue's product (which its cache may keep), completed: `Object.assign` onto a new
      // object rather than a spread followed by fields, which this V8 builds field by field at run time.
      return Object.assign({}, product, {
        smcId: row.smc_id,
        styleCode: row.style_code,
        shortName: row.short_name,
        genderAssociation: row.gender_association,
        categoryIds: categoriesOf(kit, row.category_id, market).ids,
        ...colours(row, byStyle, market),
        tags: d.tags,
        display: d.display,
        sizes: product.sizes.map((s) => Object.assign({}, s, { displayStatus: status.get(s.id) ?? 'out of stock' })),
      });
    },
    pathIn: pathsOf(row),
  };
}

/**
 * A product's path in each language, made once per language while its row is kept: the same function for the same
 * row, which the page's head keeps its hreflang alternates by (`PageKit.meta`).
 */
const pathsByRow = new WeakMap<ProductPageRows['row'], (language: string) => string>();
function pathsOf(row: ProductPageRows['row']): (language: string) => string {
  let pathIn = pathsByRow.get(row);
  if (!pathIn) {
    const paths = new Map<string, string>();
    pathIn = (language) => {
      let path = paths.get(language);
      if (path === undefined) {
        const name = row.names[language];
        path = productUrl(row.slug, row.pid, name === undefined ? undefined : { language, name });
        paths.set(language, path);
      }
      return path;
    };
    pathsByRow.set(row, pathIn);
  }
  return pathIn;
}
