import type { Request, RequestHandler } from 'express';
import { AppError, type ErrorCode } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { sameSecret } from '../../shared/same-secret.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import type { ContentService } from './service.ts';

type CacheName = Schemas['CacheBustCache'];
/** Every cache a bust of `all` names. */
export const BUSTABLE_CACHES = [
  'page-data',
  'catalog',
  'navigation',
  'content',
  'markets',
  'sitemaps',
] as const satisfies readonly Exclude<CacheName, 'all'>[];

/** `a,b` or `['a','b']` (the validator may or may not have split a form, explode=false list). */
function listOf(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  const items = Array.isArray(value) ? value.flatMap((v) => String(v).split(',')) : String(value).split(',');
  return items.filter(Boolean);
}

/**
 * A handler whose unexpected failures (database, programming errors) answer the operation's
 * "content service failed" code instead of a bare 500; catalogue errors pass through.
 */
function failsAs<I extends { req: Request }, T>(code: ErrorCode, run: (input: I) => Promise<T>) {
  return async (input: I): Promise<T> => {
    try {
      return await run(input);
    } catch (err) {
      if (err instanceof AppError) throw err;
      input.req.log?.error({ err }, `content source failed (${code})`);
      throw new AppError(code, err instanceof Error ? err.message : undefined);
    }
  };
}

export function contentRoutes(
  ops: OperationRegistry,
  content: ContentService,
  markets: MarketService,
  internal: {
    token: string | undefined;
    /** Empties the caches here and on every other instance; answers the entries removed here (`InvalidationBus.invalidate`). */
    invalidate: (invalidation: {
      caches: string[];
      keys?: string[] | undefined;
      locales?: string[] | undefined;
      reason: string;
    }) => Promise<{ cache: string; entriesRemoved: number }[]>;
  },
): void {
  const publicCache: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'public, max-age=60');
    next();
  };

  ops.handle('getContentPage', {
    use: [publicCache],
    run: failsAs('ERR_PAG_API_1002', async ({ query, req, res }) => {
      const tags = listOf(query.currentContextTags);
      // Page content is only fetched with context tags (spec §4); the contract requires them too.
      if (!tags?.length) throw new AppError('ERR_PAG_API_1000', 'currentContextTags is required.');
      return content.page(marketOf(req, res, markets), {
        pageId: query.pageId,
        tags,
        globalPageId: query.globalPageId,
        parentPageId: query.parentPageId,
        navigationLinksPrefix: query.pageNavigationLinksPrefix,
      });
    }),
  });

  ops.handle('getCmsComponent', {
    use: [publicCache],
    run: failsAs('ERR_CPN_API_1001', async ({ query, req, res }) => {
      const tags = listOf(query.currentContextTags);
      if (!tags?.length) throw new AppError('ERR_PAG_API_1000', 'currentContextTags is required.');
      return content.component(marketOf(req, res, markets), query.componentId, tags);
    }),
  });

  ops.handle('getGenericContent', {
    use: [publicCache],
    run: failsAs('ERR_CTT_API_1004', ({ query, req, res }) =>
      content.generic(marketOf(req, res, markets), query.contentId),
    ),
  });

  ops.handle('getAccordionsByTagSubjectId', {
    use: [publicCache],
    run: failsAs('ERR_CTT_API_1001', ({ query, req, res }) =>
      content.accordions(marketOf(req, res, markets), query.tagSubjectId),
    ),
  });

  ops.handle('getEvents', {
    use: [publicCache],
    run: failsAs('ERR_API_1027', ({ query, req, res }) =>
      content.events(marketOf(req, res, markets), {
        themes: listOf(query.themes),
        locations: listOf(query.locations),
        eventType: query.eventType,
        page: query.page,
      }),
    ),
  });

  ops.handle('bustCache', {
    run: async ({ body, req, res }) => {
      if (!sameSecret(req.get('x-internal-token'), internal.token)) {
        throw new AppError('ERR_LIB_1002', 'X-Internal-Token is missing or is not the cache-buster token.');
      }
      const names: Exclude<CacheName, 'all'>[] = body.caches.includes('all')
        ? [...BUSTABLE_CACHES]
        : body.caches.filter((c): c is Exclude<CacheName, 'all'> => c !== 'all');
      if (body.keys?.length && body.caches.length > 1) {
        throw new AppError('ERR_API_1018', '`keys` narrows a single cache: name only one in `caches`.', [
          { path: 'body/keys', message: 'needs a single cache' },
        ]);
      }
      // Emptied here at once, and on every other instance through the invalidation bus (docs/scaling.md).
      const removed = await internal.invalidate({
        caches: names,
        keys: body.keys,
        locales: body.locales,
        reason: 'bust',
      });
      const caches = removed.map((r) => ({
        cache: r.cache as Exclude<CacheName, 'all'>,
        entriesRemoved: r.entriesRemoved,
      }));
      res.set('Cache-Control', 'no-store');
      return { bustedAt: new Date().toISOString(), caches };
    },
  });
}
