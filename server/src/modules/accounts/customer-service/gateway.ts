import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express, Request, Response } from 'express';
import {
  createCustomerServiceClient,
  CustomerServiceError,
  settle,
  type CustomerServiceClient,
} from '@storefront/openapi/customer-service-client';
import { isErrorCode } from '@storefront/openapi/errors';
import { AppError, type Issue } from '../../../shared/errors.ts';
import type { SessionService } from '../../sessions/index.ts';

/** The customer service as one request's code sees it: calls bound to its browser session, cookies relayed back. */
export interface CustomerServiceCaller {
  client(extraHeaders?: Record<string, string>): CustomerServiceClient;
  call<T>(call: Promise<{ data?: T; error?: unknown; response: globalThis.Response }>): Promise<T | null>;
}

/**
 * The storefront's door to the customer service API: the generated, typed client (`openapi/src/
 * customer-service-client.ts`) over HTTP. By default this process serves the customer service itself on a
 * loopback port (`listenLoopback`); `CUSTOMER_SERVICE_URL` points it elsewhere.
 *
 * A call forwards the browser's session (one session for both APIs: the storefront's `sid` is sent as the
 * service's `cs_sid`), the client's IP address (`X-Forwarded-For`, trusted from loopback only) and the request
 * id, and brings back a rotated session cookie. A problem answered by the service becomes the same
 * catalogue error here.
 */
export class CustomerServiceGateway {
  private baseUrl: string | undefined;
  private server: Server | undefined;

  constructor(
    private readonly sessions: SessionService,
    configuredUrl?: string,
  ) {
    this.baseUrl = configuredUrl;
  }

  /** Serves `app` on 127.0.0.1 (an ephemeral port) for the storefront's own calls, unless a URL is configured. */
  async listenLoopback(app: Express, basePath: string): Promise<void> {
    if (this.baseUrl) return;
    const server = createServer(app);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // Exclusive: in a cluster worker, port 0 would otherwise be one port shared by every worker through the primary.
      server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => resolve());
    });
    server.unref();
    this.server = server;
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${basePath}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** `client` and `call` bound to one request, for services that take no Express objects. */
  boundTo(req: Request, res: Response): CustomerServiceCaller {
    return { client: (extraHeaders) => this.client(req, res, extraHeaders), call: (call) => this.call(res, call) };
  }

  /**
   * A client bound to this request's browser session and client address. A session the service created or
   * rotated during this request (a cookie relayed by `call`) is the one sent by later calls.
   */
  client(req: Request, res: Response, extraHeaders: Record<string, string> = {}): CustomerServiceClient {
    if (!this.baseUrl) throw new AppError('ERR_API_1015', 'The customer service is not reachable.');
    const headers: Record<string, string> = { ...extraHeaders, 'X-Forwarded-For': req.ip ?? '' };
    const token =
      (res.locals.sessionToken as string | undefined) ??
      (res.locals.sessionCleared ? undefined : this.sessions.tokenOf(req));
    if (token) headers.Cookie = `${this.sessions.serviceCookieName}=${token}`;
    if (req.id) headers['X-Request-Id'] = String(req.id);
    return createCustomerServiceClient({ baseUrl: this.baseUrl, headers, credentials: 'omit' });
  }

  /**
   * Runs one call: answers its data (null for 204), relays a rotated or cleared session cookie to the
   * browser, and turns the service's problems into catalogue errors.
   */
  async call<T>(
    res: Response,
    call: Promise<{ data?: T; error?: unknown; response: globalThis.Response }>,
  ): Promise<T | null> {
    try {
      const { data, response } = await settle(call);
      this.relayCookie(res, response);
      return data;
    } catch (err) {
      if (err instanceof CustomerServiceError) {
        const body = (err.body ?? {}) as { code?: unknown; detail?: unknown; errors?: Issue[] };
        if (err.code && isErrorCode(err.code) && err.code !== 'API_UNKNOWN_ERROR') {
          // "No readable cookie" is the service's own distinction; the storefront says "not signed in".
          const code = err.code === 'ERR_HLP_1000' ? 'ERR_API_1020' : err.code;
          const error = new AppError(
            code,
            typeof body.detail === 'string' ? body.detail : undefined,
            Array.isArray(body.errors) ? body.errors : undefined,
          );
          const retryAfter = Number(err.headers?.get('retry-after'));
          if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfterSeconds = retryAfter;
          throw error;
        }
        throw new AppError('ERR_API_1015', `The customer service answered ${err.status}.`);
      }
      throw err;
    }
  }

  private relayCookie(res: Response, response: globalThis.Response): void {
    for (const line of response.headers.getSetCookie()) {
      const match = new RegExp(`^${this.sessions.serviceCookieName}=([^;]*)`).exec(line);
      if (!match) continue;
      const token = match[1] ? decodeURIComponent(match[1]) : '';
      if (token) {
        this.sessions.setCookie(res, token);
        res.locals.sessionToken = token;
      } else {
        this.sessions.clearCookie(res);
        res.locals.sessionToken = undefined;
        res.locals.sessionCleared = true;
      }
    }
  }
}
