import type { IncomingMessage, RequestListener } from 'node:http';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/availability.ts';
import { CONTRACT_PATHS } from '../../shared/contract.ts';
import { unavailablePage } from '../../shared/error-handler.ts';
import { AppError, problemOf } from '../../shared/errors.ts';
import { NOTICE_CSP } from '../../shared/notice-page.ts';

/** A browser's page load of a storefront page (not an API call): it reads a page, not a problem. */
function isPageLoad(req: IncomingMessage, path: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (CONTRACT_PATHS.test(path) || /^\/customer-service(\/|$)/i.test(path)) return false;
  const mode = req.headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  return /text\/html/.test(req.headers.accept ?? '');
}

/**
 * What the server answers while it waits for its database at start (before the app exists): the liveness
 * probe 200 (the process is alive; restarting it would not bring the database), everything else — readiness
 * included — 503 ERR_API_1003 with `Retry-After`, so load balancers keep traffic away and nothing hangs. A
 * shopper's page load reads the short "momentarily unavailable" page in its language, which reloads by itself.
 */
export function startingHandler(): RequestListener {
  const error = new AppError('ERR_API_1003', 'The storefront is starting: its database does not answer yet.');
  error.retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  const problem = JSON.stringify(problemOf(error));
  return (req, res) => {
    const head = req.method === 'HEAD';
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(head ? undefined : JSON.stringify({ status: 'ok' }));
      return;
    }
    const common = { 'cache-control': 'no-store', 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) };
    if (isPageLoad(req, path)) {
      const page = unavailablePage({ path, acceptLanguage: req.headers['accept-language'] }, error);
      res.writeHead(503, {
        ...common,
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': NOTICE_CSP,
      });
      res.end(head ? undefined : page);
      return;
    }
    res.writeHead(503, { ...common, 'content-type': 'application/problem+json; charset=utf-8' });
    res.end(head ? undefined : problem);
  };
}
