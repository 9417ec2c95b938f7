import type { Logger } from 'pino';
import { AppError } from '../shared/errors.ts';

/** What a client is told to wait (`Retry-After`) when the database does not answer. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket failures of a connection to PostgreSQL (refused, reset, unreachable, unknown host). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** `pg` and `pg-pool` errors of a connection that is gone or never came (they carry no SQLSTATE). */
const LOST =
  /^(Connection terminated|timeout expired|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/;

/**
 * SQLSTATEs of a server that cannot serve now: connection exceptions (class 08), `admin_shutdown`,
 * `crash_shutdown`, `cannot_connect_now` (starting, recovering), `query_canceled` (the statement timeout),
 * `idle_in_transaction_session_timeout`, `too_many_connections`.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|57014|25P03|53300)$/;

/**
 * Whether the connection that raised `err` is unusable: the pool must close it rather than lend it again.
 * A socket failure, a connection `pg` gave up on, or a FATAL answer (the server closes the connection after it:
 * a terminated backend, a shutdown, an idle transaction timed out).
 */
export function isConnectionLost(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const { code, severity } = err as { code?: unknown; severity?: unknown };
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
  return typeof code !== 'string' && LOST.test(err.message);
}

/** Whether `err` (or its cause) says that the database does not answer, rather than that a statement is wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AppError) return e.code === 'ERR_API_1003';
    const code = (e as { code?: unknown }).code;
    // Not every FATAL: a refused password or a missing database is a configuration to fix, not to wait out.
    if (typeof code === 'string' ? SOCKET_CODES.has(code) || UNAVAILABLE_STATES.test(code) : LOST.test(e.message))
      return true;
  }
  return false;
}

/** The catalogue error a shopper gets when the database does not answer: 503 ERR_API_1003 with `Retry-After`. */
export function databaseUnavailable(
  cause: unknown,
  detail = 'The database does not answer. Try again in a moment.',
): AppError {
  if (cause instanceof AppError && cause.code === 'ERR_API_1003') return cause;
  const error = new AppError('ERR_API_1003', detail);
  error.retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  Object.defineProperty(error, 'cause', { value: cause, enumerable: false, configurable: true, writable: true });
  return error;
}

/** `work`, or ERR_API_1003 once `ms` have passed without its answer (the work itself goes on, unwatched). */
export function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(databaseUnavailable(new Error(`${what}: no answer within ${ms} ms`))), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The reason of a database failure in one line (the message of the innermost cause), for logs without a stack. */
export function reasonOf(err: unknown): string {
  let e = err;
  while (e instanceof Error && (e as { cause?: unknown }).cause instanceof Error) e = (e as { cause?: unknown }).cause;
  return e instanceof Error ? e.message || e.name : String(e);
}

/**
 * Runs `attempt` until it gets past the database: while the database does not answer, waits (0.25 s, doubling
 * up to `maxDelayMs`) and tries again. The first failure is logged as one line, without a stack; the
 * recovery too. Any other failure is thrown.
 */
export async function untilDatabaseAnswers<T>(
  attempt: () => Promise<T>,
  logger: Logger,
  maxDelayMs = 5_000,
): Promise<T> {
  for (let tries = 1, delay = 250; ; tries++, delay = Math.min(delay * 2, maxDelayMs)) {
    try {
      const result = await attempt();
      if (tries > 1) logger.warn({ attempts: tries }, 'database answers: the storefront starts');
      return result;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      if (tries === 1)
        logger.error(
          { code: 'ERR_API_1003', reason: reasonOf(err) },
          'database unreachable at start: answering 503 and connecting again until it answers',
        );
      else logger.debug({ attempts: tries, reason: reasonOf(err) }, 'database still unreachable');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
