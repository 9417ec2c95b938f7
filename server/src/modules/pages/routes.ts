import type { Request, RequestHandler, Response } from 'express';
import type { MarketService } from '../markets/index.ts';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import type { HandlerInput, OperationId, OperationRegistry, ResponseOf } from '../../shared/operations.ts';
import { PreparedBody, sendPrepared } from '../../shared/prepared-body.ts';
import type { ReadyAnswers } from '../../shared/ready-answers.ts';
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

const list = (v: string | undefined) => (v ? v.split(',') : undefined);
/** The page's `filters[key]=a|b` object (deepObject) as the spec §3 filter string `key:a|b,...`. */
const filterString = (v: Record<string, unknown> | undefined) =>
  v && typeof v === 'object'
    ? Object.entries(v)
        .filter(([, value]) => typeof value === 'string' && value !== '')
        .map(([key, value]) => `${key}:${String(value)}`)
        .join(',') || undefined
    : undefined;

/**
 * A page's data, typed by its operation and sent as a prepared body. Unexpected failures of a page's sources
 * answer ERR_DATA_1000 (502) naming them; catalogue errors pass through.
 */
function dataHandler<Id extends OperationId>(
  load: (input: HandlerInput<Id>) => Promise<ResponseOf<Id>>,
  validateResponses: boolean,
  keep: ((req: Request, res: Response, body: PreparedBody, data: unknown) => void) | undefined,
) {
  return async (input: HandlerInput<Id>): Promise<void> => {
    const { req, res } = input;
    let body: unknown;
    try {
      body = await load(input);
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
    else {
      const prepared = preparedJson(body);
      await sendPrepared(req, res, prepared);
      // Data from a page-cache entry is answered again before the Express stack while the entry lives.
      keep?.(req, res, prepared, body);
    }
  };
}

export function pageDataRoutes(
  ops: OperationRegistry,
  pages: PageDataService,
  markets: MarketService,
  options: { validateResponses?: boolean; readyAnswers?: ReadyAnswers } = {},
): void {
  const { readyAnswers } = options;
  const keep = readyAnswers?.enabled
    ? (req: Request, res: Response, body: PreparedBody, data: unknown) =>
        readyAnswers.keep(req, res, body, pages.holdOn(data))
    : undefined;
  const pageData = <Id extends OperationId>(load: (input: HandlerInput<Id>) => Promise<ResponseOf<Id>>) =>
    dataHandler(load, options.validateResponses ?? false, keep);
  // Page data is public: a CDN may keep it a minute.
  const publicCache: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'public, max-age=60');
    next();
  };
  const m = ({ req, res }: { req: Request; res: Response }) => marketOf(req, res, markets);
  const use = [publicCache];

  ops.handle('getHomePageData', {
    use,
    run: pageData(async (input) => pages.home(m(input))),
  });
  ops.handle('getCategoryPageData', {
    use,
    run: pageData(async (input) =>
      pages.category(m(input), input.path.slug, input.query.sort, input.query.page, input.query.filters || undefined),
    ),
  });
  ops.handle('getProductPageData', {
    use,
    run: pageData(async (input) => pages.product(m(input), input.path.pid)),
  });
  ops.handle('getNotFoundPageData', {
    use,
    run: pageData(async (input) => pages.notFound(m(input))),
  });
  ops.handle('getContentPageData', {
    use,
    run: pageData(async (input) => pages.contentPage(m(input), input.path.slug)),
  });
  ops.handle('getLegalPageData', {
    use,
    run: pageData(async (input) => pages.legal(m(input), input.path.slug)),
  });
  ops.handle('getCatchAllPageData', {
    use,
    run: pageData(async (input) => pages.catchAll(m(input), input.path.slug)),
  });
  ops.handle('getFaqPageData', {
    use,
    run: pageData(async (input) => pages.faq(m(input))),
  });
  ops.handle('getClientServicePageData', {
    use,
    run: pageData(async (input) => pages.clientService(m(input))),
  });
  ops.handle('getMarketingPageData', {
    use,
    run: pageData(async (input) =>
      pages.marketing(m(input), input.query.cid, input.query.cat || undefined, input.query.pid || undefined),
    ),
  });
  ops.handle('getCollectionsPageData', {
    use,
    run: pageData(async (input) => pages.collectionsLanding(m(input))),
  });
  ops.handle('getCollectionPageData', {
    use,
    run: pageData(async (input) => pages.collection(m(input), input.path.slug)),
  });
  ops.handle('getCollectionItemsPageData', {
    use,
    run: pageData(async (input) =>
      pages.collectionItems(m(input), input.path.slug, input.query.sort, input.query.page),
    ),
  });
  ops.handle('getCollectionLooksPageData', {
    use,
    run: pageData(async (input) => pages.collectionLooks(m(input), input.path.slug, input.query.page)),
  });
  ops.handle('getLookPageData', {
    use,
    run: pageData(async (input) => pages.look(m(input), input.path.slug)),
  });
  ops.handle('getSearchPageData', {
    use,
    run: pageData(async (input) =>
      pages.searchPage(m(input), {
        q: input.query.q || undefined,
        filters: filterString(input.query.filters),
        sort: input.query.sort,
        page: input.query.page,
      }),
    ),
  });
  ops.handle('getRiveDroitePageData', {
    use,
    run: pageData(async (input) => pages.riveDroite(m(input))),
  });
  ops.handle('getRiveDroiteContentPageData', {
    use,
    run: pageData(async (input) => pages.riveDroiteContent(m(input), input.path.slug)),
  });
  ops.handle('getRiveDroiteCategoryPageData', {
    use,
    run: pageData(async (input) =>
      pages.riveDroiteCategory(m(input), input.path.slug, input.query.sort, input.query.page),
    ),
  });
  ops.handle('getRiveDroiteCalendarPageData', {
    use,
    run: pageData(async (input) =>
      pages.riveDroiteCalendar(m(input), input.path.slug, list(input.query.themes), list(input.query.locations)),
    ),
  });
}
