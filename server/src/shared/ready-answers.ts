import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { CacheHold } from './ttl-cache.ts';
import { compressible, encodingOf, type PreparedBody } from './prepared-body.ts';

/**
 * At most this many URLs are kept. Each is its headers (about 1 KB) and weak references: the bytes stay the
 * page cache's. 2,500 is one per entry the two caches it follows can hold (page data 2,000, rendered pages 500),
 * so a site's hot pages fit; URLs that name one cache entry in several ways (`?locale=fr-fr&page=1` and without
 * `page`) share the room, the oldest kept going first.
 */
const READY_ANSWERS_MAX = 2_500;
/**
 * At most this many bytes of answers kept by their own hold (`CacheHold.retains`: search results, which no cache
 * holds), the oldest of them going first: 16 MB is about 1,500 autocompletes of six hits, or 400 result pages
 * with their facets. Their compressed forms, once made, are smaller still.
 */
const READY_ANSWERS_RETAINED_BYTES = 16 * 1024 * 1024;

/** An answer's headers made for each request (by the request logging, by Node) or for each encoding. */
const PER_REQUEST = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
const PER_ENCODING = new Set(['content-length', 'content-encoding']);

interface Kept {
  /**
   * Weak when a cache's entry holds the bytes (once it is gone, so is this answer); strong when the hold retains
   * them (`CacheHold.retains`).
   */
  body: { deref(): PreparedBody | undefined };
  /** The bytes held here (a retained answer's), 0 when a cache holds them. */
  retained: number;
  hold: CacheHold;
  /** The answer's headers but the per-request and per-encoding ones, names as sent, in their order. */
  headers: [string, OutgoingHttpHeader][];
  cacheControl: unknown;
  /** Answered only to a request that accepts HTML (the page host's own condition). */
  html: boolean;
  /** The metrics label the full path gave (the operation id, or `page`). */
  operation: string;
}

export interface ReadyAnswersOptions {
  enabled: boolean;
  maxEntries?: number;
  /** At most this many bytes of retained answers (`CacheHold.retains`). */
  maxRetainedBytes?: number;
  /** The app is ready (false while starting and once shutting down): otherwise the full path answers. */
  ready: () => boolean;
  /** The full path's request logging middleware: the request id, `X-Request-Id`, the `info` line. */
  logging: RequestHandler;
  /** The metrics label of a request the full path answered, and the counter the answers go to. */
  label: (req: Request) => string;
  observe: (operation: string, method: string, status: number, seconds: number) => void;
}

const noop = () => undefined;
/**
 * A kept answer's key: its URL for GET, `HEAD <url>` for HEAD (a URL has no space). Each method is kept from its
 * own answer: page data, for one, is not documented for HEAD (405 on the full path).
 */
const keyOf = (method: string, url: string) => (method === 'GET' ? url : `${method} ${url}`);

/**
 * Public cached prepared answers, answered again before the Express stack (serve.ts): a URL is kept only once the
 * full path answered it 200 from a page-cache entry with a prepared body and no cookie set (`keep`, called by the
 * code that sent it, or by the operation registry for `ready()` answers), with every header that answer carried;
 * it is answered as long as that entry is the cache's fresh one (`CacheHold`), so a bust, a TTL end or a
 * replacement ends it too. An answer no cache holds (a search) is kept with a hold that retains its bytes and says
 * how long it stands (the catalogue unchanged); those bytes have a bound of their own. The negotiation is the full path's
 * (Express's request and response, `sendPrepared`'s encoding rule); whatever the kept forms cannot answer the same
 * way falls through to the full path. [decision 0197](../../../docs/decisions/0197-ready-answers.md)
 */
export class ReadyAnswers {
  private readonly kept = new Map<string, Kept>();
  private readonly max: number;
  private readonly maxRetained: number;
  /** The bytes of the retained answers kept. */
  private retainedBytes = 0;
  private app: Express | undefined;
  /** Requests answered here (for the tests and the figures). */
  answered = 0;

  constructor(private readonly options: ReadyAnswersOptions) {
    this.max = options.maxEntries ?? READY_ANSWERS_MAX;
    this.maxRetained = options.maxRetainedBytes ?? READY_ANSWERS_RETAINED_BYTES;
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** The app whose request and response prototypes the answers use, as Express's `app.handle` sets them. */
  serveFor(app: Express): void {
    this.app = app;
  }

  get size(): number {
    return this.kept.size;
  }

  clear(): void {
    this.kept.clear();
    this.retainedBytes = 0;
  }

  private drop(url: string): void {
    const kept = this.kept.get(url);
    if (!kept) return;
    this.retainedBytes -= kept.retained;
    this.kept.delete(url);
  }

  /**
   * The body to send for the request when its answer is retained (`CacheHold.retains`): the one kept for its URL
   * when the bytes are the same — its compressed forms already made, so the ready answers can go on answering
   * every encoding — else `body`. An answer computed afresh on each request makes a new body each time.
   */
  sameBody(req: Request, body: PreparedBody): PreparedBody {
    const kept = this.kept.get(keyOf(req.method, req.originalUrl));
    const before = kept?.retained ? kept.body.deref() : undefined;
    return before && before !== body && before.bytes.equals(body.bytes) ? before : body;
  }

  /**
   * Keeps the answer just sent for its URL (as received), when it may be answered again for any request of that
   * URL: GET or HEAD, 200, no cookie set, the app ready, and `hold` on the cache entry the body came from (or,
   * for an answer no cache holds, a hold that retains it and says how long it stands).
   */
  keep(req: Request, res: Response, body: PreparedBody, hold: CacheHold | undefined, html = false): void {
    if (!this.options.enabled || !hold || !this.app || !res.headersSent) return;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || res.statusCode !== 200) return;
    if (res.hasHeader('set-cookie') || !this.options.ready()) return;
    const headers: [string, OutgoingHttpHeader][] = [];
    // Names as set (Node's OutgoingMessage has `getRawHeaderNames`; its types give it to ClientRequest only).
    for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
      const lower = name.toLowerCase();
      const value = res.getHeader(lower);
      if (value !== undefined && !PER_REQUEST.has(lower) && !PER_ENCODING.has(lower)) headers.push([name, value]);
    }
    const url = keyOf(req.method, req.originalUrl);
    this.drop(url);
    const retained = hold.retains ? body.bytes.length : 0;
    this.kept.set(url, {
      body: hold.retains ? { deref: () => body } : new WeakRef(body),
      retained,
      hold,
      headers,
      cacheControl: res.getHeader('cache-control'),
      html,
      operation: this.options.label(req),
    });
    this.retainedBytes += retained;
    if (this.kept.size > this.max) this.drop(this.kept.keys().next().value as string);
    if (this.retainedBytes > this.maxRetained)
      for (const [key, k] of this.kept) {
        if (this.retainedBytes <= this.maxRetained) break;
        if (k.retained) this.drop(key);
      }
  }

  /** Answers the request if a kept answer fits it exactly; false (nothing written) for the full path to answer. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = keyOf(method, req.url ?? '');
    const kept = this.kept.get(url);
    const app = this.app;
    if (!kept || !app || !this.options.ready()) return false;
    const start = process.hrtime.bigint();
    const body = kept.body.deref();
    if (!body) {
      this.drop(url);
      return false;
    }
    const request = req as Request;
    const response = res as Response;
    // What Express's app.handle does before its router (x-powered-by is off).
    request.res = response;
    response.req = request;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    if (!response.locals) response.locals = Object.create(null) as Response['locals'];
    if (kept.html && !request.accepts('html')) return false;
    const encoding = encodingOf(request, body, kept.cacheControl);
    const bytes = encoding ? body.encodedNow(encoding) : body.bytes;
    // A form not made yet, or one the compression middleware would make on the fly (deflate): the full path.
    if (!bytes) return false;
    if (
      !encoding &&
      request.headers['accept-encoding'] &&
      compressible(request, body, kept.cacheControl) &&
      request.acceptsEncodings('deflate') === 'deflate'
    )
      return false;
    if (!kept.hold.hit()) {
      this.drop(url);
      return false;
    }
    this.answered++;
    const { observe } = this.options;
    res.once('finish', () =>
      observe(kept.operation, method, res.statusCode, Number(process.hrtime.bigint() - start) / 1e9),
    );
    this.options.logging(request, response, noop);
    for (const [name, value] of kept.headers) res.setHeader(name, value);
    res.statusCode = 200;
    if (request.fresh) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', bytes.length);
    res.end(method === 'HEAD' ? undefined : bytes);
    return true;
  }
}
