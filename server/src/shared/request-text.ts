import type { Request, RequestHandler } from 'express';
import { errorCatalogue } from '@storefront/openapi/errors';
import { AppError, type ErrorCode, type Issue } from './errors.ts';

/**
 * Text the database cannot store. PostgreSQL refuses U+0000 in any text (`22021 invalid byte sequence`)
 * and in JSONB (`22P05 unsupported Unicode escape sequence`); a lone surrogate (`\ud800` in JSON) is not
 * Unicode at all: turned into U+FFFD on the way to a text column, refused in JSONB (`22P02`).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function unstorableReason(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode (no lone surrogate)';
  return undefined;
}

/** True when a string can be stored and shown as it is. */
export const isStorableText = (value: string) => unstorableReason(value) === undefined;

/** Every string of a parsed query or JSON body (keys too) the database cannot store, by location. Iterative: a deeply nested body does not overflow the stack. */
export function unstorableIssues(root: unknown, location: string): Issue[] {
  const issues: Issue[] = [];
  const stack: [unknown, string][] = [[root, location]];
  while (stack.length && issues.length < 20) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const reason = unstorableReason(value);
      if (reason) issues.push({ path, message: reason });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}/${i}`]);
    } else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value as Record<string, unknown>).reverse()) {
        const reason = unstorableReason(key);
        if (reason) issues.push({ path: `${path}/${JSON.stringify(key).slice(1, -1)}`, message: `name ${reason}` });
        else stack.push([v, `${path}/${key}`]);
      }
    }
  }
  return issues;
}

/** The request's path, decoded; undefined when its percent-encoding is malformed. */
function decodedPath(req: Request): string | undefined {
  try {
    return decodeURIComponent(req.path);
  } catch {
    return undefined;
  }
}

/** Query parameters whose name or value is not valid percent-encoded UTF-8 (`q=%ZZ`, `q=%ED%A0%80`). */
function malformedQuery(url: string): Issue[] {
  const at = url.indexOf('?');
  if (at < 0) return [];
  const issues: Issue[] = [];
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return undefined;
    }
  };
  for (const pair of url.slice(at + 1).split('&')) {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const name = decode(rawName);
    if (name === undefined || (eq >= 0 && decode(pair.slice(eq + 1)) === undefined)) {
      issues.push({ path: `query/${name ?? rawName}`, message: 'must be percent-encoded UTF-8' });
    }
  }
  return issues;
}

/**
 * Refuses an API request whose path, query or JSON body carries text the database cannot store, or whose
 * query is not valid percent-encoded UTF-8 (which the query parser would otherwise keep as typed), with 400
 * before any service runs, so nothing is written: ERR_API_1018 naming each field, or the field's own
 * catalogue code when the contract gives it one with status 400 (a `pid` answers ERR_API_1009 as for any
 * other malformed pid). Mounted after the contract validators, whose codes for malformed values come first.
 */
export function refuseUnstorableText(codesByLocation: Map<string, ErrorCode>): RequestHandler {
  return (req, _res, next) => {
    const openapi = (req as { openapi?: { schema?: { operationId?: string }; pathParams?: Record<string, unknown> } })
      .openapi;
    const path = decodedPath(req);
    const issues = [
      ...(openapi?.pathParams
        ? unstorableIssues(openapi.pathParams, 'path')
        : path !== undefined && !isStorableText(path)
          ? [{ path: 'path', message: unstorableReason(path)! }]
          : []),
      ...malformedQuery(req.originalUrl),
      ...unstorableIssues(req.query, 'query'),
      ...(req.body !== undefined ? unstorableIssues(req.body, 'body') : []),
    ];
    if (!issues.length) return next();
    const operationId = openapi?.schema?.operationId;
    const own = (issuePath: string) => {
      const parts = issuePath.split('/');
      return (
        codesByLocation.get(`${operationId} ${parts.slice(0, 2).join('/')}`) ??
        codesByLocation.get(`${operationId} ${parts[0]}`)
      );
    };
    const code =
      issues.map((i) => own(i.path)).find((c): c is ErrorCode => !!c && errorCatalogue[c].status === 400) ??
      'ERR_API_1018';
    next(new AppError(code, issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues));
  };
}
