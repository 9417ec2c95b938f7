import type { OperationRegistry } from '../../shared/operations.ts';
import { seoRoutes } from './routes.ts';
import { SitemapService } from './service.ts';

/** The sitemap index and sitemaps: builds the service and registers their routes. */
export function seoModule(
  ops: OperationRegistry,
  ...args: ConstructorParameters<typeof SitemapService>
): { sitemaps: SitemapService } {
  const sitemaps = new SitemapService(...args);
  seoRoutes(ops, sitemaps);
  return { sitemaps };
}
