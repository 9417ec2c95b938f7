import { createHash } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import { AppError, type ErrorCode } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import { productUrl, type CatalogService } from '../catalog/index.ts';
import { toMarketDto, type Market, type MarketService } from '../markets/index.ts';
import { sizeGuideRegionOf } from '../../../../reference/markets/index.ts';
import { SIZE_SYSTEMS, sizeGuideFor } from '../../../../reference/catalog/size-guides.ts';
import { formatDate, formatPrice } from '../../../../reference/markets/format.ts';
import { emailTypoOf } from '../../../../reference/rules/email.ts';
import { productDisplay, sizeStatus } from './display.ts';
import {
  findCompanions,
  findInCategories,
  findProducts,
  findStyleMates,
  findTopRanked,
  hasBoutiqueIn,
  insertBackInStock,
  sessionData,
  type ProductDataRow,
  type Scope,
} from './repository.ts';
import { KIND_LABELS, shippingMethods, type Method } from './shipping.ts';

/** Spec §5 leaves the maximum open: 48, two full listing pages of 24 (docs/decisions/0067-maximum-pids.md). */
export const MAX_PIDS = 48;
const MAX_CAROUSEL = 24;
/** Carousels read this many times more candidates than they show, since sold-out ones are left out. */
const CANDIDATE_FACTOR = 4;

/** The documented token the test verifier accepts (outside production only). */
export { TEST_RECAPTCHA_TOKEN } from '../../shared/recaptcha.ts';

/** Spec §5 email rules past the contract's pattern: the typo blacklist and the further address check. */
export function emailProblem(email: string): string | undefined {
  const typo = emailTypoOf(email);
  if (typo) return `The address looks mistyped ("${typo}").`;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (
    !/^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/.test(local) ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    local.includes('..')
  ) {
    return 'The part before @ is not a valid mailbox name.';
  }
  const labels = domain.split('.');
  if (domain.length > 253 || labels.some((l) => !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)))
    return 'The domain is not valid.';
  if (!/^[a-z]{2,12}$/.test(labels.at(-1) ?? '')) return 'The top-level domain must have 2 to 12 letters.';
  return undefined;
}

/** `claire.martin@example.org` → `c***n@example.org`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, 1)}***${local.length > 1 ? local.slice(-1) : ''}${email.slice(at)}`;
}

const TITLES: Record<'manual' | Schemas['RecommendationModel'], Record<string, string>> = {
  manual: {
    en: 'Complete the look',
    fr: 'Compléter la silhouette',
    it: 'Completa il look',
    es: 'Completa el look',
    de: 'Den Look vervollständigen',
    pt: 'Complete o visual',
    ja: 'コーディネートを完成させる',
    ko: '룩 완성하기',
    zh: '完成造型',
  },
  'related-products': {
    en: 'You may also like',
    fr: 'Vous aimerez aussi',
    it: 'Potrebbe piacerti anche',
    es: 'También te puede gustar',
    de: 'Das könnte Ihnen auch gefallen',
    pt: 'Você também pode gostar',
    ja: 'おすすめアイテム',
    ko: '추천 상품',
    zh: '您可能还喜欢',
  },
  'frequently-bought-together': {
    en: 'Often bought together',
    fr: 'Souvent achetés ensemble',
    it: 'Spesso acquistati insieme',
    es: 'Comprados juntos a menudo',
    de: 'Häufig zusammen gekauft',
    pt: 'Frequentemente comprados juntos',
    ja: 'よく一緒に購入されているアイテム',
    ko: '함께 자주 구매한 상품',
    zh: '经常一起购买',
  },
  'looking-similar': {
    en: 'Similar items',
    fr: 'Articles similaires',
    it: 'Articoli simili',
    es: 'Artículos similares',
    de: 'Ähnliche Artikel',
    pt: 'Itens semelhantes',
    ja: '類似アイテム',
    ko: '비슷한 상품',
    zh: '相似商品',
  },
  'trending-items': {
    en: 'Trending now',
    fr: 'Tendances du moment',
    it: 'Di tendenza',
    es: 'Tendencias',
    de: 'Gerade angesagt',
    pt: 'Em alta',
    ja: 'トレンドアイテム',
    ko: '지금 인기 있는 상품',
    zh: '当下热门',
  },
};
const inLanguage = (texts: Record<string, string>, language: string) => texts[language] ?? texts.en ?? '';

type Categories = { names: Schemas['Product']['categories']; ids: Schemas['CategoryIds'] };

export class ProductDataService {
  constructor(
    private readonly db: DB,
    private readonly catalog: CatalogService,
    private readonly markets: MarketService,
    private readonly brand: string,
    private readonly options: { recaptcha: RecaptchaVerifier; clock?: () => Date },
  ) {}

  private scope(market: Market): Scope {
    return { brand: this.brand, language: market.language, currency: market.currency };
  }

  /**
   * Runs a read, turning a failure of the data source into the operation's own 502 code (the cause is
   * kept for the log); business errors pass through.
   */
  private async source<T>(code: ErrorCode, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw Object.assign(new AppError(code), { cause: err });
    }
  }

  /** `pids` as the contract allows it (format checked by the validator): count, case, repeats. */
  parsePids(raw: string): string[] {
    const ids = raw.split(',');
    if (ids.length > MAX_PIDS)
      throw new AppError('ERR_API_1007', `${ids.length} ids were sent; at most ${MAX_PIDS} are answered.`);
    return [...new Set(ids.map((p) => p.toUpperCase()))];
  }

  private async one(pid: string, market: Market, code: ErrorCode): Promise<ProductDataRow> {
    const id = pid.toUpperCase();
    const [row] = await this.source(code, () => findProducts(this.db, this.scope(market), [id]));
    if (!row) throw new AppError('ERR_PDT_API_1001', `No product ${id} in this market.`);
    return row;
  }

  /** Rows of `pids` in their order, and the ids the market does not sell. */
  private async many(
    pids: string[],
    market: Market,
    code: ErrorCode,
  ): Promise<{ rows: ProductDataRow[]; missingPids: string[] }> {
    const found = await this.source(code, () => findProducts(this.db, this.scope(market), pids));
    const byPid = new Map(found.map((r) => [r.pid, r]));
    return {
      rows: pids.flatMap((p) => byPid.get(p) ?? []),
      missingPids: pids.filter((p) => !byPid.has(p)),
    };
  }

  // --- availability ------------------------------------------------------------------------------

  private availabilityOf(row: ProductDataRow): Schemas['ProductAvailability'] {
    const d = productDisplay(row);
    return {
      pid: row.pid,
      availability: d.availability,
      stock: d.stock,
      tags: d.tags,
      display: d.display,
      variants: d.variants,
    };
  }

  async availability(pid: string, market: Market): Promise<Schemas['ProductAvailability']> {
    return this.availabilityOf(await this.one(pid, market, 'ERR_PDT_API_1009'));
  }

  async availabilities(rawPids: string, market: Market): Promise<Schemas['ProductAvailabilityList']> {
    const { rows, missingPids } = await this.many(this.parsePids(rawPids), market, 'ERR_PDT_API_1009');
    return { market: toMarketDto(market), products: rows.map((r) => this.availabilityOf(r)), missingPids };
  }

  // --- prices ------------------------------------------------------------------------------------

  private priceOf(row: ProductDataRow, market: Market): Schemas['Price'] | null {
    if (!market.currency || row.list_price === null) return null;
    return { listPriceValue: row.list_price, salePriceValue: row.sale_price, currencyCode: market.currency };
  }

  private pricesOf(row: ProductDataRow, market: Market): Schemas['ProductPrices'] {
    const price = this.priceOf(row, market);
    const sale = price?.salePriceValue ?? null;
    const discount =
      price && sale !== null && sale < price.listPriceValue
        ? Math.round((1 - sale / price.listPriceValue) * 100)
        : null;
    return {
      pid: row.pid,
      price,
      discountPercent: discount === null ? null : Math.min(99, Math.max(1, discount)),
      formatted: price
        ? {
            list: formatPrice(price.listPriceValue, price.currencyCode, market.locale),
            sale: sale === null ? null : formatPrice(sale, price.currencyCode, market.locale),
          }
        : null,
      // Every size has the product's price in this catalogue.
      variants: price ? row.variants.map((v) => ({ sku: v.sku, size: v.size, price })) : [],
    };
  }

  async prices(pid: string, market: Market): Promise<Schemas['ProductPrices']> {
    return this.pricesOf(await this.one(pid, market, 'ERR_PDT_API_1004'), market);
  }

  async pricesList(rawPids: string, market: Market): Promise<Schemas['ProductPricesList']> {
    const { rows, missingPids } = await this.many(this.parsePids(rawPids), market, 'ERR_PDT_API_1010');
    return { market: toMarketDto(market), products: rows.map((r) => this.pricesOf(r, market)), missingPids };
  }

  // --- tiles -------------------------------------------------------------------------------------

  private tileOf(row: ProductDataRow, market: Market): Schemas['ProductTile'] {
    // The catalogue's tile, fed with the stock summed over this row's sizes.
    return this.catalog.tile({ ...row, total_stock: row.variants.reduce((s, v) => s + v.stock, 0) }, market);
  }

  /** Category names (in the market's language) and ids of a product's leaf category and its ancestors. */
  private categoriesOf(categoryId: string, market: Market): Categories {
    const nav = new Map(this.catalog.navigation(market).map((c) => [c.id, c]));
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
  private async styles(rows: ProductDataRow[], market: Market): Promise<Map<string, ProductDataRow[]>> {
    const mates = await findStyleMates(
      this.db,
      this.scope(market),
      rows.map((r) => r.style_code),
    );
    const byStyle = new Map<string, ProductDataRow[]>();
    for (const m of mates) byStyle.set(m.style_code, [...(byStyle.get(m.style_code) ?? []), m]);
    return byStyle;
  }

  private colours(row: ProductDataRow, byStyle: Map<string, ProductDataRow[]>, market: Market) {
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

  async hitTiles(rawPids: string, market: Market): Promise<Schemas['HitTileList']> {
    return this.source('ERR_PDT_API_1011', async () => {
      const { rows, missingPids } = await this.many(this.parsePids(rawPids), market, 'ERR_PDT_API_1011');
      const byStyle = await this.styles(rows, market);
      const products: Schemas['HitTile'][] = rows.map((row) => {
        const categories = this.categoriesOf(row.category_id, market);
        return {
          ...this.tileOf(row, market),
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
          ...this.colours(row, byStyle, market),
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
  async productPage(product: Schemas['Product'], market: Market): Promise<Schemas['Product']> {
    const row = await this.one(product.id, market, 'ERR_PDT_API_1008');
    const byStyle = await this.source('ERR_PDT_API_1008', () => this.styles([row], market));
    const d = productDisplay(row);
    const status = new Map(d.variants.map((v) => [v.size, v.displayStatus]));
    return {
      ...product,
      smcId: row.smc_id,
      styleCode: row.style_code,
      shortName: row.short_name,
      genderAssociation: row.gender_association,
      categoryIds: this.categoriesOf(row.category_id, market).ids,
      ...this.colours(row, byStyle, market),
      tags: d.tags,
      display: d.display,
      sizes: product.sizes.map((s) => ({ ...s, displayStatus: status.get(s.id) ?? 'out of stock' })),
    };
  }

  // --- shipping ----------------------------------------------------------------------------------

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  private async methodsOf(market: Market): Promise<Method[]> {
    const boutique = await this.source('ERR_PDT_API_1012', () => hasBoutiqueIn(this.db, this.brand, market.country));
    const methods = shippingMethods(this.now(), market, boutique);
    if (!methods) throw new AppError('ERR_PDT_API_1005', `No delivery calendar for ${market.country}.`);
    return methods;
  }

  private eta(m: Method, market: Market): Schemas['ShippingInfoEta'] {
    return {
      from: m.from,
      to: m.to,
      label: `${formatDate(m.from, market.country)} – ${formatDate(m.to, market.country)}`,
    };
  }

  /** Backend-only: the shipping methods of a product in a market. */
  async shippingMethods(pid: string, market: Market): Promise<Schemas['ShippingInfoMethodList']> {
    const row = await this.one(pid, market, 'ERR_PDT_API_1012');
    let methods: Method[];
    try {
      methods = await this.methodsOf(market);
    } catch (err) {
      // The backend call has its own failure code; the ATP message is the shopper-facing one.
      if (err instanceof AppError && err.code === 'ERR_PDT_API_1005')
        throw new AppError('ERR_PDT_API_1012', err.detail);
      throw err;
    }
    return {
      pid: row.pid,
      market: toMarketDto(market),
      currencyCode: market.currency,
      methods: methods.map((m) => ({
        id: m.id,
        kind: m.kind,
        deliveryMethod: m.deliveryMethod,
        name: inLanguage(KIND_LABELS[m.kind], market.language),
        cost: m.cost,
        eta: this.eta(m, market),
      })),
    };
  }

  /**
   * Delivery options of a size (by default the first size in stock). Options are unavailable, without an
   * estimate, for a size that cannot be bought online now; a pre-order ships later, so it has no estimate.
   */
  async shippingInfo(pid: string, market: Market, size?: string): Promise<Schemas['ShippingInfo']> {
    const row = await this.one(pid, market, 'ERR_PDT_API_1018');
    const variant =
      size === undefined
        ? (row.variants.find((v) => sizeStatus(row, v.stock) === 'available') ?? null)
        : row.variants.find((v) => v.size === size.toUpperCase() || v.size === size);
    if (variant === undefined) throw new AppError('ERR_PDT_API_1007', `${row.pid} has no size ${size ?? ''}.`);
    const methods = await this.methodsOf(market);
    const status = variant ? sizeStatus(row, variant.stock) : productDisplay(row).display[1]?.status;
    return {
      pid: row.pid,
      size: variant?.size ?? null,
      market: toMarketDto(market),
      currencyCode: market.currency,
      options: methods.map((m) => ({
        kind: m.kind,
        label: inLanguage(KIND_LABELS[m.kind], market.language),
        available: status === 'available' || status === 'pre-order',
        cost: m.cost,
        eta: status === 'available' ? this.eta(m, market) : null,
      })),
    };
  }

  // --- back in stock -----------------------------------------------------------------------------

  async subscribeBackInStock(
    pid: string,
    market: Market,
    body: Schemas['BackInStockRequest'],
  ): Promise<Schemas['BackInStockSubscription']> {
    await this.options.recaptcha.verify(body.recaptchaToken);
    const email = body.email.trim().toLowerCase();
    const problem = emailProblem(email);
    if (problem) throw new AppError('ERR_PDT_API_1002', problem);
    const row = await this.one(pid, market, 'ERR_PDT_API_1003');
    const variant = row.variants.find((v) => v.size === body.size || v.size === body.size.toUpperCase());
    if (!variant) throw new AppError('ERR_PDT_API_1007', `${row.pid} has no size ${body.size}.`);
    const status = sizeStatus(row, variant.stock);
    if (status === 'available')
      throw new AppError('ERR_PDT_API_1014', `Size ${variant.size} of ${row.pid} is in stock.`);
    if (status !== 'notify me')
      throw new AppError('ERR_PDT_API_1002', `Back-in-stock alerts are not offered for ${row.pid} (${status}).`);
    // The alert's email is written in the body's language and market, falling back like any locale.
    const locale = this.markets.resolve(body.locale).locale;
    const created = await this.source('ERR_PDT_API_1003', () =>
      insertBackInStock(this.db, { sku: variant.sku, pid: row.pid, email, locale }),
    );
    if (!created) throw new AppError('ERR_PDT_API_1013', `An alert exists for ${variant.sku} and this address.`);
    return {
      pid: row.pid,
      size: variant.size,
      email: maskEmail(email),
      locale,
      status: 'subscribed',
      createdAt: new Date(created.created_at).toISOString(),
    };
  }

  // --- recommendations and recently viewed -------------------------------------------------------

  /**
   * A usid sent by the browser must be its own session's, opened for the same business region as the
   * request's market; otherwise the personalisation would use another shopper's or market's data.
   */
  async checkShopper(
    usid: string | undefined,
    sessionId: string | undefined,
    market: Market,
    code: 'ERR_RCM_API_1000' | 'ERR_REC_API_1000',
    failure: ErrorCode,
  ): Promise<void> {
    if (usid === undefined) return;
    if (!sessionId) throw new AppError(code, 'The usid needs the session cookie it belongs to.');
    const data = await this.source(failure, () => sessionData(this.db, sessionId));
    if (!data || data.usid !== usid) throw new AppError(code, 'The usid is not this session’s.');
    const region = (data.contextTags ?? []).find((t) => t.startsWith('region-'));
    if (!region) throw new AppError(code, 'The session has no region; open it for this locale first.');
    if (region !== `region-${market.businessRegion.toLowerCase()}`)
      throw new AppError(code, `The session belongs to the ${region.slice(7).toUpperCase()} region.`);
  }

  private carousel(
    rows: ProductDataRow[],
    market: Market,
    exclude: string | null,
    max: number,
  ): Schemas['ProductTile'][] {
    const seen = new Set<string>(exclude ? [exclude] : []);
    const out: Schemas['ProductTile'][] = [];
    for (const row of rows) {
      if (out.length >= max) break;
      if (seen.has(row.pid) || !productDisplay(row).recommendable) continue;
      seen.add(row.pid);
      out.push(this.tileOf(row, market));
    }
    return out;
  }

  private leafSiblings(row: ProductDataRow, market: Market): { leaf: string[]; micro: string[]; macro: string[] } {
    const nav = this.catalog.navigation(market);
    const byId = new Map(nav.map((c) => [c.id, c]));
    const leaf = byId.get(row.category_id);
    const micro = leaf?.parentId ? byId.get(leaf.parentId) : undefined;
    const macro = micro?.parentId ? byId.get(micro.parentId) : undefined;
    const under = (id: string | undefined) => (id ? nav.filter((c) => c.parentId === id).map((c) => c.id) : []);
    const microIds = under(micro?.id);
    return {
      leaf: [row.category_id],
      micro: microIds,
      macro: under(macro?.id).flatMap((m) => (m === micro?.id ? [] : under(m))),
    };
  }

  async manualRecommendations(pid: string, market: Market): Promise<Schemas['RecommendationList']> {
    const row = await this.one(pid, market, 'ERR_RCM_API_1001');
    const rows = await this.source('ERR_RCM_API_1001', async () => {
      const ids = await findCompanions(this.db, this.brand, row.pid, MAX_CAROUSEL * CANDIDATE_FACTOR);
      const found = await findProducts(this.db, this.scope(market), ids);
      const byPid = new Map(found.map((r) => [r.pid, r]));
      return ids.flatMap((id) => byPid.get(id) ?? []);
    });
    return {
      market: toMarketDto(market),
      source: 'manual',
      model: null,
      title: inLanguage(TITLES.manual, market.language),
      pid: row.pid,
      queryID: null,
      products: this.carousel(rows, market, row.pid, 12),
    };
  }

  async algoliaRecommendations(
    model: Schemas['RecommendationModel'],
    pid: string | undefined,
    market: Market,
    max: number,
    usid: string | undefined,
  ): Promise<Schemas['RecommendationList']> {
    if (model !== 'trending-items' && pid === undefined)
      throw new AppError('ERR_RCM_API_1002', `The ${model} model needs a pid.`);
    const row = pid === undefined ? undefined : await this.one(pid, market, 'ERR_RCM_API_1001');
    const limit = max * CANDIDATE_FACTOR;
    const scope = this.scope(market);
    const rows = await this.source('ERR_RCM_API_1001', async (): Promise<ProductDataRow[]> => {
      if (!row) return findTopRanked(this.db, scope, limit);
      const near = this.leafSiblings(row, market);
      const base = { excludePid: row.pid, limit, ...(row.style_code ? { excludeStyle: row.style_code } : {}) };
      switch (model) {
        case 'looking-similar':
          // Same leaf and macro colour first, then the leaf, then the macro colour in the micro category.
          return [
            ...(await findInCategories(this.db, scope, {
              ...base,
              categoryIds: near.leaf,
              macroColor: row.macro_color,
            })),
            ...(await findInCategories(this.db, scope, { ...base, categoryIds: near.leaf })),
            ...(await findInCategories(this.db, scope, {
              ...base,
              categoryIds: near.micro,
              macroColor: row.macro_color,
            })),
          ];
        case 'frequently-bought-together': {
          // Styled together by the merchandisers first, then other families of the same line.
          const ids = await findCompanions(this.db, this.brand, row.pid, limit);
          const styled = await findProducts(this.db, scope, ids);
          const order = new Map(ids.map((id, i) => [id, i]));
          styled.sort((a, b) => (order.get(a.pid) ?? 0) - (order.get(b.pid) ?? 0));
          return [...styled, ...(await findInCategories(this.db, scope, { ...base, categoryIds: near.macro }))];
        }
        default:
          // related-products: the same leaf category, then the rest of the micro category.
          return [
            ...(await findInCategories(this.db, scope, { ...base, categoryIds: near.leaf })),
            ...(await findInCategories(this.db, scope, { ...base, categoryIds: near.micro })),
          ];
      }
    });
    const queryID = createHash('sha256')
      .update(`${model}|${row?.pid ?? ''}|${market.locale}|${usid ?? ''}`)
      .digest('hex')
      .slice(0, 32);
    return {
      market: toMarketDto(market),
      source: 'algolia',
      model,
      title: inLanguage(TITLES[model], market.language),
      pid: row?.pid ?? null,
      queryID,
      products: this.carousel(rows, market, row?.pid ?? null, max),
    };
  }

  async recentlyViewed(rawPids: string, market: Market): Promise<Schemas['RecentlyViewedList']> {
    const { rows, missingPids } = await this.many(this.parsePids(rawPids), market, 'ERR_PDT_API_1017');
    return { market: toMarketDto(market), products: rows.map((r) => this.tileOf(r, market)), missingPids };
  }

  // --- size guide --------------------------------------------------------------------------------

  sizeGuide(
    categories: { macro: string; micro: string; 'super-micro'?: string | undefined },
    market: Market,
  ): Schemas['SizeGuide'] {
    const found = sizeGuideFor(this.brand, {
      macro: categories.macro,
      micro: categories.micro,
      superMicro: categories['super-micro'],
    });
    if (!found)
      throw new AppError(
        'ERR_CTT_API_1007',
        `No size guide for ${[categories.macro, categories.micro, categories['super-micro']].filter(Boolean).join(' > ')}.`,
      );
    const region = sizeGuideRegionOf(market.country);
    return {
      group: found.guide.group,
      region,
      regions: [region, ...SIZE_SYSTEMS.filter((s) => s !== region)],
      title: found.guide.title[market.language],
      introduction: found.guide.introduction[market.language],
      rows: found.rows.map((r) => ({
        size: r.size,
        conversions: { ...r.conversions },
        measurements: { ...r.measurements },
      })),
    };
  }
}
