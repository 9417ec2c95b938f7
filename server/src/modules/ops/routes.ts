import type { DatabaseHandle } from '../../db/database.ts';
import { databaseUnavailable, DATABASE_RETRY_AFTER_SECONDS } from '../../db/availability.ts';
import { AppError } from '../../shared/errors.ts';
import type { OperationRegistry } from '../../shared/operations.ts';

export interface Readiness {
  /** False while starting and once shutdown begins: load balancers stop sending traffic. */
  ready: boolean;
}

/** How long `/readyz` waits for the database unless told otherwise (READINESS_TIMEOUT_MS). */
export const READINESS_TIMEOUT_MS = 1_000;

export function opsRoutes(
  ops: OperationRegistry,
  database: DatabaseHandle,
  state: Readiness,
  pingTimeoutMs = READINESS_TIMEOUT_MS,
): void {
  ops.handle('getHealth', {
    run: ({ res }) => {
      res.set('Cache-Control', 'no-store');
      return { status: 'ok' };
    },
  });
  ops.handle('getReadiness', {
    run: async ({ res }) => {
      res.set('Cache-Control', 'no-store');
      if (!state.ready) {
        const error = new AppError('ERR_API_1003', 'The server is not accepting traffic.');
        error.retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
        throw error;
      }
      try {
        // Its own short limit: a probe must answer within its period even when the database never does.
        await database.ping(pingTimeoutMs);
      } catch (err) {
        throw databaseUnavailable(err, 'The database does not answer.');
      }
      // Shutdown may have begun while the database answered: a probe answered after the signal says 503.
      if (!state.ready) throw new AppError('ERR_API_1003', 'The server is not accepting traffic.');
      return { status: 'ok', checks: { database: database.kind } };
    },
  });
}
