import type { DB } from '../../db/database.ts';
import type { InvalidationBus } from '../../shared/invalidation-bus.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { CollectionService } from '../collections/index.ts';
import type { ContentService } from '../content/index.ts';
import type { MarketService } from '../markets/index.ts';
import { seoRoutes } from './routes.ts';
import { SitemapService } from './service.ts';

/** The sitemap index and sitemaps: builds the service, registers their routes and their cache. */
export function seoModule(deps: {
  ops: OperationRegistry;
  db: DB;
  brand: string;
  publicOrigin: string;
  markets: MarketService;
  catalog: CatalogService;
  content: ContentService;
  collections: CollectionService;
  cacheTtlMs: number;
  bus: Pick<InvalidationBus, 'register'>;
}): { sitemaps: SitemapService } {
  const sitemaps = new SitemapService(
    deps.db,
    deps.brand,
    deps.publicOrigin,
    deps.markets,
    deps.catalog,
    deps.content,
    deps.collections,
    deps.cacheTtlMs,
  );
  seoRoutes(deps.ops, sitemaps);
  deps.bus.register('sitemaps', () => sitemaps.bust());
  return { sitemaps };
}
