import type { RequestListener } from 'node:http';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/availability.ts';
import { AppError, problemOf } from '../../shared/errors.ts';

/**
 * What the server answers while it waits for its database at start (before the app exists): the liveness
 * probe 200 (the process is alive; restarting it would not bring the database), everything else — readiness
 * included — 503 ERR_API_1003 with `Retry-After`, so load balancers keep traffic away and nothing hangs.
 */
export function startingHandler(): RequestListener {
  const problem = JSON.stringify(problemOf(new AppError('ERR_API_1003', 'The storefront is starting: its database does not answer yet.')));
  return (req, res) => {
    const head = req.method === 'HEAD';
    if ((req.url ?? '').split('?')[0] === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(head ? undefined : JSON.stringify({ status: 'ok' }));
      return;
    }
    res.writeHead(503, { 'content-type': 'application/problem+json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
    res.end(head ? undefined : problem);
  };
}
