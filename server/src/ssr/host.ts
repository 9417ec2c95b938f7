import type { Express, Request, Response, NextFunction } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../shared/config.ts';
import { AppError } from '../shared/errors.ts';
import { isStorableText } from '../shared/request-text.ts';
import type { MarketService } from '../modules/markets/index.ts';
import { DEFAULT_LOCALE } from '../modules/markets/index.ts';
import type { PageDataService } from '../modules/pages/index.ts';
import type { OperationRegistry } from '../shared/operations.ts';
import { documentBytes, htmlLang } from './document.ts';
import { TtlCache } from '../shared/ttl-cache.ts';
import { pageDataRequest, type PageMatch } from '../../../web/src/lib/paths.ts';
import { isPersonalKind } from '../../../web/src/lib/route-table.ts';
import { fontPreloadLinks, pageModules, preloadLinks } from './preload.ts';
import { mountWebBuild } from './web-build.ts';
import { isOddPagePath, sameSiteLocation } from './page-paths.ts';

export { WEB_ROOT } from './web-build.ts';
export { isOddPagePath, sameSiteLocation } from './page-paths.ts';
import { PreparedBody, sendPrepared } from '../shared/prepared-body.ts';
import type { ReadyAnswers } from '../shared/ready-answers.ts';

type Rendered = { status: number; html: Buffer; language: string } | { redirect: string; status?: 301 | 302 };
/** A rendered page as the page cache keeps it: its bytes, ETag and compressed forms made once. */
type CachedPage = { status: number; body: PreparedBody; language: string } | { redirect: string; status?: 301 | 302 };

/** What the web app's server entry (web/src/entry-server.tsx) exports. */
export interface WebServerEntry {
  matchPage(pathname: string): PageMatch;
  render(input: {
    url: string;
    data: PageDataLike;
    brandName: string;
    house?: string;
  }): Promise<{ appHtml: string; bootstrap: unknown; modules: string[]; head?: string[] }>;
}
export interface PageDataLike {
  pageType: string;
  market: { locale: string; language: string };
  meta: {
    title: string;
    description: string;
    canonical: string;
    robots: string;
    alternates: { hreflang: string; href: string }[];
    jsonLd?: Record<string, unknown>;
  };
  theme?: 'light' | 'dark';
  layoutVariant?: 'default' | 'rive-droite';
}

/** Codes of a page-data call made without a signed-in customer: the page sends the visitor to sign in. */
const SIGN_IN_NEEDED = new Set(['ERR_API_1020', 'ERR_MWR_1000', 'ERR_HLP_1000']);

/**
 * Serves the storefront pages: matches the URL, loads the page's data in-process (the handler of its
 * `GET /ssr/...` operation, with the request the client would send), renders React to HTML and inlines the data
 * the client hydrates from.
 * Production uses the Vite build in web/dist; development (VITE_DEV=true) uses Vite's dev server with HMR.
 */

export async function mountSsr(
  app: Express,
  deps: {
    config: Config;
    pages: PageDataService;
    markets: MarketService;
    logger: Logger;
    /** The page-data operations' handlers (`GET /ssr/...`), which the host calls in-process for a page's data. */
    ops: Pick<OperationRegistry, 'answerOf'>;
    /** Where the cached public pages it sends are kept to be answered before the Express stack (serve.ts). */
    readyAnswers?: ReadyAnswers;
  },
) {
  const { config, pages, markets } = deps;
  // An odd path (an empty segment, a backslash, a malformed percent-encoding, text no page can hold) is no
  // page: it answers the not-found page before the static files and Vite, which choke on some of them.
  app.use((req, res, next) =>
    (req.method === 'GET' || req.method === 'HEAD') && isOddPagePath(req.path)
      ? void servePage(req, res, next)
      : next(),
  );
  const { loadEntry, template, manifest } = await mountWebBuild(app, config);

  // Public pages hold no per-visitor data (the header's bag count loads after hydration), so a rendered page can
  // be served again for the same URL while it is fresh; personal pages (the bag's and the checkout's, with the
  // visitor's bag in them) are rendered for each request. Never in development, where the code changes.
  const rendered = new TtlCache<CachedPage>(config.viteDev ? 0 : config.cacheTtlMs, 500, 'rendered-pages');
  // A content or catalogue publication (POST /internal/cache/bust of page data) shows at once.
  pages.onBust(() => rendered.clear());

  // A regular expression, not `/{*path}`: Express decodes named parameters and answers a malformed
  // percent-encoding (`/ja-jp/cp/%E3%83`) with an error; matchPage decodes safely and finds no page.
  app.get(/^\//, servePage);

  async function servePage(req: Request, res: Response, next: NextFunction) {
    if (!req.accepts('html')) return next();
    try {
      const entry = await loadEntry();
      const personal = !isOddPagePath(req.path) && isPersonalKind(entry.matchPage(req.path).kind);
      if (personal) {
        const page = await renderPage(req, res);
        if ('redirect' in page) return res.redirect(page.status ?? 301, sameSiteLocation(page.redirect));
        res
          .status(page.status)
          .set({
            'Content-Type': 'text/html; charset=utf-8',
            'Cache-Control': 'private, no-store',
            'Content-Language': page.language,
          })
          .send(page.html);
        return;
      }
      // Public pages are served from their prepared bytes (ETag and compressed forms made once per cache entry).
      const page = await rendered.get(req.originalUrl, async () => {
        const r = await renderPage(req, res);
        return 'redirect' in r ? r : { status: r.status, body: PreparedBody.html(r.html), language: r.language };
      });
      if ('redirect' in page) return res.redirect(page.status ?? 301, sameSiteLocation(page.redirect));
      res.set({ 'Cache-Control': 'no-cache', 'Content-Language': page.language });
      await sendPrepared(req, res, page.body, page.status);
      deps.readyAnswers?.keep(req, res, page.body, rendered.holdOn(page), true);
    } catch (err) {
      next(err);
    }
  }

  async function renderPage(req: Request, res: Response): Promise<Rendered> {
    if (isOddPagePath(req.path)) return notFoundPage(req.path);
    const entry = await loadEntry();
    const match = entry.matchPage(req.path);
    // A two-letter first segment is read as a country only where the default market has no page of its own:
    // `/ca/women` is the United States' category page (`ca` is also Canada), `/pr/…` its product page.
    if (match.kind === 'catch-all' || match.kind === 'not-found') {
      const country = countryPrefixRedirect(req.path, req.originalUrl);
      if (country) return { redirect: country };
    }
    const locale = match.locale ?? DEFAULT_LOCALE;
    // The legacy v1 legal route: one permanent address per legal page, in the same locale.
    if (match.kind === 'legal-legacy' && 'slug' in match) {
      const target = `/legal/${encodeURIComponent(match.slug)}`;
      return { redirect: match.locale ? `/${match.locale}${target}` : target };
    }
    const knownLocale = match.locale === null || markets.isActiveLocale(match.locale);
    const market = markets.resolve(knownLocale ? locale : DEFAULT_LOCALE);
    let status = 200;
    let data: PageDataLike;
    try {
      if (!knownLocale) throw new AppError('ERR_API_1002', `Unknown locale prefix ${match.locale}.`);
      const request = pageDataRequest(match, searchOf(req.originalUrl));
      // A page URL without the values its data needs (a campaign page without its cid…) is not found.
      if (request.path === '/ssr/404') status = 404;
      // The handlers read the market from the response (`marketOf`): the page's, from its URL's locale prefix.
      res.locals.market = market;
      data = (await deps.ops.answerOf(request.path, {
        path: request.params.path ?? {},
        query: storableQuery(request.params.query ?? {}),
        req,
        res,
      })) as PageDataLike;
    } catch (err) {
      if (err instanceof AppError && SIGN_IN_NEEDED.has(err.code)) {
        // A guest on an account page signs in, then comes back to it.
        const localePrefix = match.locale ? `/${match.locale}` : '';
        const back = req.originalUrl.slice(localePrefix.length) || '/';
        return { redirect: `${localePrefix}/signin?returnUrl=${encodeURIComponent(back)}`, status: 302 };
      }
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      status = 404;
      data = await pages.notFound(market);
    }
    if (match.kind === 'not-found') status = 404;
    if (match.kind === 'sign-in' && (data as { customerAuthenticated?: boolean }).customerAuthenticated) {
      const back = (data as { returnUrl?: string }).returnUrl ?? '/myaccount';
      return { redirect: pages.localizedPath(market.locale, back), status: 302 };
    }
    if (match.kind === 'product' && 'product' in data) {
      // One URL per product: a wrong or outdated name in the URL redirects to the canonical one.
      const canonicalPath = pages.localizedPath(market.locale, (data as { product: { url: string } }).product.url);
      if (canonicalPath !== req.path) return { redirect: canonicalPath };
    }
    if (match.kind === 'store-detail' && 'store' in data) {
      // One URL per boutique: an outdated name in the URL redirects to the boutique's current one.
      const canonicalPath = (data as { store: { url: string } }).store.url;
      if (canonicalPath !== req.path) return { redirect: canonicalPath };
    }
    const { appHtml, bootstrap, modules, head } = await entry.render({
      url: req.originalUrl,
      data,
      brandName: pages.brandName,
      house: config.brand,
    });
    const html = documentBytes(await template(req.originalUrl), {
      data,
      appHtml,
      bootstrap,
      house: config.brand,
      preload: preloadLinks(manifest, modules),
      modules: pageModules(manifest, modules),
      fonts: fontPreloadLinks(manifest, htmlLang(market.locale)),
      head,
    });
    return { status, html, language: htmlLang(market.locale) };
  }

  /** The not-found page (404) of an odd path, in the language of its locale prefix when it has one. */
  async function notFoundPage(path: string): Promise<Rendered> {
    const entry = await loadEntry();
    const { locale } = entry.matchPage(path);
    const known = locale !== null && markets.isActiveLocale(locale);
    const market = markets.resolve(known ? locale : DEFAULT_LOCALE);
    const data = await pages.notFound(market);
    // Rendered at the not-found page's own address: the odd path is never parsed as a URL.
    const url = known ? `/${locale}/404` : '/404';
    const { appHtml, bootstrap, modules } = await entry.render({
      url,
      data,
      brandName: pages.brandName,
      house: config.brand,
    });
    const html = documentBytes(await template(url), {
      data,
      appHtml,
      bootstrap,
      house: config.brand,
      preload: preloadLinks(manifest, modules),
      modules: pageModules(manifest, modules),
      fonts: fontPreloadLinks(manifest, htmlLang(market.locale)),
    });
    return { status: 404, html, language: htmlLang(market.locale) };
  }

  /**
   * Spec §9: a bare two-letter value is a country. `/de/...` is Germany's default locale (`/de-de/...`),
   * `/jp/` is `/ja-jp/`; a market served by another site (China) goes there. Other paths: null.
   */
  function countryPrefixRedirect(path: string, originalUrl: string): string | null {
    const m = /^\/([a-z]{2})(\/.*)?$/.exec(path);
    if (!m?.[1]) return null;
    const entry = markets.countries().find((c) => c.country === m[1]!.toUpperCase());
    if (!entry) return null;
    if (entry.urlOverride) return entry.urlOverride;
    if (!entry.defaultLocale) return null;
    const rest = m[2] ?? '/';
    const query = originalUrl.includes('?') ? originalUrl.slice(originalUrl.indexOf('?')) : '';
    return pages.localizedPath(entry.defaultLocale, rest) + query;
  }
}

/** The query string of a URL, with its `?` (empty without one). */
function searchOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
}

/**
 * A page's data query without the values the database cannot store (U+0000, a lone surrogate): such a value is
 * ignored like any malformed one, and the page renders as without it (`/search?q=%00` is the search page with no
 * query). Over HTTP the contract's validator refuses them; in-process nothing else would.
 */
function storableQuery(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string') {
      if (isStorableText(value)) out[name] = value;
    } else if (value && typeof value === 'object') {
      out[name] = Object.fromEntries(
        Object.entries(value).filter(([key, v]) => isStorableText(key) && (typeof v !== 'string' || isStorableText(v))),
      );
    } else out[name] = value;
  }
  return out;
}
