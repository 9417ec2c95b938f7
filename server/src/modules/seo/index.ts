export { contentTypeOf } from './service.ts';
export { robotsTxt } from './routes.ts';
export { escapeXml } from './xml.ts';
export { seoModule } from './module.ts';
