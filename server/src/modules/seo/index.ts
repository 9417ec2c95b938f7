export {
  SitemapService,
  SITEMAP_TYPES,
  URLS_PER_FILE,
  MAX_BYTES_PER_FILE,
  MAX_URLS_PER_FILE,
  contentTypeOf,
} from './service.ts';
export type { SitemapType } from './service.ts';
export { robotsTxt } from './routes.ts';
export { escapeXml } from './xml.ts';
export { seoModule } from './module.ts';
