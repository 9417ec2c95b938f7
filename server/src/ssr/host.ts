import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Express, Request, Response, NextFunction } from 'express';
import express from 'express';
import type { Logger } from 'pino';
import type { Config } from '../shared/config.ts';
import { AppError } from '../shared/errors.ts';
import type { MarketService } from '../modules/markets/index.ts';
import { DEFAULT_LOCALE } from '../modules/markets/index.ts';
import type { PageDataService } from '../modules/pages/index.ts';
import { renderDocument } from './document.ts';
import { TtlCache } from '../shared/ttl-cache.ts';

type Rendered = { status: number; html: string; language: string } | { redirect: string };

/** What the web app's server entry (web/src/entry-server.tsx) exports. */
export interface WebServerEntry {
  matchPage(pathname: string): PageMatch;
  render(input: { url: string; data: PageDataLike; brandName: string }): { appHtml: string; bootstrap: unknown };
}
export type PageMatch =
  | { kind: 'home'; locale: string | null }
  | { kind: 'category'; locale: string | null; slug: string }
  | { kind: 'product'; locale: string | null; pid: string; name: string }
  | { kind: 'not-found'; locale: string | null };
export interface PageDataLike {
  pageType: string;
  market: { locale: string; language: string };
  meta: { title: string; description: string; canonical: string; robots: string; alternates: { hreflang: string; href: string }[]; jsonLd?: Record<string, unknown> };
}

export const WEB_ROOT = join(import.meta.dirname, '../../../web');

/**
 * Serves the storefront pages: matches the URL, loads the page's data in-process (the same service
 * as `GET /ssr/...`), renders React to HTML and inlines the data the client hydrates from.
 * Production uses the Vite build in web/dist; development (VITE_DEV=true) uses Vite's dev server with HMR.
 */
export async function mountSsr(app: Express, deps: { config: Config; pages: PageDataService; markets: MarketService; logger: Logger }) {
  const { config, pages, markets } = deps;
  let loadEntry: () => Promise<WebServerEntry>;
  let template: (url: string) => Promise<string>;

  if (config.viteDev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: WEB_ROOT,
      configFile: join(WEB_ROOT, 'vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
    app.use(vite.middlewares);
    loadEntry = () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<WebServerEntry>;
    template = (url) => vite.transformIndexHtml(url, readFileSync(join(WEB_ROOT, 'index.html'), 'utf8'));
  } else {
    const clientDir = join(WEB_ROOT, 'dist/client');
    if (!existsSync(join(clientDir, 'index.html')) || !existsSync(join(WEB_ROOT, 'dist/server/entry-server.js'))) {
      throw new Error('The web build is missing: run `npm run build` (npm start builds before starting), or set VITE_DEV=true.');
    }
    const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
    const entry = (await import(pathToFileURL(join(WEB_ROOT, 'dist/server/entry-server.js')).href)) as WebServerEntry;
    loadEntry = async () => entry;
    template = async () => html;
    // Hashed assets never change: cache them for a year.
    app.use('/assets', express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  }

  // Pages hold no per-visitor data (the bag loads after hydration), so a rendered page can be served
  // again for the same URL while it is fresh. Never in development, where the code changes.
  const rendered = new TtlCache<Rendered>(config.viteDev ? 0 : config.cacheTtlMs, 500);

  app.get('/{*path}', async (req: Request, res: Response, next: NextFunction) => {
    if (!req.accepts('html')) return next();
    try {
      const page = await rendered.get(req.originalUrl, () => renderPage(req));
      if ('redirect' in page) return res.redirect(301, page.redirect);
      res
        .status(page.status)
        .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', 'Content-Language': page.language })
        .send(page.html);
    } catch (err) {
      next(err);
    }
  });

  async function renderPage(req: Request): Promise<Rendered> {
    const entry = await loadEntry();
    const match = entry.matchPage(req.path);
    const locale = match.locale ?? DEFAULT_LOCALE;
    const knownLocale = match.locale === null || markets.isActiveLocale(match.locale);
    const market = markets.resolve(knownLocale ? locale : DEFAULT_LOCALE);
    let status = 200;
    let data: PageDataLike;
    try {
      if (!knownLocale) throw new AppError('ERR_API_1002', `Unknown locale prefix ${match.locale}.`);
      data = await loadPageData(match, req, market);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      status = 404;
      data = pages.notFound(market);
    }
    if (match.kind === 'not-found') status = 404;
    if (match.kind === 'product' && 'product' in data) {
      // One URL per product: a wrong or outdated name in the URL redirects to the canonical one.
      const canonicalPath = pages.localizedPath(market.locale, (data as { product: { url: string } }).product.url);
      if (canonicalPath !== req.path) return { redirect: canonicalPath };
    }
    const { appHtml, bootstrap } = entry.render({ url: req.originalUrl, data, brandName: pages.brandName });
    const html = renderDocument(await template(req.originalUrl), { data, appHtml, bootstrap });
    return { status, html, language: market.locale };
  }

  async function loadPageData(match: PageMatch, req: Request, market: ReturnType<MarketService['resolve']>): Promise<PageDataLike> {
    switch (match.kind) {
      case 'home':
        return pages.home(market);
      case 'category': {
        const page = Number(req.query.page);
        return pages.category(market, match.slug, req.query.sort, Number.isInteger(page) && page >= 1 && page <= 10000 ? page : undefined);
      }
      case 'product':
        return pages.product(market, match.pid);
      default:
        return pages.notFound(market);
    }
  }
}
