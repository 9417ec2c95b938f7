import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../../shared/errors.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { SitemapService } from './service.ts';

/** Unexpected failures (database, limits) answer ERR_SMP_1001; catalogue errors pass through. */
function sitemapHandler<I extends { req: Request; res: Response }>(make: (input: I) => Promise<string>) {
  return async (input: I): Promise<void> => {
    const { req, res } = input;
    let xml: string;
    try {
      xml = await make(input);
    } catch (err) {
      if (err instanceof AppError) throw err;
      req.log?.error({ err }, 'sitemap generation failed (ERR_SMP_1001)');
      throw new AppError('ERR_SMP_1001');
    }
    res.set('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml);
  };
}

export function seoRoutes(ops: OperationRegistry, sitemaps: SitemapService): void {
  ops.handle('getSitemapIndex', { run: sitemapHandler(() => sitemaps.index()) });
  ops.handle('getSitemap', {
    run: sitemapHandler(({ path, query }) => sitemaps.sitemap(path.id, path.type, query.page ?? 1)),
  });
}

/** `robots.txt`: every page may be crawled except the API, page data, internal and development endpoints; points to the index. */
export function robotsTxt(publicOrigin: string): RequestHandler {
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /ssr/',
    'Disallow: /internal/',
    'Disallow: /dev/',
    'Disallow: /customer-service/',
    '',
    `Sitemap: ${publicOrigin}/sitemap_index.xml`,
    '',
  ].join('\n');
  return (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(body);
  };
}
