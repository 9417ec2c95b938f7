// The mock front: what `npm run mock` and `npm run dev:mock` listen with. Every request first goes through the
// server's own request checks (server/src/shared/request-checks.ts: body parser, contract validators, query
// shapes, unstorable text) and its problem handler, so an invalid request gets exactly the server's answer
// (status, code, detail, errors). A valid one is handed to Prism, which answers from the contract's examples.
//
// Sessions: Prism only checks that a security cookie is present and sends `Set-Cookie: string` from the schema.
// The front answers a sign-in (`login`, `completeSignInCallback`, `csLogin`, `csAuthn`) with the server's own
// session cookies (`sid`, `cs_sid`) and a sign-out (`csLogout`) by clearing them, so the account pages answer
// 200 after signing in and 401 (sign-in page) before it and after signing out.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import express, { type Express, type Request, type Response } from 'express';
import cookieParser from 'cookie-parser';
import type { Logger } from 'pino';
import { BUNDLED_CONTRACT_PATH, CUSTOMER_SERVICE_CONTRACT_PATH, loadContract } from '../server/src/shared/contract.ts';
import { contractChecks, jsonBody, requestIdOf } from '../server/src/shared/request-checks.ts';
import { problemHandler, sameOriginGuard } from '../server/src/shared/error-handler.ts';
import { createLogger } from '../server/src/shared/logger.ts';
import { SessionService } from '../server/src/modules/sessions/index.ts';

/** Operations after whose success the shopper is signed in, and the one that signs out. */
export const SIGN_IN_OPERATIONS: ReadonlySet<string> = new Set([
  'login',
  'completeSignInCallback',
  'csLogin',
  'csAuthn',
]);
export const SIGN_OUT_OPERATIONS: ReadonlySet<string> = new Set(['csLogout']);

/** Headers of Prism's answer that are not passed on (hop-by-hop, its own CORS, its schema-made cookie). */
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  'access-control-allow-origin',
  'access-control-allow-headers',
  'access-control-allow-credentials',
  'access-control-expose-headers',
]);

export interface MockFrontOptions {
  /** Prism serving the storefront contract, e.g. `http://127.0.0.1:34310`. */
  storefront: string;
  /** Prism serving the customer service contract (its paths without the base path). */
  customerService?: string | undefined;
  logger?: Logger;
}

export interface MockFront {
  /** The front: both APIs, the customer service under its base path (`/customer-service/v1`) as on the server. */
  app: Express;
  /** The customer service alone, its paths without the base path (what Prism serves): for MOCK_PORT+1. */
  customerServiceAtRoot: (req: IncomingMessage, res: ServerResponse) => void;
  customerBase: string | undefined;
}

export function createMockFront({
  storefront,
  customerService,
  logger = createLogger('silent'),
}: MockFrontOptions): MockFront {
  const contract = loadContract(BUNDLED_CONTRACT_PATH);
  const customerContract =
    customerService && existsSync(CUSTOMER_SERVICE_CONTRACT_PATH)
      ? loadContract(CUSTOMER_SERVICE_CONTRACT_PATH)
      : undefined;
  const checks = contractChecks({ contract, customerContract, validateResponses: false });
  // Only its cookie names and attributes are used (setCookie/clearCookie never reach the database).
  const sessions = new SessionService(undefined as never, false);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'extended');
  app.use((req, res, next) => {
    (req as { id?: string }).id = requestIdOf(req, res);
    next();
  });
  app.use(cookieParser());
  app.use(jsonBody());
  app.use(sameOriginGuard());
  app.use(checks.handler);
  app.use((req, res, next) => {
    const toCustomerService = checks.isCustomerServicePath(req.path);
    if (toCustomerService && !customerService) return next();
    const target = new URL(toCustomerService ? customerService! : storefront);
    const path = toCustomerService ? req.originalUrl.slice(checks.customerBase!.length) || '/' : req.originalUrl;
    forward(target, path.startsWith('/') ? path : `/${path}`, req, res, sessions).catch(next);
  });
  app.use(problemHandler(logger, checks.codesByLocation));

  const base = checks.customerBase;
  const customerServiceAtRoot = (req: IncomingMessage, res: ServerResponse) => {
    if (base) req.url = `${base}${req.url === '/' ? '' : (req.url ?? '')}`;
    app(req, res);
  };
  return { app, customerServiceAtRoot, customerBase: base };
}

function operationOf(req: Request): string | undefined {
  return (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId;
}

/** Sends the (valid) request to Prism and its answer back; a parsed JSON body is sent again as JSON. */
function forward(target: URL, path: string, req: Request, res: Response, sessions: SessionService): Promise<void> {
  const headers: IncomingHttpHeaders = { ...req.headers, host: target.host };
  delete headers['content-length'];
  delete headers['transfer-encoding'];
  delete headers['content-encoding'];
  delete headers.connection;
  let body: Buffer | undefined;
  // Express 5 leaves `req.body` undefined unless the JSON parser read one.
  if (req.body !== undefined) {
    body = Buffer.from(JSON.stringify(req.body));
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(body.length);
  }
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path, headers },
      (answer) => {
        const status = answer.statusCode ?? 502;
        for (const [name, value] of Object.entries(answer.headers)) {
          // Prism fills a header it has no example for with its schema's type name (`Cache-Control: string`).
          if (value !== undefined && value !== 'string' && !DROPPED.has(name)) res.setHeader(name, value);
        }
        const operation = operationOf(req);
        if (status >= 200 && status < 300 && operation) {
          if (SIGN_IN_OPERATIONS.has(operation)) sessions.setCookie(res, randomBytes(16).toString('base64url'));
          else if (SIGN_OUT_OPERATIONS.has(operation)) sessions.clearCookie(res);
        }
        res.status(status);
        answer.pipe(res);
        answer.on('end', () => resolve());
        answer.on('error', reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}
