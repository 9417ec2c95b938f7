// The product page's and the search hits' own data: categories, the style's other colours, display statuses.
import type { Schemas } from '../../shared/http.ts';
import { productUrl } from '../catalog/index.ts';
import type { Market } from '../markets/index.ts';
import { toMarketDto } from '../markets/index.ts';
import { productDisplay } from './display.ts';
import { findStyleMates, type ProductDataRow } from './repository.ts';
import type { ProductKit } from './product-kit.ts';

type Categories = { names: Schemas['Product']['categories']; ids: Schemas['CategoryIds'] };

/** Category names (in the market's language) and ids of a product's leaf category and its ancestors. */
function categoriesOf(kit: ProductKit, categoryId: string, market: Market): Categories {
  const nav = new Map(kit.catalog.navigation(market).map((c) => [c.id, c]));
  const chain: Schemas['CategoryNavItem'][] = [];
  for (let c = nav.get(categoryId); c; c = c.parentId ? nav.get(c.parentId) : undefined) chain.unshift(c);
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
      return {
        ...kit.tileOf(row, market),
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
      };
    });
    return { market: toMarketDto(market), products, missingPids };
  });
}

// --- product page ------------------------------------------------------------------------------

/**
 * What the product page needs beyond the catalogue's product: style (smc, short name, colours), gender
 * switch, category ids (size guide), tags and display statuses, each size's status.
 */
export async function productPage(
  kit: ProductKit,
  product: Schemas['Product'],
  market: Market,
): Promise<Schemas['Product']> {
  const row = await kit.one(product.id, market, 'ERR_PDT_API_1008');
  const byStyle = await kit.source('ERR_PDT_API_1008', () => styles(kit, [row], market));
  const d = productDisplay(row);
  const status = new Map(d.variants.map((v) => [v.size, v.displayStatus]));
  return {
    ...product,
    smcId: row.smc_id,
    styleCode: row.style_code,
    shortName: row.short_name,
    genderAssociation: row.gender_association,
    categoryIds: categoriesOf(kit, row.category_id, market).ids,
    ...colours(row, byStyle, market),
    tags: d.tags,
    display: d.display,
    sizes: product.sizes.map((s) => ({ ...s, displayStatus: status.get(s.id) ?? 'out of stock' })),
  };
}
