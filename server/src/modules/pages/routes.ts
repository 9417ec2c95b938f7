import type { Request, RequestHandler, Response } from 'express';
import type { MarketService } from '../markets/index.ts';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import {
  ready,
  type HandlerInput,
  type OperationId,
  type OperationRegistry,
  type ReadyAnswer,
  type ResponseOf,
} from '../../shared/operations.ts';
import type { PageDataService } from './service.ts';

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
 * A page's data, typed by its operation and sent as a prepared body (`ready()`): data from a page-cache entry is
 * answered again before the Express stack while the entry lives. Unexpected failures of a page's sources
 * answer ERR_DATA_1000 (502) naming them; catalogue errors pass through.
 */
function dataHandler<Id extends OperationId>(
  load: (input: HandlerInput<Id>) => Promise<ResponseOf<Id>>,
  pages: PageDataService,
) {
  return async (input: HandlerInput<Id>): Promise<ReadyAnswer<ResponseOf<Id>>> => {
    const { req } = input;
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
    return ready(body as ResponseOf<Id>, pages.holdOn(body));
  };
}

export function pageDataRoutes(ops: OperationRegistry, pages: PageDataService, markets: MarketService): void {
  const pageData = <Id extends OperationId>(load: (input: HandlerInput<Id>) => Promise<ResponseOf<Id>>) =>
    dataHandler(load, pages);
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
