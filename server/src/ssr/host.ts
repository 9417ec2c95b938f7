import type { Express, Request, Response, NextFunction } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../shared/config.ts';
import { AppError } from '../shared/errors.ts';
import { isStorableText } from '../shared/request-text.ts';
import type { Market, MarketService } from '../modules/markets/index.ts';
import { DEFAULT_LOCALE } from '../modules/markets/index.ts';
import type { PageDataService } from '../modules/pages/index.ts';
import type { AccountPages, CustomerServiceGateway } from '../modules/accounts/index.ts';
import type { ContactService } from '../modules/contact/index.ts';
import type { OrderPages } from '../modules/orders/index.ts';
import type { NewsletterPages } from '../modules/newsletter/index.ts';
import type { ReturnPages } from '../modules/returns/index.ts';
import type { StorePages } from '../modules/stores/index.ts';
import { documentBytes, htmlLang } from './document.ts';
import { TtlCache } from '../shared/ttl-cache.ts';
import { parseListingFilters, serializeListingFilters, type PageMatch } from '../../../web/src/lib/paths.ts';
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

/**
 * Serves the storefront pages: matches the URL, loads the page's data in-process (the same service
 * as `GET /ssr/...`), renders React to HTML and inlines the data the client hydrates from.
 * Production uses the Vite build in web/dist; development (VITE_DEV=true) uses Vite's dev server with HMR.
 */
/** A module's personal pages: the host hands the request over, the module's page data reads its visitor. */
type PersonalPage<Kind> = (
  kind: Kind,
  req: Request,
  res: Response,
  market: Market,
  query: (name: string) => string | undefined,
) => Promise<unknown>;

/** Codes of a page-data call made without a signed-in customer: the page sends the visitor to sign in. */
const SIGN_IN_NEEDED = new Set(['ERR_API_1020', 'ERR_MWR_1000', 'ERR_HLP_1000']);

export async function mountSsr(
  app: Express,
  deps: {
    config: Config;
    pages: PageDataService;
    markets: MarketService;
    logger: Logger;
    accountPages?: AccountPages;
    /** Binds the account pages' calls of the customer service to the request (its session, its cookies). */
    customerService?: Pick<CustomerServiceGateway, 'boundTo'>;
    contact?: Pick<ContactService, 'pageData'>;
    stores?: Pick<StorePages, 'list' | 'detail'>;
    orders?: { kinds: ReadonlySet<string>; page: PersonalPage<Parameters<OrderPages['page']>[0]> };
    returns?: { kinds: ReadonlySet<string>; page: PersonalPage<Parameters<ReturnPages['page']>[0]> };
    newsletter?: Pick<NewsletterPages, 'confirm'>;
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
      data = await loadPageData(match, req, res, market);
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

  async function loadPageData(
    match: PageMatch,
    req: Request,
    res: Response,
    market: ReturnType<MarketService['resolve']>,
  ): Promise<PageDataLike> {
    // A value the database cannot store (U+0000, a lone surrogate) is ignored like any malformed value:
    // the page renders as without it (`/search?q=%00` is the search page with no query).
    const query = (name: string) => {
      const v = req.query[name];
      return typeof v === 'string' && isStorableText(v) ? v : undefined;
    };
    const sort = () => (typeof req.query.sort === 'string' ? query('sort') : req.query.sort);
    const page = () => {
      const n = Number(req.query.page);
      return Number.isInteger(n) && n >= 1 && n <= 10000 ? n : undefined;
    };
    // Query values are checked as the contract checks them in /ssr/...: a malformed one is ignored.
    const listParam = (name: string) => {
      const v = query(name);
      return v && /^[a-z0-9-]{1,40}(,[a-z0-9-]{1,40}){0,19}$/.test(v) ? v.split(',') : undefined;
    };
    // The listing filter string of the page URL (`color:black|beige,size:38`), rebuilt by the storefront's
    // own rule from the values the contract accepts per key, so a hand-edited URL renders the listing
    // rather than an error.
    const listingFilters = () => {
      const raw = query('filters');
      if (!raw || raw.length > 1000) return undefined;
      return serializeListingFilters(parseListingFilters(raw)) || undefined;
    };
    const slug = 'slug' in match && typeof match.slug === 'string' ? match.slug : '';
    switch (match.kind) {
      case 'home':
        return pages.home(market);
      case 'category':
        return pages.category(market, slug, sort(), page(), listingFilters());
      case 'product':
        return pages.product(market, (match as { pid: string }).pid);
      case 'content':
        return pages.contentPage(market, slug);
      case 'legal':
        return pages.legal(market, slug);
      case 'catch-all':
        return pages.catchAll(market, slug);
      case 'faq':
        return pages.faq(market);
      case 'client-service':
        return pages.clientService(market);
      case 'marketing': {
        const cid = query('cid');
        if (!cid || !/^[A-Za-z0-9_-]{1,64}$/.test(cid))
          throw new AppError('ERR_PAGE_1000', 'A campaign page needs its cid.');
        const cat = query('cat');
        const pid = query('pid');
        return pages.marketing(
          market,
          cid,
          cat && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(cat) ? cat : undefined,
          pid && /^[A-Za-z0-9]{1,32}$/.test(pid) ? pid : undefined,
        );
      }
      case 'rive-droite':
        return pages.riveDroite(market);
      case 'rive-droite-content':
        return pages.riveDroiteContent(market, slug);
      case 'rive-droite-category':
        return pages.riveDroiteCategory(market, slug, sort(), page());
      case 'rive-droite-calendar':
        return pages.riveDroiteCalendar(market, slug, listParam('themes'), listParam('locations'));
      case 'look':
        return pages.look(market, slug);
      case 'collections':
        return pages.collectionsLanding(market);
      case 'collection':
        return pages.collection(market, slug);
      case 'collection-items':
        return pages.collectionItems(market, slug, sort(), page());
      case 'collection-looks':
        return pages.collectionLooks(market, slug, page());
      case 'search': {
        const q = query('q')?.trim().slice(0, 200);
        return pages.searchPage(market, { q: q || undefined, filters: listingFilters(), sort: sort(), page: page() });
      }
    }
    if (match.kind === 'contact' && deps.contact) return deps.contact.pageData(market);
    if (match.kind === 'newsletter-confirm' && deps.newsletter) return deps.newsletter.confirm(market);
    if (match.kind === 'store-list' && deps.stores) return deps.stores.list(market);
    if (match.kind === 'store-detail' && deps.stores)
      return deps.stores.detail(market, (match as { slug: string }).slug);
    if (deps.orders && deps.orders.kinds.has(match.kind))
      return (await deps.orders.page(match.kind as never, req, res, market, query)) as PageDataLike;
    if (deps.returns && deps.returns.kinds.has(match.kind))
      return (await deps.returns.page(match.kind as never, req, res, market, query)) as PageDataLike;
    const account = deps.accountPages;
    if (account && deps.customerService && isPersonalKind(match.kind)) {
      const caller = deps.customerService.boundTo(req, res);
      const param = (name: string, pattern: RegExp) => {
        const v = query(name);
        if (v === undefined || !pattern.test(v)) throw new AppError('ERR_PAGE_1000', `The page needs a valid ${name}.`);
        return v;
      };
      switch (match.kind) {
        case 'sign-in': {
          const back = query('returnUrl');
          return account.signIn(
            caller,
            market,
            back && /^\/(?![/\\])/.test(back) && back.length <= 500 ? back : undefined,
          );
        }
        case 'sign-up':
          return account.signUp(caller, market);
        case 'logout':
          return account.logout(market);
        case 'my-account':
          return account.dashboard(caller, market);
        case 'my-account-information':
          return account.information(caller, market);
        case 'my-account-profile':
          return account.profile(caller, market);
        case 'my-account-address-book':
          return account.addressBook(caller, market);
        case 'my-account-new-address-book':
          return account.addressForm(caller, market, undefined);
        case 'my-account-edit-address-book':
          return account.addressForm(caller, market, param('addressId', /^[A-Za-z0-9_-]{1,64}$/));
        case 'my-account-edit-password':
          return account.editPassword(caller, market);
        case 'my-account-reset-password':
          return account.resetPassword(market, param('token', /^[A-Za-z0-9_-]{20,128}$/));
        case 'my-account-activate':
          return account.activate(market, param('userId', /^00u[A-Za-z0-9]{17}$/));
      }
    }
    throw new AppError('ERR_PAGE_1000', `No page of kind ${match.kind}.`);
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
