import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { OperationRegistry } from '../../shared/operations.ts';

export interface Readiness {
  /** False while starting and once shutdown begins: load balancers stop sending traffic. */
  ready: boolean;
}

export function opsRoutes(ops: OperationRegistry, database: DatabaseHandle, state: Readiness): void {
  ops.on('getHealth', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  ops.on('getReadiness', async (_req, res) => {
    if (!state.ready) throw new AppError('ERR_API_1003', 'The server is not accepting traffic.');
    try {
      await database.ping();
    } catch {
      throw new AppError('ERR_API_1003', 'The database does not answer.');
    }
    // Shutdown may have begun while the database answered: a probe answered after the signal says 503.
    if (!state.ready) throw new AppError('ERR_API_1003', 'The server is not accepting traffic.');
    res.set('Cache-Control', 'no-store').json({ status: 'ok', checks: { database: database.kind } });
  });
}
