// The contract validator finds a request's operation by compiling each documented path into a regular expression
// (path-to-regexp), in turn, until one matches: on every request, again. On the storefront's contract (about 120
// paths, 3 µs a compilation) that was a tenth of the CPU of a product page data request. The compiled expressions
// depend only on the path and two flags, so the validator's copy of path-to-regexp is given a memory of them.
import { createRequire } from 'node:module';
import type { NextFunction, Request, Response } from 'express';

type Compiled = { regexp: RegExp; keys: { name: string }[] };
type PathToRegexp = (path: unknown, options?: Record<string, unknown>) => Compiled;

/** More than any contract has paths: beyond it (paths that are not a contract's), nothing more is kept. */
const MAX_KEPT = 2_000;

let installed = false;

/**
 * Makes the `pathToRegexp` the validator calls remember what it compiled, for a path given as text with no
 * options but `sensitive` and `strict` (the validator's call); any other call compiles as before. The expressions
 * are not global (no `g` or `y` flag: `exec` keeps no state), so one can serve every request. Once per process.
 */
export function rememberRouteRegexps(): void {
  if (installed) return;
  installed = true;
  const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const library = fromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp };
  const compile = library.pathToRegexp;
  // By flags (sensitive, strict), then by path: no key is made per call.
  const kept = [0, 1, 2, 3].map(() => new Map<string, Compiled>());
  let size = 0;
  library.pathToRegexp = (path, options) => {
    if (typeof path !== 'string') return compile(path, options);
    for (const k in options) if (k !== 'sensitive' && k !== 'strict') return compile(path, options);
    const byPath = kept[(options?.sensitive ? 2 : 0) + (options?.strict ? 1 : 0)] as Map<string, Compiled>;
    let found = byPath.get(path);
    if (!found) {
      found = compile(path, options);
      if (size < MAX_KEPT && !found.regexp.global && !found.regexp.sticky) {
        byPath.set(path, found);
        size++;
      }
    }
    return found;
  };
}

/** The parts of the validator's `OpenApiContext` its operation lookup reads. */
interface ValidatorContext {
  expressRouteMap: Record<string, { basePath: string; _openApiRoute: string; _expressRoute: string }>;
  openApiRouteMap: Record<string, Record<string, unknown>>;
  apiDoc: { paths: Record<string, Record<string, unknown>> };
  useRequestUrl: boolean;
  ignoreUndocumented: boolean;
  serial: number;
  shouldIgnoreRoute(path: string): boolean;
  isManagedRoute(path: string): boolean;
}
type ErrorClass = new (o: { path: string; message: string; headers?: Record<string, string> }) => Error;
type Middleware = (req: Request, res: Response, next: NextFunction) => void;

let lookupInstalled = false;

/**
 * Gives the validator an operation lookup that does per request only what depends on the request. The library's
 * (`applyOpenApiMetadata`, express-openapi-validator 5.6) lists the contract's routes again (`Object.entries`),
 * and for each route, before trying it, reads both its schemas, asks the app for two settings and makes an
 * options object: on the storefront's contract, about 120 routes, that was 3 % of an autocomplete's CPU and 8 % of
 * what it allocated. This one keeps the routes' list once per validator, tries the same expressions in the same
 * order (the remembered ones above), and reads the schemas of the route that matched; what it answers — the
 * matched operation on `req.openapi`, the path parameters, 405 on another method, 404 under a base
 * path, 400 on a malformed escape — is the library's, with its error classes. Once per process, before the
 * validators are made.
 */
export function quickerOperationLookup(): void {
  if (lookupInstalled) return;
  lookupInstalled = true;
  rememberRouteRegexps();
  const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const metadata = fromValidator('./middlewares/openapi.metadata') as {
    applyOpenApiMetadata: (context: ValidatorContext, responseApiDoc: unknown) => Middleware;
  };
  const { pathToRegexp } = fromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp };
  const errors = fromValidator('./framework/types') as Record<
    'MethodNotAllowed' | 'NotFound' | 'BadRequest',
    ErrorClass
  >;
  const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

  metadata.applyOpenApiMetadata = (context, responseApiDoc) => {
    const responses = responseApiDoc as ValidatorContext['apiDoc'] | null | undefined;
    const routes = Object.entries(context.expressRouteMap).map(([expressRoute, methods]) => ({
      expressRoute,
      openApiRoute: methods._openApiRoute,
      pathKey: methods._openApiRoute.substring(methods.basePath.length),
    }));
    const candidates = candidatesByFirstSegment(routes);
    return (req, _res, next) => {
      const path = req.path.startsWith(req.baseUrl) ? req.path : `${req.baseUrl}/${req.path}`;
      if (context.shouldIgnoreRoute(path)) return next();
      const url = context.useRequestUrl ? req.url : req.originalUrl;
      const q = url.indexOf('?');
      const requested = q === -1 ? url : url.slice(0, q);
      const options = {
        sensitive: !!req.app.enabled('case sensitive routing'),
        strict: !!req.app.enabled('strict routing'),
      };
      const method = req.method.toLowerCase();
      for (const route of candidates(requested)) {
        const compiled = pathToRegexp(route.expressRoute, options);
        const found = compiled.regexp.exec(requested);
        if (!found) continue;
        const pathParams: Record<string, string> = {};
        try {
          compiled.keys.forEach((k, i) => (pathParams[k.name] = decodeURIComponent(found[i + 1] as string)));
        } catch {
          throw new errors.BadRequest({ path: req.path, message: `malformed uri'` });
        }
        const schema = context.apiDoc.paths[route.pathKey]?.[method];
        if (!schema) {
          if (context.ignoreUndocumented) return next();
          throw new errors.MethodNotAllowed({
            path: req.path,
            message: `${req.method} method not allowed`,
            headers: {
              Allow: Object.keys(context.openApiRouteMap[route.openApiRoute] ?? {})
                .filter((key) => HTTP_METHODS.has(key.toLowerCase()))
                .join(', '),
            },
          });
        }
        const openapi: Record<string, unknown> = {
          expressRoute: route.expressRoute,
          openApiRoute: route.openApiRoute,
          pathParams,
          schema,
          serial: context.serial,
        };
        if (responses) openapi._responseSchema = responses.paths[route.pathKey]?.[method];
        (req as Request & { openapi?: unknown }).openapi = openapi;
        req.params = pathParams;
        return next();
      }
      if (context.isManagedRoute(path) && !context.ignoreUndocumented)
        throw new errors.NotFound({ path: req.path, message: 'not found' });
      next();
    };
  };
}

/** A path's first segment, as routes are grouped by it: lower case (a superset under case-sensitive routing). */
const firstSegment = (path: string) => {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
};

/**
 * The routes a path can match, by its first segment, in the contract's order: those whose first segment is that
 * text, and those whose first segment is not plain text (a parameter, a pattern), which may match anything. A
 * route whose first segment is plain text matches no path whose first segment differs, so trying only these finds
 * the same first match as trying every route — the storefront's ~120 routes come down to the few of `/ssr`, `/api`…
 */
export function candidatesByFirstSegment<R extends { expressRoute: string }>(
  routes: readonly R[],
): (path: string) => R[] {
  const plain = (segment: string) => /^[A-Za-z0-9._~-]*$/.test(segment);
  const isOpen = (r: R) => !r.expressRoute.startsWith('/') || !plain(firstSegment(r.expressRoute));
  const open = routes.filter(isOpen);
  const bySegment = new Map<string, R[]>();
  for (const segment of new Set(routes.filter((r) => !isOpen(r)).map((r) => firstSegment(r.expressRoute))))
    bySegment.set(
      segment,
      routes.filter((r) => isOpen(r) || firstSegment(r.expressRoute) === segment),
    );
  return (path) => (path.startsWith('/') ? bySegment.get(firstSegment(path)) : undefined) ?? open;
}
