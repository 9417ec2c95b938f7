import { Router } from 'express';
import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';

export interface Readiness {
  /** False while starting and once shutdown begins: load balancers stop sending traffic. */
  ready: boolean;
}

export function opsRoutes(database: DatabaseHandle, state: Readiness): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (!state.ready) throw new AppError('ERR_API_1003', 'The server is not accepting traffic.');
    try {
      await database.ping();
    } catch {
      throw new AppError('ERR_API_1003', 'The database does not answer.');
    }
    res.set('Cache-Control', 'no-store').json({ status: 'ok', checks: { database: database.kind } });
  });
  return router;
}
