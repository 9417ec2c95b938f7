import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError, problemOf, type ErrorCode, type Issue } from './errors.ts';
import { databaseUnavailable, isDatabaseUnavailable, reasonOf } from '../db/availability.ts';

interface ValidatorError {
  status?: number;
  path?: string;
  errors?: { path?: string; message?: string }[];
  type?: string;
}

/** Turns contract-validator and body-parser failures into catalogue errors. */
export function toAppError(err: unknown, codesByLocation: Map<string, ErrorCode>, operationId?: string): AppError | undefined {
  if (err instanceof AppError) return err;
  // The database does not answer (no connection, a lost one, a statement past its timeout): 503 with Retry-After.
  if (isDatabaseUnavailable(err)) return databaseUnavailable(err);
  const e = err as ValidatorError;
  if (!e || typeof e !== 'object') return undefined;
  if (e.type === 'entity.parse.failed') return new AppError('ERR_API_1018', 'The body is not valid JSON.');
  if (e.type === 'entity.too.large') return new AppError('ERR_API_1018', 'The body is too large.');
  if (e.status === 404 && Array.isArray(e.errors)) return new AppError('ERR_API_1002', `No route ${e.path ?? ''}.`);
  if (e.status === 405 && Array.isArray(e.errors)) return new AppError('ERR_LIB_1000', 'This method is not allowed on this route.');
  if ((e.status === 400 || e.status === 415) && Array.isArray(e.errors)) {
    const issues: Issue[] = e.errors.map((i) => ({
      // The validator says `.params.pid` / `/query/locale`; the contract says `path/pid` / `query/locale`.
      path: (i.path ?? '').replace(/^[./]/, '').replace(/\./g, '/').replace(/^params\//, 'path/'),
      message: i.message ?? 'is invalid',
    }));
    // The most specific code wins: the first issue whose location has its own catalogue code.
    const codeAt = (path: string) => {
      const parts = path.split('/');
      return codesByLocation.get(`${operationId} ${parts.slice(0, 2).join('/')}`) ?? codesByLocation.get(`${operationId} ${parts[0]}`);
    };
    // A missing property takes the code of its location if it has one of its own (`x-missing-error-code`),
    // else the code of the property itself (`body/email` of a newsletter subscription: ERR_NWS_API_1000).
    const missingCode = (i: Issue) => {
      if (!i.message.startsWith('must have required property')) return undefined;
      const property = /'([^']+)'/.exec(i.message)?.[1];
      if (property) {
        const own = codesByLocation.get(`${operationId} ${i.path}/${property} missing`);
        if (own) return own;
      }
      return codesByLocation.get(`${operationId} ${i.path} missing`) ?? (property ? codesByLocation.get(`${operationId} ${i.path}/${property}`) : undefined);
    };
    // An undocumented property is always the generic ERR_API_1018, whatever its location's own code.
    const undocumented = (i: Issue) => i.message.startsWith('must NOT have additional properties');
    const located = issues.map((i) => (undocumented(i) ? undefined : (missingCode(i) ?? codeAt(i.path)))).find(Boolean);
    const detail = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    return new AppError(located ?? 'ERR_API_1018', detail, issues);
  }
  return undefined;
}

export function problemHandler(logger: Logger, codesByLocation: Map<string, ErrorCode>): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const operationId = (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId;
    const appError = toAppError(err, codesByLocation, operationId);
    const requestId = String(req.id ?? '');
    const cause = appError?.code === 'ERR_API_1003' ? (appError as { cause?: unknown }).cause : undefined;
    if (cause !== undefined) {
      // One line, no stack: during an outage every request fails alike, and the stack says nothing more.
      (req.log ?? logger).warn({ code: 'ERR_API_1003', reason: reasonOf(cause) }, 'database unavailable');
    } else if (!appError || appError.status >= 500) {
      (req.log ?? logger).error({ err }, 'request failed');
    }
    const error = appError ?? new AppError('ERR_API_1000');
    if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    res.status(error.status).type('application/problem+json').json(problemOf(error, requestId));
  };
}

/**
 * CSRF defence for state-changing calls (spec: secure by default). Browsers send Fetch Metadata:
 * anything but a same-origin request is refused; older browsers are checked on the Origin header.
 * The session cookie is also SameSite=Lax, so cross-site POSTs carry no session anyway.
 */
export function sameOriginGuard(): RequestHandler {
  return (req, _res, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
    const refused = crossSiteRefusal(req);
    next(refused);
  };
}

/** ERR_API_1001 when a request comes from another site (Fetch Metadata, else the Origin header). */
export function crossSiteRefusal(req: Request): AppError | undefined {
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') {
    return new AppError('ERR_API_1001', 'Cross-site requests are not allowed.');
  }
  const origin = req.get('origin');
  if (!site && origin) {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host !== req.get('host')) return new AppError('ERR_API_1001', 'Cross-origin requests are not allowed.');
  }
  return undefined;
}
