import express, { type RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import * as OpenApiValidator from 'express-openapi-validator';
import { CONTRACT_PATHS, basePathOf, errorCodesByLocation } from './contract.ts';
import { boundedContentType, requestMediaTypes } from './content-type.ts';
import { queryShapes, queryShapesOf } from './query-shapes.ts';
import { refuseUnstorableText } from './request-text.ts';
import { quickerOperationLookup } from './route-regexps.ts';
import type { ErrorCode } from './errors.ts';

type Json = Record<string, unknown>;

/**
 * Everything that decides whether a request is valid before a module route runs: the JSON body parser, the
 * contract validators and the checks around them. The server mounts it (`app.ts`); so does the mock front of
 * `npm run mock` (`mocks/front.ts`), which answers an invalid request exactly as the server does and hands a
 * valid one to Prism. A refusal reaches the next error handler (`problemHandler`) as an error.
 */

/** The request id: a caller's `X-Request-Id` when it is a short token, otherwise a new UUID; echoed in the answer. */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * JSON bodies of the methods that carry one in the contracts (POST, PUT, PATCH): at most 32 KB (413
 * ERR_API_1029), UTF-8/16/32, identity or gzip/deflate/br (415 ERR_API_1030). Other methods' bodies are
 * never read, so a GET with a body answers as without one.
 */
export function jsonBody(): RequestHandler {
  const json = express.json({ limit: '32kb', type: ['application/json', 'application/*+json'] });
  return (req, res, next) =>
    req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH' ? json(req, res, next) : next();
}

export interface ContractChecks {
  /** Catalogue codes of parameters and body properties (`x-error-code`), both APIs, for the problem handler. */
  codesByLocation: Map<string, ErrorCode>;
  /** The customer service API's base path (`/customer-service/v1`), when its contract is there. */
  customerBase: string | undefined;
  /** A path of the customer service API, compared case-insensitively as Express routes. */
  isCustomerServicePath: (path: string) => boolean;
  /** Content-Type bounding, query shapes, both validators, then text the database cannot store. */
  handler: RequestHandler;
}

export function contractChecks({
  contract,
  customerContract,
  validateResponses,
}: {
  contract: Json;
  customerContract?: Json | undefined;
  validateResponses: boolean;
}): ContractChecks {
  const customerBase = customerContract ? basePathOf(customerContract) : undefined;
  const codesByLocation = errorCodesByLocation(contract);
  if (customerContract) for (const [k, v] of errorCodesByLocation(customerContract)) codesByLocation.set(k, v);
  /** `/CUSTOMER-SERVICE/V1/...` once reached the handlers unvalidated. */
  const isCustomerServicePath = (path: string) => {
    const p = path.toLowerCase();
    const base = customerBase?.toLowerCase();
    return !!base && (p === base || p.startsWith(`${base}/`));
  };

  // Requests always validated against the contract; responses too when asked (outside production).
  // Each validator gets the contract already parsed (it clones it), not its path: it would parse the YAML again;
  // and only the parts it validates against (`validationView`), which it prepares in a fraction of the time.
  type ApiSpec = Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'];
  // It finds each request's operation by compiling the contract's paths again, and listing them again: they are
  // compiled once, listed once (shared/route-regexps.ts).
  quickerOperationLookup();
  const validator = (apiSpec: Json, ignorePaths?: (path: string) => boolean) =>
    OpenApiValidator.middleware({
      apiSpec: validationView(apiSpec, { responses: validateResponses }) as unknown as ApiSpec,
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: true, removeAdditional: false },
      validateResponses: validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      validateApiSpec: false,
      ignoreUndocumented: false,
      ...(ignorePaths ? { ignorePaths } : {}),
    });

  const checks = express.Router();
  const contracts = customerContract ? [contract, customerContract] : [contract];
  // The validators cache their compiled schemas by Content-Type: only a bounded set of values reaches them.
  checks.use(boundedContentType(requestMediaTypes(...contracts)));
  // Query values the validator would let through to a crash (`tags[a]=1`, `pageSize=1e400`) reach it as refusable text.
  checks.use(queryShapes(queryShapesOf(...contracts)));
  checks.use(validator(contract, (path) => !CONTRACT_PATHS.test(path)));
  if (customerContract && customerBase) {
    // A validator runs all its steps on every request it sees (its ignorePaths only skips the first),
    // so the customer service validator sits behind a router that only its own paths reach.
    const customerValidation = express.Router();
    customerValidation.use(validator(customerContract));
    checks.use((req, res, next) => (isCustomerServicePath(req.path) ? customerValidation(req, res, next) : next()));
  }
  // Text the database cannot store (U+0000, lone surrogates) in the path, query or body: 400 before any
  // service runs, so nothing is written (the validators' own codes for malformed values come first).
  const refuseText = refuseUnstorableText(codesByLocation);
  checks.use((req, res, next) =>
    CONTRACT_PATHS.test(req.path) || isCustomerServicePath(req.path) ? refuseText(req, res, next) : next(),
  );

  return { codesByLocation, customerBase, isCustomerServicePath, handler: checks };
}

const mapValues = (o: unknown, f: (v: Json) => Json): Json =>
  Object.fromEntries(Object.entries((o ?? {}) as Record<string, Json>).map(([k, v]) => [k, f(v)]));
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The contract as a validator needs it: without its examples (the portal's and the mocks', which validation
 * never reads), and without its responses unless they are validated too. The validator walks and bundles
 * every part of what it is given before the first request: on the storefront's contract that was most of a
 * second of every start, for responses production never validates. Nothing else changes: the same paths,
 * parameters, request bodies and schemas. The contract given is not modified.
 */
export function validationView(contract: Json, { responses }: { responses: boolean }): Json {
  const withoutExamples = <T extends Json>(o: T): T => {
    const { example: _e, examples: _es, ...rest } = o;
    return rest as T;
  };
  const content = (c: unknown) =>
    c && typeof c === 'object'
      ? Object.fromEntries(
          Object.entries(c as Record<string, Json>).map(([type, media]) => [type, withoutExamples(media)]),
        )
      : c;
  const parameter = (p: Json) =>
    '$ref' in p ? p : withoutExamples({ ...p, ...(p.content ? { content: content(p.content) } : {}) });
  const body = (b: Json) => ('$ref' in b ? b : { ...b, ...(b.content ? { content: content(b.content) } : {}) });
  const response = body;
  const operation = (op: Json): Json => ({
    ...op,
    ...(Array.isArray(op.parameters) ? { parameters: (op.parameters as Json[]).map(parameter) } : {}),
    ...(op.requestBody ? { requestBody: body(op.requestBody as Json) } : {}),
    responses: responses ? mapValues(op.responses, response) : { default: { description: 'not validated' } },
  });
  const paths = Object.fromEntries(
    Object.entries((contract.paths ?? {}) as Record<string, Json>).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([key, value]) => [
          key,
          METHODS.includes(key)
            ? operation(value as Json)
            : key === 'parameters'
              ? (value as Json[]).map(parameter)
              : value,
        ]),
      ),
    ]),
  );
  const {
    examples: _examples,
    responses: componentResponses,
    parameters: componentParameters,
    requestBodies,
    ...components
  } = (contract.components ?? {}) as Json;
  return {
    ...contract,
    paths,
    components: {
      ...components,
      ...(componentParameters ? { parameters: mapValues(componentParameters, parameter) } : {}),
      ...(requestBodies ? { requestBodies: mapValues(requestBodies, body) } : {}),
      ...(responses && componentResponses ? { responses: mapValues(componentResponses, response) } : {}),
    },
  };
}
