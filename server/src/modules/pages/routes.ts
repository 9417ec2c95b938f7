import type { Request, RequestHandler, Response } from 'express';
import type { MarketService } from '../markets/index.ts';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import { PreparedBody, sendPrepared } from '../../shared/prepared-body.ts';
import type { PageDataService } from './service.ts';

/**
 * The JSON of a page's data, by the data object: a page served from the page-data cache is the same object
 * each time, so it is serialised, hashed and compressed once per cache entry rather than on every request.
 * Held weakly, the JSON goes with its entry.
 */
const prepared = new WeakMap<object, PreparedBody>();
function preparedJson(body: unknown): PreparedBody {
  if (typeof body !== 'object' || body === null) return PreparedBody.json(body);
  let out = prepared.get(body);
  if (!out) prepared.set(body, (out = PreparedBody.json(body)));
  return out;
}

const list = (v: unknown) => (typeof v === 'string' && v !== '' ? v.split(',') : undefined);
const optional = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
/** The page's `filters[key]=a|b` object (deepObject) as the spec §3 filter string `key:a|b,...`. */
const filterString = (v: unknown) =>
  v && typeof v === 'object'
    ? Object.entries(v as Record<string, unknown>)
        .filter(([, value]) => typeof value === 'string' && value !== '')
        .map(([key, value]) => `${key}:${String(value)}`)
        .join(',') || undefined
    : undefined;

/** Unexpected failures of a page's sources answer ERR_DATA_1000 (502) naming them; catalogue errors pass through. */
function dataHandler(
  handler: (req: Request, res: Response) => Promise<unknown>,
  validateResponses: boolean,
): RequestHandler {
  return async (req, res) => {
    let body: unknown;
    try {
      body = await handler(req, res);
    } catch (err) {
      if (err instanceof AppError) throw err;
      req.log?.error({ err }, 'page data source failed');
      throw new AppError(
        'ERR_DATA_1000',
        `A source of the page failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    // Where answers are checked against the contract (outside production) the validator reads `res.json`.
    if (validateResponses) res.json(body);
    else await sendPrepared(req, res, preparedJson(body));
  };
}

export function pageDataRoutes(
  ops: OperationRegistry,
  pages: PageDataService,
  markets: MarketService,
  options: { validateResponses?: boolean } = {},
): void {
  const pageData = (handler: (req: Request, res: Response) => Promise<unknown>) =>
    dataHandler(handler, options.validateResponses ?? false);
  // Page data is public: a CDN may keep it a minute.
  const publicCache: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'public, max-age=60');
    next();
  };
  const m = (req: Request, res: Response) => marketOf(req, res, markets);
  const pageNo = (req: Request) => (req.query.page === undefined ? undefined : Number(req.query.page));

  ops.on(
    'getHomePageData',
    publicCache,
    pageData((req, res) => pages.home(m(req, res))),
  );
  ops.on(
    'getCategoryPageData',
    publicCache,
    pageData((req, res) =>
      pages.category(m(req, res), String(req.params.slug), req.query.sort, pageNo(req), optional(req.query.filters)),
    ),
  );
  ops.on(
    'getProductPageData',
    publicCache,
    pageData((req, res) => pages.product(m(req, res), String(req.params.pid))),
  );
  ops.on(
    'getNotFoundPageData',
    publicCache,
    pageData((req, res) => pages.notFound(m(req, res))),
  );
  ops.on(
    'getContentPageData',
    publicCache,
    pageData((req, res) => pages.contentPage(m(req, res), String(req.params.slug))),
  );
  ops.on(
    'getLegalPageData',
    publicCache,
    pageData((req, res) => pages.legal(m(req, res), String(req.params.slug))),
  );
  ops.on(
    'getCatchAllPageData',
    publicCache,
    pageData((req, res) => pages.catchAll(m(req, res), String(req.params.slug))),
  );
  ops.on(
    'getFaqPageData',
    publicCache,
    pageData((req, res) => pages.faq(m(req, res))),
  );
  ops.on(
    'getClientServicePageData',
    publicCache,
    pageData((req, res) => pages.clientService(m(req, res))),
  );
  ops.on(
    'getMarketingPageData',
    publicCache,
    pageData((req, res) =>
      pages.marketing(m(req, res), String(req.query.cid), optional(req.query.cat), optional(req.query.pid)),
    ),
  );
  ops.on(
    'getCollectionsPageData',
    publicCache,
    pageData((req, res) => pages.collectionsLanding(m(req, res))),
  );
  ops.on(
    'getCollectionPageData',
    publicCache,
    pageData((req, res) => pages.collection(m(req, res), String(req.params.slug))),
  );
  ops.on(
    'getCollectionItemsPageData',
    publicCache,
    pageData((req, res) => pages.collectionItems(m(req, res), String(req.params.slug), req.query.sort, pageNo(req))),
  );
  ops.on(
    'getCollectionLooksPageData',
    publicCache,
    pageData((req, res) => pages.collectionLooks(m(req, res), String(req.params.slug), pageNo(req))),
  );
  ops.on(
    'getLookPageData',
    publicCache,
    pageData((req, res) => pages.look(m(req, res), String(req.params.slug))),
  );
  ops.on(
    'getSearchPageData',
    publicCache,
    pageData((req, res) =>
      pages.searchPage(m(req, res), {
        q: optional(req.query.q),
        filters: filterString(req.query.filters),
        sort: req.query.sort,
        page: pageNo(req),
      }),
    ),
  );
  ops.on(
    'getRiveDroitePageData',
    publicCache,
    pageData((req, res) => pages.riveDroite(m(req, res))),
  );
  ops.on(
    'getRiveDroiteContentPageData',
    publicCache,
    pageData((req, res) => pages.riveDroiteContent(m(req, res), String(req.params.slug))),
  );
  ops.on(
    'getRiveDroiteCategoryPageData',
    publicCache,
    pageData((req, res) => pages.riveDroiteCategory(m(req, res), String(req.params.slug), req.query.sort, pageNo(req))),
  );
  ops.on(
    'getRiveDroiteCalendarPageData',
    publicCache,
    pageData((req, res) =>
      pages.riveDroiteCalendar(m(req, res), String(req.params.slug), list(req.query.themes), list(req.query.locations)),
    ),
  );
}
