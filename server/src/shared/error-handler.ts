import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError, problemOf, type ErrorCode, type Issue } from './errors.ts';
import { isPageLoad, NOTICE_CSP, noticePage } from './notice-page.ts';
import { serverTexts } from '../locales/index.ts';
import { acceptedTextLanguage, textLanguageOf } from './text-language.ts';
import { databaseUnavailable, isDatabaseUnavailable, reasonOf } from '../db/availability.ts';

interface ValidatorError {
  status?: number;
  path?: string;
  errors?: { path?: string; message?: string }[];
  type?: string;
  code?: unknown;
  expose?: boolean;
}

/**
 * PostgreSQL's refusals of a value the request brought (SQLSTATE class 22 data exceptions and 54000
 * program limits: U+0000 in text, an escape JSONB refuses, a number out of range, a tsvector too long…).
 * A safety net behind the request checks: the client's data is at fault, so 400, logged as a warning.
 */
const DATA_REFUSALS = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '54000']);

/** The SQLSTATE of a PostgreSQL refusal of the request's data, on the error or its causes. */
export function databaseRefusal(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && DATA_REFUSALS.has(e.code)) return e.code;
  }
  return undefined;
}

/** Turns contract-validator and body-parser failures into catalogue errors. */
export function toAppError(
  err: unknown,
  codesByLocation: Map<string, ErrorCode>,
  operationId?: string,
): AppError | undefined {
  if (err instanceof AppError) return err;
  // The database does not answer (no connection, a lost one, a statement past its timeout): 503 with Retry-After.
  if (isDatabaseUnavailable(err)) return databaseUnavailable(err);
  const e = err as ValidatorError;
  if (!e || typeof e !== 'object') return undefined;
  // Body parser (body-parser and the decompression it runs) failures.
  if (e.type === 'entity.parse.failed') return new AppError('ERR_API_1018', 'The body is not valid JSON.');
  if (e.type === 'entity.too.large') return new AppError('ERR_API_1029', 'The body is larger than the 32 KB accepted.');
  if (e.type === 'charset.unsupported')
    return new AppError('ERR_API_1030', 'The charset of a JSON body must be a UTF (utf-8 by default).');
  if (e.type === 'encoding.unsupported')
    return new AppError(
      'ERR_API_1030',
      'The Content-Encoding of the body is not supported (identity, gzip, deflate or br).',
    );
  if (e.type === 'request.size.invalid' || e.type === 'request.aborted')
    return new AppError('ERR_API_1018', 'The body does not match its Content-Length.');
  if (e.status === 400 && typeof e.code === 'string' && e.code.startsWith('Z_'))
    return new AppError('ERR_API_1018', 'The body is not encoded as its Content-Encoding says.');
  const refusal = databaseRefusal(err);
  if (refusal) return new AppError('ERR_API_1018', `A value of the request cannot be stored (${refusal}).`);
  if (e.status === 404 && Array.isArray(e.errors)) return new AppError('ERR_API_1002', `No route ${e.path ?? ''}.`);
  if (e.status === 405 && Array.isArray(e.errors))
    return new AppError('ERR_LIB_1000', 'This method is not allowed on this route.');
  // The contract validator: a body of a media type the operation does not take (`text/plain`, a form, XML…).
  if (e.status === 415 && Array.isArray(e.errors))
    return new AppError(
      'ERR_API_1030',
      e.errors
        .map((i) => i.message ?? '')
        .filter(Boolean)
        .join('; ') || undefined,
    );
  if ((e.status === 400 || e.status === 415) && Array.isArray(e.errors)) {
    const issues: Issue[] = e.errors.map((i) => ({
      // The validator says `.params.pid` / `/query/locale`; the contract says `path/pid` / `query/locale`.
      path: (i.path ?? '')
        .replace(/^[./]/, '')
        .replace(/\./g, '/')
        .replace(/^params\//, 'path/'),
      message: i.message ?? 'is invalid',
    }));
    // The most specific code wins: the first issue whose location has its own catalogue code.
    const codeAt = (path: string) => {
      const parts = path.split('/');
      return (
        codesByLocation.get(`${operationId} ${parts.slice(0, 2).join('/')}`) ??
        codesByLocation.get(`${operationId} ${parts[0]}`)
      );
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
      return (
        codesByLocation.get(`${operationId} ${i.path} missing`) ??
        (property ? codesByLocation.get(`${operationId} ${i.path}/${property}`) : undefined)
      );
    };
    // An undocumented property is always the generic ERR_API_1018, whatever its location's own code.
    const undocumented = (i: Issue) => i.message.startsWith('must NOT have additional properties');
    const located = issues.map((i) => (undocumented(i) ? undefined : (missingCode(i) ?? codeAt(i.path)))).find(Boolean);
    const detail = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    return new AppError(located ?? 'ERR_API_1018', detail, issues);
  }
  // Other client errors of Express and its middleware (a malformed percent-encoding in a route parameter,
  // a static file request the file server refuses): the catalogue code of their status.
  if (e.expose === true && typeof e.status === 'number') {
    const byStatus: Record<number, ErrorCode> = {
      400: 'ERR_API_1018',
      404: 'ERR_API_1002',
      413: 'ERR_API_1029',
      415: 'ERR_API_1030',
    };
    const code = byStatus[e.status];
    if (code) return new AppError(code);
  }
  return undefined;
}

/**
 * The last error handler: a catalogue problem (`application/problem+json`). A browser's page load (GET or HEAD
 * of a path `isPage` accepts) that fails on our side (5xx) gets a short page in the shopper's language instead
 * (`notice-page.ts`: no script, its own policy; a 503 reloads by itself after a while), never JSON it cannot read.
 */
export function problemHandler(
  logger: Logger,
  codesByLocation: Map<string, ErrorCode>,
  isPage: (path: string) => boolean = () => false,
): ErrorRequestHandler {
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
    } else if (databaseRefusal(err)) {
      // A value the request checks let through and the database refused: the request is answered 400,
      // the gap is worth a look.
      (req.log ?? logger).warn({ err }, 'the database refused a value of the request');
    }
    const error = appError ?? new AppError('ERR_API_1000');
    if (error.retryAfterSeconds !== undefined)
      res.set('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    if (error.status >= 500 && (req.method === 'GET' || req.method === 'HEAD') && isPage(req.path) && isPageLoad(req)) {
      res
        .status(error.status)
        .set({ 'Content-Security-Policy': NOTICE_CSP, 'Cache-Control': 'no-store' })
        .type('html')
        .send(unavailablePage({ path: req.path, acceptLanguage: req.get('accept-language') }, error));
      return;
    }
    res.status(error.status).type('application/problem+json').json(problemOf(error, requestId));
  };
}

/** The page a shopper reads when a page fails on our side, in the language of its locale prefix (else Accept-Language). */
export function unavailablePage(
  req: { path: string; acceptLanguage?: string | undefined },
  error: Pick<AppError, 'code' | 'status' | 'retryAfterSeconds'>,
): string {
  const prefix = /^\/([a-z]{2}-[a-z]{2})(\/|$)/i.exec(req.path)?.[1];
  const language = prefix ? textLanguageOf(prefix) : acceptedTextLanguage(req.acceptLanguage);
  // What a shopper reads when the storefront cannot answer a page (its database is away, or it failed): notice.json.
  const texts = serverTexts('notice', language).unavailable;
  // The page's own address, relative: `Try again` reloads it (a path with `//` is never written as a link).
  const here = req.path.startsWith('/') && !req.path.startsWith('//') ? req.path : '/';
  return noticePage({
    language,
    code: error.code,
    title: texts.title,
    body: texts.body,
    link: { href: here, text: texts.retry },
    ...(error.status === 503 ? { refreshSeconds: Math.max(error.retryAfterSeconds ?? 0, 15) } : {}),
  });
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
