// Recommendations and recently viewed: the merchandisers' companions, the models' carousels (similar, bought
// together, related, trending) and the shopper's recently viewed products, with the shopper's usid checked.
import { createHash } from 'node:crypto';
import { AppError, type ErrorCode } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import { productDisplay } from './display.ts';
import {
  findCompanions,
  findInCategories,
  findProducts,
  findTopRanked,
  sessionData,
  type ProductDataRow,
} from './repository.ts';
import { inLanguage, type ProductKit } from './product-kit.ts';

const MAX_CAROUSEL = 24;
/** Carousels read this many times more candidates than they show, since sold-out ones are left out. */
const CANDIDATE_FACTOR = 4;

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

/**
 * A usid sent by the browser must be its own session's, opened for the same business region as the
 * request's market; otherwise the personalisation would use another shopper's or market's data.
 */
export async function checkShopper(
  kit: ProductKit,
  usid: string | undefined,
  sessionId: string | undefined,
  market: Market,
  code: 'ERR_RCM_API_1000' | 'ERR_REC_API_1000',
  failure: ErrorCode,
): Promise<void> {
  if (usid === undefined) return;
  if (!sessionId) throw new AppError(code, 'The usid needs the session cookie it belongs to.');
  const data = await kit.source(failure, () => sessionData(kit.db, sessionId));
  if (!data || data.usid !== usid) throw new AppError(code, 'The usid is not this session’s.');
  const region = (data.contextTags ?? []).find((t) => t.startsWith('region-'));
  if (!region) throw new AppError(code, 'The session has no region; open it for this locale first.');
  if (region !== `region-${market.businessRegion.toLowerCase()}`)
    throw new AppError(code, `The session belongs to the ${region.slice(7).toUpperCase()} region.`);
}

function carousel(
  kit: ProductKit,
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
    out.push(kit.tileOf(row, market));
  }
  return out;
}

function leafSiblings(
  kit: ProductKit,
  row: ProductDataRow,
  market: Market,
): { leaf: string[]; micro: string[]; macro: string[] } {
  const nav = kit.catalog.navigation(market);
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

export async function manualRecommendations(
  kit: ProductKit,
  pid: string,
  market: Market,
): Promise<Schemas['RecommendationList']> {
  const row = await kit.one(pid, market, 'ERR_RCM_API_1001');
  const rows = await kit.source('ERR_RCM_API_1001', async () => {
    const ids = await findCompanions(kit.db, kit.brand, row.pid, MAX_CAROUSEL * CANDIDATE_FACTOR);
    const found = await findProducts(kit.db, kit.scope(market), ids);
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
    products: carousel(kit, rows, market, row.pid, 12),
  };
}

export async function algoliaRecommendations(
  kit: ProductKit,
  model: Schemas['RecommendationModel'],
  pid: string | undefined,
  market: Market,
  max: number,
  usid: string | undefined,
): Promise<Schemas['RecommendationList']> {
  if (model !== 'trending-items' && pid === undefined)
    throw new AppError('ERR_RCM_API_1002', `The ${model} model needs a pid.`);
  const row = pid === undefined ? undefined : await kit.one(pid, market, 'ERR_RCM_API_1001');
  const limit = max * CANDIDATE_FACTOR;
  const scope = kit.scope(market);
  const rows = await kit.source('ERR_RCM_API_1001', async (): Promise<ProductDataRow[]> => {
    if (!row) return findTopRanked(kit.db, scope, limit);
    const near = leafSiblings(kit, row, market);
    const base = { excludePid: row.pid, limit, ...(row.style_code ? { excludeStyle: row.style_code } : {}) };
    switch (model) {
      case 'looking-similar':
        // Same leaf and macro colour first, then the leaf, then the macro colour in the micro category.
        return [
          ...(await findInCategories(kit.db, scope, {
            ...base,
            categoryIds: near.leaf,
            macroColor: row.macro_color,
          })),
          ...(await findInCategories(kit.db, scope, { ...base, categoryIds: near.leaf })),
          ...(await findInCategories(kit.db, scope, {
            ...base,
            categoryIds: near.micro,
            macroColor: row.macro_color,
          })),
        ];
      case 'frequently-bought-together': {
        // Styled together by the merchandisers first, then other families of the same line.
        const ids = await findCompanions(kit.db, kit.brand, row.pid, limit);
        const styled = await findProducts(kit.db, scope, ids);
        const order = new Map(ids.map((id, i) => [id, i]));
        styled.sort((a, b) => (order.get(a.pid) ?? 0) - (order.get(b.pid) ?? 0));
        return [...styled, ...(await findInCategories(kit.db, scope, { ...base, categoryIds: near.macro }))];
      }
      default:
        // related-products: the same leaf category, then the rest of the micro category.
        return [
          ...(await findInCategories(kit.db, scope, { ...base, categoryIds: near.leaf })),
          ...(await findInCategories(kit.db, scope, { ...base, categoryIds: near.micro })),
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
    products: carousel(kit, rows, market, row?.pid ?? null, max),
  };
}

export async function recentlyViewed(
  kit: ProductKit,
  rawPids: string,
  market: Market,
): Promise<Schemas['RecentlyViewedList']> {
  const { rows, missingPids } = await kit.many(kit.parsePids(rawPids), market, 'ERR_PDT_API_1017');
  return { market: toMarketDto(market), products: rows.map((r) => kit.tileOf(r, market)), missingPids };
}
