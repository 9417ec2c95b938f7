// A product as its page shows it, its path in every language, and the newest pieces a page features.
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import type { CatalogKit } from './catalog-kit.ts';
import { resolve } from './facets.ts';
import { deriveAvailability, priceOf, productUrl } from './product-display.ts';

export async function featuredProducts(
  kit: CatalogKit,
  market: Market,
  count: number,
): Promise<Schemas['ProductTile'][]> {
  if (!kit.categories.some((c) => c.level === 1)) return [];
  // The newest listed products of every category, picked by the listing index, their tiles from memory when kept
  // (`tilesOf`): a listing statement over the whole catalogue, on every home page's data, cost more PostgreSQL CPU
  // than the rest of the page.
  const ctx = { brand: kit.brand, currency: market.currency, language: market.language, sizeBits: kit.sizeBits };
  const { pids } = (await kit.currentIndex()).query(ctx, undefined, resolve(kit, {}), {
    sort: 'newest',
    limit: count,
    offset: 0,
  });
  const rows = await kit.tilesOf(ctx, pids);
  return rows.map((r) => kit.listedTile(r, market));
}

/** A product as its page shows it; unknown, employee-only or unpriced in this market → ERR_PDT_API_1001. */
export async function product(
  kit: CatalogKit,
  pidInput: string,
  market: Market,
): Promise<{ product: Schemas['Product']; breadcrumbs: Schemas['Breadcrumb'][]; slug: string }> {
  const pid = pidInput.toUpperCase();
  // From memory while nothing it shows may have changed (decision 0200), else one statement.
  const row = await kit.keptProduct(pid, market.language, market.currency);
  if (!row || row.is_employee_only || (market.currency && row.list_price === null)) {
    throw new AppError('ERR_PDT_API_1001', `No product ${pid} in this market.`);
  }
  const leaf = kit.byId.get(row.category_id);
  const chain = leaf ? kit.ancestry(leaf) : [];
  const totalStock = row.variants.reduce((s, v) => s + v.stock, 0);
  const sellable = row.is_sellable_online && row.is_ecom_assortment;
  const views = ['front', 'detail', 'back', 'worn'];
  const product: Schemas['Product'] = {
    id: row.pid,
    name: row.name,
    description: row.description,
    url: productUrl(row.slug, row.pid, { language: market.language, name: row.name }),
    images: Array.from({ length: row.image_count }, (_, i) =>
      kit.viewImage(row.pid, i + 1, `${row.name} — ${row.color_name}, ${views[i] ?? `view ${i + 1}`}`),
    ),
    color: {
      code: row.color_code,
      name: row.color_name,
      hex: row.color_hex,
      macroColor: row.macro_color,
      microColor: row.micro_color,
    },
    compositions: row.composition,
    categories: {
      macroCategory: chain[0] ? kit.nameOf(chain[0], market) : '',
      microCategory: chain[1] ? kit.nameOf(chain[1], market) : '',
      superMicroCategory: chain[2] ? kit.nameOf(chain[2], market) : '',
    },
    genderCode: row.gender_code as Schemas['Product']['genderCode'],
    isRd: row.is_rd,
    sizeGroup: row.size_group as Schemas['Product']['sizeGroup'],
    sizes: row.variants.map((v) => ({
      id: v.size,
      // `TU` (one size) is translated by the storefront.
      displayValue: v.size,
      inStock: sellable && v.stock > 0,
      lowStock: sellable && v.stock === 1,
    })),
    price: priceOf(market, row.list_price, row.sale_price),
    availability: deriveAvailability(row, totalStock),
    bornSeasonDesc: row.born_season,
  };
  const breadcrumbs = leaf ? kit.breadcrumbs(leaf, market) : [];
  return { product, breadcrumbs, slug: row.slug };
}
