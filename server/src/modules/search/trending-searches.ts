// The drawer before anything is typed: the trending queries (reference data upserted at start) and the newest
// pieces in stock.
import type { Schemas } from '../../shared/http.ts';
import { trendingSearches } from '../../../../reference/catalog/trending.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import { hitRows, newestInStock, trendingQueries, upsertTrending } from './repository.ts';
import type { SearchKit } from './search-kit.ts';
import { searchUrl } from './search-results.ts';

const MAX_TRENDING_QUERIES = 10;
const MAX_TRENDING_PRODUCTS = 8;

/** Trending queries are merchandised reference data: upserted at start, like the store list. */
export async function upsertTrendingSearches(kit: SearchKit): Promise<void> {
  await upsertTrending(kit.db, kit.brand, trendingSearches(kit.brand));
}

/** What the drawer shows before anything is typed: the market language's trending queries and the newest pieces in stock. */
export async function trending(kit: SearchKit, market: Market): Promise<Schemas['TrendingSearches']> {
  const scope = kit.scope(market);
  const [queries, pids] = await Promise.all([
    trendingQueries(kit.db, kit.brand, market.language, MAX_TRENDING_QUERIES),
    newestInStock(kit.db, scope, MAX_TRENDING_PRODUCTS),
  ]);
  const rows = await hitRows(kit.db, scope, pids);
  const byPid = new Map(rows.map((r) => [r.pid, r]));
  return {
    market: toMarketDto(market),
    queries: queries.map((query) => ({ query, url: searchUrl(query), category: null })),
    products: pids.flatMap((pid) => {
      const row = byPid.get(pid);
      return row ? [kit.catalog.tile(row, market)] : [];
    }),
  };
}
