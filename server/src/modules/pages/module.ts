import type { InvalidationBus } from '../../shared/invalidation-bus.ts';
import type { ReadyAnswers } from '../../shared/ready-answers.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { CollectionService } from '../collections/index.ts';
import type { ContentService } from '../content/index.ts';
import type { MarketService } from '../markets/index.ts';
import type { ProductDataService } from '../products/index.ts';
import type { SearchService } from '../search/index.ts';
import { pageDataRoutes } from './routes.ts';
import { PageDataService } from './service.ts';

/**
 * The data of every server-rendered page, in one response per page: builds the service from its sources,
 * registers its routes and its cache (whose listeners, the rendered pages and boutique pages, go with it).
 */
export function pagesModule(deps: {
  ops: OperationRegistry;
  catalog: CatalogService;
  markets: MarketService;
  content: ContentService;
  collections: CollectionService;
  search: SearchService;
  productData: ProductDataService;
  publicOrigin: string;
  brand: string;
  cacheTtlMs: number;
  /** Where the cached page data it sends is kept to be answered before the Express stack (serve.ts): emptied on a bust. */
  readyAnswers?: ReadyAnswers;
  bus: Pick<InvalidationBus, 'register'>;
}): { pageData: PageDataService } {
  const { markets } = deps;
  const pageData = new PageDataService({
    catalog: deps.catalog,
    markets,
    origin: deps.publicOrigin,
    brand: deps.brand,
    cacheTtlMs: deps.cacheTtlMs,
    content: deps.content,
    collections: deps.collections,
    search: deps.search,
    productData: deps.productData,
  });
  deps.bus.register('page-data', (f) => pageData.bust(f));
  pageDataRoutes(deps.ops, pageData, markets);
  // A bust (a content publication, a catalogue change, POST /internal/cache/bust) ends the kept answers too.
  if (deps.readyAnswers) {
    const kept = deps.readyAnswers;
    pageData.onBust(() => kept.clear());
  }
  return { pageData };
}
